import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Loader2, RotateCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { useFormatters } from '@/lib/i18n/format';
import { FunctionCallError } from '@/lib/edge-functions';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { ross1000Queries, useRetryIstatDay, type IstatDay } from '../api/ross1000';
import { TableFrame } from './TableFrame';

/** A time as a receptionist in Rome reads it: "02/12/2026, 09:15". */
function useRomeTime() {
  const { locale } = useFormatters();
  const format = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Rome',
  });
  return (iso: string) => format.format(new Date(iso));
}

function DayStatus({ day }: { day: IstatDay }) {
  const { t } = useLingui();
  const time = useRomeTime();
  if (day.status === 'sent') {
    return (
      <span className="flex flex-col gap-0.5">
        <Badge variant="secondary" className="w-fit">
          <Trans>Sent</Trans>
        </Badge>
        {day.sent_at && <span className="text-xs text-muted-foreground">{t`Accepted on ${time(day.sent_at)}`}</span>}
      </span>
    );
  }
  if (day.status === 'refused') {
    const reasons =
      day.errors.length > 0 ? day.errors : [{ record: '', code: day.error_code ?? '', text: day.error_text ?? '' }];
    return (
      <span className="flex flex-col gap-0.5">
        <Badge variant="destructive" className="w-fit">
          <Trans>Refused</Trans>
        </Badge>
        <ul className="text-xs">
          {reasons.map((reason, index) => (
            <li key={index}>
              {reason.text || reason.code}
              {reason.record && <span className="text-muted-foreground"> ({reason.record})</span>}
            </li>
          ))}
        </ul>
      </span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5">
      <Badge variant="outline" className="w-fit">
        <Trans>Pending</Trans>
      </Badge>
      {day.error_code ? (
        <span className="text-xs text-muted-foreground">
          {day.next_attempt_at
            ? t`Ross1000 did not answer; next try ${time(day.next_attempt_at)}`
            : t`Ross1000 did not answer; it is tried again at the next run`}
        </span>
      ) : (
        <span className="text-xs text-muted-foreground">
          <Trans>Sent once every earlier day is accepted</Trans>
        </span>
      )}
    </span>
  );
}

function RetryButton({ day }: { day: IstatDay }) {
  const { t } = useLingui();
  const { shortDate } = useFormatters();
  const retry = useRetryIstatDay();
  const onRetry = async () => {
    try {
      const outcome = await retry.mutateAsync(day.day);
      if (outcome.sent > 0 && outcome.refused === 0 && !outcome.waiting) {
        toastSuccess(t`Sent to Ross1000`, plural(outcome.sent, { one: '# day accepted.', other: '# days accepted.' }));
      } else if (outcome.refused > 0) {
        toastFailure(t`Refused again`, t`Ross1000 refused a day: see the reason in the list.`);
      } else {
        toastSuccess(t`Retry requested`, t`The day goes at the next run.`);
      }
    } catch (failure) {
      const down = failure instanceof FunctionCallError && failure.status === 503;
      toastFailure(
        t`Not sent`,
        down
          ? t`Ross1000 did not answer. The day waits and is tried again later.`
          : t`The retry could not be requested.`,
        failure,
      );
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      onClick={() => void onRetry()}
      aria-label={t`Send ${shortDate(day.day)} again`}
    >
      {retry.isPending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <RotateCw className="h-4 w-4" aria-hidden="true" />
      )}
      <Trans>Retry</Trans>
    </Button>
  );
}

/** The days sent to Ross1000 (one movement a day): the ones not yet accepted first, then the month's. */
export function Ross1000Days({ month }: { month: string }) {
  const { t } = useLingui();
  const { shortDate } = useFormatters();
  const days = useQuery(ross1000Queries.month(month));
  const unsent = useQuery(ross1000Queries.unsent());
  const first = unsent.data?.[0];
  const firstDay = first ? shortDate(first.day) : '';
  const unsentCount = unsent.data?.length ?? 0;

  return (
    <section className="space-y-3" aria-labelledby="ross1000-days-title" role="region">
      <div>
        <h3 id="ross1000-days-title" className="font-semibold">
          <Trans>Sent to Ross1000</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Each day’s movement (rooms, beds, arrivals and departures, closed days and days with no movement included)
            is sent the day after, in date order: a day goes only once every earlier day is accepted.
          </Trans>
        </p>
      </div>
      {first && (
        <div className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" role="status">
          {first.status === 'refused' ? (
            <Trans>
              {firstDay} was refused by Ross1000; the days after it wait. Fix what the reason names (the guests’
              check-in details), then retry.
            </Trans>
          ) : (
            plural(unsentCount, {
              one: `# day not yet accepted, from ${firstDay}.`,
              other: `# days not yet accepted, from ${firstDay}.`,
            })
          )}
        </div>
      )}
      {days.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : days.isError ? (
        <p className="text-destructive">
          <Trans>Failed to load the Ross1000 days.</Trans>
        </p>
      ) : days.data.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No day of this month sent by the web service.</Trans>
        </p>
      ) : (
        <TableFrame label={t`Days sent to Ross1000`}>
          <DataTable
            columns={[t`Day`, t`Outcome`, t`Arrivals`, t`Departures`, <span className="sr-only">{t`Actions`}</span>]}
          >
            {days.data.map((day) => (
              <tr key={day.day} className="border-t align-top" data-testid="ross1000-day">
                <td className="whitespace-nowrap py-2 pr-3">
                  {shortDate(day.day)}
                  {!day.open && (
                    <span className="block text-xs text-muted-foreground">
                      <Trans>Closed</Trans>
                    </span>
                  )}
                </td>
                <td className="py-2 pr-3">
                  <DayStatus day={day} />
                </td>
                <td className="py-2 pr-3">{day.arrivals}</td>
                <td className="py-2 pr-3">{day.departures}</td>
                <td className="py-2 text-right">{day.status !== 'sent' && <RetryButton day={day} />}</td>
              </tr>
            ))}
          </DataTable>
        </TableFrame>
      )}
    </section>
  );
}
