import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toastSuccess } from '@/lib/toast';
import { dashboardQueries, useResolveDeskAlert } from '../api/dashboard';
import { deskAlertTitle, type DeskAlert } from '../logic/stats';

/** The desk's open alerts (a double booking, a payment not applied, a hold ending, a report due). */
export function DeskAlerts() {
  const { t } = useLingui();
  const alerts = useQuery(dashboardQueries.deskAlerts());
  const count = alerts.data?.length ?? 0;

  return (
    <Card aria-labelledby="desk-alerts-title" data-testid="desk-alerts">
      <CardHeader>
        <CardTitle id="desk-alerts-title" className="flex items-center gap-2 text-lg">
          <AlertTriangle className="h-5 w-5 text-terracotta" aria-hidden="true" />
          <Trans>Alerts</Trans>
          {count > 0 && (
            <span className="rounded-full bg-terracotta px-2 py-0.5 text-xs font-medium text-white">{count}</span>
          )}
        </CardTitle>
        <CardDescription>
          <Trans>What the desk must act on; the host also gets each one by e-mail, once.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isPending ? (
          <div className="space-y-3" aria-label={t`Loading alerts`}>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : alerts.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
            <span className="text-destructive">
              <Trans>The alerts could not be loaded.</Trans>
            </span>
            <Button type="button" size="sm" variant="outline" onClick={() => void alerts.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            <Trans>No open alerts.</Trans>
          </p>
        ) : (
          <ul className="divide-y">
            {alerts.data.map((alert) => (
              <DeskAlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeskAlertRow({ alert }: { alert: DeskAlert }) {
  const { t, i18n } = useLingui();
  const resolve = useResolveDeskAlert();
  const title = deskAlertTitle(alert);
  const raised = i18n.date(alert.created_at, { dateStyle: 'medium', timeStyle: 'short' });
  const reference = alert.booking_reference;

  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
      data-alert-type={alert.alert_type}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{title}</p>
        <p className="break-words text-sm text-muted-foreground">{alert.description}</p>
        <p className="text-xs text-muted-foreground">
          <Trans>Raised {raised}</Trans>
          {reference && (
            <>
              {' · '}
              <Link
                to={`/admin/bookings?search=${encodeURIComponent(reference)}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                <Trans>Open booking {reference}</Trans>
              </Link>
            </>
          )}
        </p>
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="shrink-0 self-start"
        disabled={resolve.isPending}
        aria-label={t`Mark as handled: ${title}`}
        onClick={() => resolve.mutate(alert.id, { onSuccess: () => toastSuccess(t`Alert marked as handled`) })}
      >
        {resolve.isPending ? t`Saving...` : t`Mark as handled`}
      </Button>
    </li>
  );
}
