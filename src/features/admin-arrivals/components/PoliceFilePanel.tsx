import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { dayName, romeTime } from '../logic/days';

/** Today's sender: the browser saves the file; staff upload it on the portal's "Invio File" page. */
const downloadSender: Omit<PoliceFileSender, 'label'> = {
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

/** The police report of a day: the guests checked in, their problems, the file, and "mark as filed". */
export function PoliceFilePanel({ day }: { day: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const shownDay = dayName(day, locale);
  const police = useQuery(arrivalsQueries.police(day));
  const service = useQuery(paperworkQueries.day(day));
  const receipts = useQuery(paperworkQueries.receipts());
  const byService = new Set(service.data?.service_filings ?? []);
  const markFiled = useMarkFiled();
  const [downloaded, setDownloaded] = useState<PoliceFile | null>(null);

  if (police.isPending) return <Skeleton className="h-40 w-full" />;
  if (police.isError)
    return (
      <p className="text-destructive">
        <Trans>Failed to load the police file.</Trans>
      </p>
    );

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
      toastFailure(t`The file could not be written`, (error as Error).message, error);
    }
  };

  const onMarkFiled = async () => {
    if (!downloaded) return;
    try {
      await markFiled.mutateAsync({ day, guestIds: downloaded.guestIds });
      setDownloaded(null);
      const count = downloaded.guestIds.length;
      toastSuccess(
        t`Day marked as filed`,
        plural(count, { one: `# guest reported for ${shownDay}.`, other: `# guests reported for ${shownDay}.` }),
      );
    } catch (error) {
      toastFailure(t`Could not mark the day as filed`, refusalMessage(error) ?? t`Please try again.`, error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Police report (Alloggiati Web) · arrivals of {shownDay}</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Guests checked in that day. With the Alloggiati Web account saved (below), the server sends each guest
            within minutes of check-in; otherwise, or as a fallback, download the file, upload it on the portal (Invio
            File), then mark the day as filed. The deadline is 24 hours after arrival, 6 hours for a stay of one night.
          </Trans>
        </CardDescription>
        {service.data && service.data.due_today > 0 && (
          <p className="text-sm font-medium text-amber-800" data-testid="police-due-today">
            {plural(service.data.due_today, {
              one: '# guest not yet reported, due today.',
              other: '# guests not yet reported, due today.',
            })}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {police.data.guests.length === 0
              ? t`No guest was checked in on this day.`
              : t`Every guest of this day is reported.`}
          </p>
        ) : (
          <ul className="space-y-2" aria-label={t`Guests to report`}>
            {problems.map(({ guest, problems: list }) => (
              <li key={guest.guest_id} className="rounded-md border p-3 text-sm" data-testid="police-guest">
                <p className="font-medium">
                  {[guest.surname, guest.given_names].filter(Boolean).join(' ')} · {guest.reference} · {guest.room_name}
                </p>
                {list.length === 0 ? (
                  <p className="flex items-center gap-1 text-green-800">
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> <Trans>Ready</Trans>
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
            <Download className="h-4 w-4" aria-hidden="true" /> <Trans>Download file</Trans>
          </Button>
          <Button variant="outline" onClick={() => void onMarkFiled()} disabled={!downloaded || markFiled.isPending}>
            {markFiled.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileCheck2 className="h-4 w-4" aria-hidden="true" />
            )}
            <Trans>Mark day as filed</Trans>
          </Button>
        </div>
        {police.data.filings.length > 0 && (
          <ul className="space-y-1 text-sm text-muted-foreground" aria-label={t`Filings`}>
            {police.data.filings.map((filing) => {
              const at = romeTime(filing.filed_at, locale);
              const by = filing.filed_by;
              const guests = plural(filing.guest_count, { one: '# guest', other: '# guests' });
              return (
                <li key={filing.id}>
                  {byService.has(filing.id)
                    ? t`Sent by the web service on ${at} (${guests})`
                    : t`Filed by ${by} on ${at} (${guests})`}
                </li>
              );
            })}
          </ul>
        )}
        {receipts.data && receipts.data.length > 0 && (
          <div className="space-y-1 text-sm">
            <p className="font-medium">
              <Trans>Receipts from Alloggiati Web (kept 5 years)</Trans>
            </p>
            <ul className="flex flex-wrap gap-2" aria-label={t`Receipts`}>
              {receipts.data.map((receipt) => (
                <li key={receipt.day}>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      void openReceipt(receipt.object_path).catch((error: unknown) =>
                        toastFailure(t`The receipt could not be opened`, t`Please try again.`, error),
                      )
                    }
                  >
                    <FileCheck2 className="h-4 w-4" aria-hidden="true" /> {dayName(receipt.day, locale)}
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
