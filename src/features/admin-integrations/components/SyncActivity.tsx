import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { formatAdminDate } from '@/lib/format-date';
import { useIsMobile } from '@/lib/use-is-mobile';
import { integrationQueries } from '../api/integrations';
import { platformName, syncCounts } from '../logic/platforms';

type SyncRun = Awaited<ReturnType<NonNullable<ReturnType<typeof integrationQueries.runs>['queryFn']>>>[number];

const runResult = (run: SyncRun) =>
  run.error ??
  syncCounts({
    created: run.created_count,
    updated: run.updated_count,
    cancelled: run.cancelled_count,
    conflicts: run.conflict_count,
    unchanged: run.unchanged_count,
  });

const roomText = (room: { name: string; room_number: string } | null) =>
  room ? `${room.room_number} · ${room.name}` : '';

type Conflict = Awaited<ReturnType<NonNullable<ReturnType<typeof integrationQueries.conflicts>['queryFn']>>>[number];

/** "HTTP 200": the feed's answer (a dash when none came). */
function httpText(run: SyncRun): string {
  const status = run.http_status ?? '–';
  return t`HTTP ${status}`;
}

function conflictText(conflict: Conflict): string {
  const platform = platformName(conflict.channel_feeds?.platform ?? '');
  const room = roomText(conflict.rooms);
  const from = formatAdminDate(conflict.check_in_date);
  const to = formatAdminDate(conflict.check_out_date);
  const event = conflict.summary ?? conflict.event_uid;
  return t`${platform} · ${room} · ${from} – ${to} collides with an existing stay (${event})`;
}

/** Conflicts to resolve (in red) and the last sync runs. */
export function SyncActivity() {
  const runs = useQuery(integrationQueries.runs());
  const conflicts = useQuery(integrationQueries.conflicts());
  const phone = useIsMobile();
  const { i18n } = useLingui();
  const runTime = (run: SyncRun) =>
    `${formatAdminDate(run.started_at)} ${i18n.date(run.started_at, { timeStyle: 'medium' })}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Sync activity</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Imported stays that collide with a booking, and the last 20 calendar fetches</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="conflicts-heading">
          <h3 id="conflicts-heading" className="mb-2 font-semibold">
            <Trans>Conflicts</Trans>
          </h3>
          {conflicts.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : conflicts.data?.length ? (
            <ul className="space-y-2">
              {conflicts.data.map((conflict) => (
                <li
                  key={conflict.id}
                  className="flex items-start gap-2 rounded-md border border-destructive bg-destructive/10 p-2 text-sm text-destructive"
                >
                  <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  <span>{conflictText(conflict)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No conflicts</Trans>
            </p>
          )}
        </section>
        <section aria-labelledby="runs-heading">
          <h3 id="runs-heading" className="mb-2 font-semibold">
            <Trans>Last runs</Trans>
          </h3>
          {runs.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : runs.data?.length && phone ? (
            // on a phone each run is a card: no sideways scrolling, nothing cut
            <ul className="space-y-2" aria-label={t`Last runs`}>
              {runs.data.map((run) => (
                <li key={run.id} className="rounded-md border p-3 text-sm">
                  <p className="flex flex-wrap justify-between gap-x-3 font-medium">
                    <span>{platformName(run.platform)}</span>
                    <span className="font-normal text-muted-foreground">{httpText(run)}</span>
                  </p>
                  <p className="text-muted-foreground">{runTime(run)}</p>
                  {run.rooms && <p>{t`Room ${roomText(run.rooms)}`}</p>}
                  <p className={run.error ? 'mt-1 text-destructive' : 'mt-1'}>{runResult(run)}</p>
                </li>
              ))}
            </ul>
          ) : runs.data?.length ? (
            <div className="overflow-x-auto">
              <DataTable columns={[t`Time`, t`Platform`, t`Room`, 'HTTP', t`Result`]} dense>
                {runs.data.map((run) => (
                  <tr key={run.id} className="border-t">
                    <td className="py-1 pr-3 whitespace-nowrap">{runTime(run)}</td>
                    <td className="py-1 pr-3">{platformName(run.platform)}</td>
                    <td className="py-1 pr-3">{roomText(run.rooms)}</td>
                    <td className="py-1 pr-3">{run.http_status ?? '–'}</td>
                    <td className={run.error ? 'py-1 pr-3 text-destructive' : 'py-1 pr-3'}>{runResult(run)}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No syncs yet</Trans>
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
