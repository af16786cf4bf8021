import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { downloadText } from '@/lib/download-file';
import { toastSuccess } from '@/lib/toast';
import { useEraseGuestData, useExportGuestData } from '../api/privacy';

/** A guest's request: their data as JSON, or erased at once (never while a stay is ahead). */
export function GuestDataRequest() {
  const [email, setEmail] = useState('');
  const exportData = useExportGuestData();
  const erase = useEraseGuestData();
  const trimmed = email.trim().toLowerCase();

  function onExport(event: FormEvent) {
    event.preventDefault();
    exportData.mutate(trimmed, {
      onSuccess: (data) => {
        downloadText(
          `guest-data-${trimmed.replace(/[^a-z0-9]+/g, '-')}.json`,
          JSON.stringify(data, null, 2),
          'application/json',
        );
        toastSuccess('Guest data exported');
      },
    });
  }
  function onErase() {
    if (!window.confirm(`Erase everything that names ${trimmed}? Their stays stay in the books without a name.`))
      return;
    erase.mutate(trimmed, {
      onSuccess: (result) =>
        toastSuccess(
          'Guest data erased',
          `${result.bookings_anonymised} stay(s) anonymised, ${result.contact_messages_deleted} message(s) deleted.`,
        ),
    });
  }

  return (
    <form
      onSubmit={onExport}
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label="Guest request"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="guest-request-email">Guest&apos;s e-mail</Label>
        <Input
          id="guest-request-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={!trimmed || exportData.isPending}>
        Export as JSON
      </Button>
      <Button type="button" variant="destructive" disabled={!trimmed || erase.isPending} onClick={onErase}>
        Erase now
      </Button>
    </form>
  );
}
