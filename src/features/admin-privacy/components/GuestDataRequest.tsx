import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { downloadText } from '@/lib/download-file';
import { toastSuccess } from '@/lib/toast';
import { useEraseGuestData, useExportGuestData } from '../api/privacy';

/** A guest's request: their data as JSON, or erased at once (never while a stay is ahead). */
export function GuestDataRequest() {
  const { t } = useLingui();
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
        toastSuccess(t`Guest data exported`);
      },
    });
  }
  function onErase() {
    if (!window.confirm(t`Erase everything that names ${trimmed}? Their stays stay in the books without a name.`))
      return;
    erase.mutate(trimmed, {
      onSuccess: (result) =>
        toastSuccess(
          t`Guest data erased`,
          t`${result.bookings_anonymised} stay(s) anonymised, ${result.contact_messages_deleted} message(s) deleted.`,
        ),
    });
  }

  return (
    <form
      onSubmit={onExport}
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label={t`Guest request`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="guest-request-email">{t`Guest's e-mail`}</Label>
        <Input
          id="guest-request-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={!trimmed || exportData.isPending}>
        <Trans>Export as JSON</Trans>
      </Button>
      <Button type="button" variant="destructive" disabled={!trimmed || erase.isPending} onClick={onErase}>
        <Trans>Erase now</Trans>
      </Button>
    </form>
  );
}
