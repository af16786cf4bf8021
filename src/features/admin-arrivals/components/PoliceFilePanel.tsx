import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Download, FileCheck2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { arrivalsQueries, useMarkFiled } from '../api/arrivals';
import { openReceipt, paperworkQueries } from '../api/paperwork';
import { writeAlloggiatiFile, type PoliceFile, type PoliceFileSender } from '@shared/alloggiati';
import { policeProblems, unfiledGuests } from '../logic/arrivals';

/** Today's sender: the browser saves the file; staff upload it on the portal's "Invio File" page. */
const downloadSender: PoliceFileSender = {
  label: 'Download file',
  async send(file: PoliceFile) {
    const url = URL.createObjectURL(new Blob([file.content], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/Rome' });

/** The police report of a day: the guests checked in, their problems, the file, and "mark as filed". */
export function PoliceFilePanel({ day }: { day: string }) {
  const police = useQuery(arrivalsQueries.police(day));
  const service = useQuery(paperworkQueries.day(day));
  const receipts = useQuery(paperworkQueries.receipts());
  const byService = new Set(service.data?.service_filings ?? []);
  const markFiled = useMarkFiled();
  const [downloaded, setDownloaded] = useState<PoliceFile | null>(null);

  if (police.isPending) return <Skeleton className="h-40 w-full" />;
  if (police.isError) return <p className="text-destructive">Failed to load the police file.</p>;

  const pending = unfiledGuests(police.data);
  const problems = pending.map((guest) => ({ guest, problems: policeProblems(guest, pending) }));
  const blocked = problems.filter((p) => p.problems.length > 0);
  const ready = pending.length > 0 && blocked.length === 0;

  const onDownload = async () => {
    try {
      const file = writeAlloggiatiFile(day, pending);
      await downloadSender.send(file);
      setDownloaded(file);
    } catch (error) {
      toastFailure('The file could not be written', (error as Error).message, error);
    }
  };

  const onMarkFiled = async () => {
    if (!downloaded) return;
    try {
      await markFiled.mutateAsync({ day, guestIds: downloaded.guestIds });
      setDownloaded(null);
      toastSuccess('Day marked as filed', `${downloaded.guestIds.length} guests reported for ${day}.`);
    } catch (error) {
      toastFailure('Could not mark the day as filed', refusalMessage(error) ?? 'Please try again.', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Police report (Alloggiati Web) · arrivals of {day}</CardTitle>
        <CardDescription>
          Guests checked in that day. With the Alloggiati Web account saved (below), the server sends each guest within
          minutes of check-in; otherwise, or as a fallback, download the file, upload it on the portal (Invio File),
          then mark the day as filed. The deadline is 24 hours after arrival, 6 hours for a stay of one night.
        </CardDescription>
        {service.data && service.data.due_today > 0 && (
          <p className="text-sm font-medium text-amber-800" data-testid="police-due-today">
            {service.data.due_today} {service.data.due_today === 1 ? 'guest' : 'guests'} not yet reported, due today.
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {police.data.guests.length === 0
              ? 'No guest was checked in on this day.'
              : 'Every guest of this day is reported.'}
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Guests to report">
            {problems.map(({ guest, problems: list }) => (
              <li key={guest.guest_id} className="rounded-md border p-3 text-sm" data-testid="police-guest">
                <p className="font-medium">
                  {[guest.surname, guest.given_names].filter(Boolean).join(' ')} · {guest.reference} · {guest.room_name}
                </p>
                {list.length === 0 ? (
                  <p className="flex items-center gap-1 text-green-800">
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> Ready
                  </p>
                ) : (
                  <ul className="mt-1 space-y-0.5 text-destructive">
                    {list.map((problem) => (
                      <li key={problem} className="flex items-start gap-1">
                        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {problem}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void onDownload()} disabled={!ready}>
            <Download className="h-4 w-4" aria-hidden="true" /> {downloadSender.label}
          </Button>
          <Button variant="outline" onClick={() => void onMarkFiled()} disabled={!downloaded || markFiled.isPending}>
            {markFiled.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileCheck2 className="h-4 w-4" aria-hidden="true" />
            )}
            Mark day as filed
          </Button>
        </div>
        {police.data.filings.length > 0 && (
          <ul className="space-y-1 text-sm text-muted-foreground" aria-label="Filings">
            {police.data.filings.map((filing) => (
              <li key={filing.id}>
                {byService.has(filing.id) ? 'Sent by the web service' : `Filed by ${filing.filed_by}`} on{' '}
                {when(filing.filed_at)} ({filing.guest_count} {filing.guest_count === 1 ? 'guest' : 'guests'})
              </li>
            ))}
          </ul>
        )}
        {receipts.data && receipts.data.length > 0 && (
          <div className="space-y-1 text-sm">
            <p className="font-medium">Receipts from Alloggiati Web (kept 5 years)</p>
            <ul className="flex flex-wrap gap-2" aria-label="Receipts">
              {receipts.data.map((receipt) => (
                <li key={receipt.day}>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      void openReceipt(receipt.object_path).catch((error: unknown) =>
                        toastFailure('The receipt could not be opened', 'Please try again.', error),
                      )
                    }
                  >
                    <FileCheck2 className="h-4 w-4" aria-hidden="true" /> {receipt.day}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
