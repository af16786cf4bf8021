import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, AlertTriangle, RefreshCw, ShieldAlert, UserCog } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { securityQueries, useResolveAlert } from '../api/security';
import { Field, FieldControl } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import {
  alertStatusFilters,
  DEFAULT_FILTERS,
  visibleAlerts,
  type AlertStatusFilter,
  type SecurityFilters,
} from '../logic/security';
import { SecurityFiltersBar } from './SecurityFiltersBar';
import { AuditLogList, AuthEventList, SecurityAlertList, SecurityLogList } from './SecurityLists';

function Counter({ title, value, icon }: { title: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value ?? '—'}</p>
      </CardContent>
    </Card>
  );
}

function Loading() {
  return (
    <p className="py-8 text-center text-muted-foreground" role="status">
      <Trans>Loading...</Trans>
    </p>
  );
}

export function SecurityMonitor() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<SecurityFilters>(DEFAULT_FILTERS);
  const [alertStatus, setAlertStatus] = useState<AlertStatusFilter>('active');
  const logs = useQuery(securityQueries.logs(filters));
  const counts = useQuery(securityQueries.counts(filters));
  const alerts = useQuery(securityQueries.alerts());
  const audit = useQuery(securityQueries.audit());
  const authEvents = useQuery(securityQueries.authEvents());
  const resolve = useResolveAlert();
  const { t } = useLingui();

  const resolveAlert = (id: string) =>
    resolve.mutate(id, {
      onSuccess: () => toastSuccess(t`Alert Resolved`, t`Security alert has been marked as resolved`),
    });
  const refreshing = logs.isFetching || alerts.isFetching || audit.isFetching || counts.isFetching;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold">
          <Trans>Security Monitoring</Trans>
        </h1>
        <Button
          variant="outline"
          disabled={refreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: securityQueries.all() })}
        >
          <RefreshCw className={refreshing ? 'mr-2 h-4 w-4 animate-spin' : 'mr-2 h-4 w-4'} aria-hidden="true" />
          <Trans>Refresh Data</Trans>
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Counter
          title={t`Security Events`}
          value={counts.data?.securityEvents}
          icon={<Activity className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}
        />
        <Counter
          title={t`Active Alerts`}
          value={counts.data?.activeAlerts}
          icon={<AlertTriangle className="h-4 w-4 text-destructive" aria-hidden="true" />}
        />
        <Counter
          title={t`Admin Actions`}
          value={counts.data?.adminActions}
          icon={<UserCog className="h-4 w-4 text-muted-foreground" aria-hidden="true" />}
        />
        <Counter
          title={t`High Risk Events`}
          value={counts.data?.highRiskEvents}
          icon={<ShieldAlert className="h-4 w-4 text-destructive" aria-hidden="true" />}
        />
      </div>

      <Card>
        <CardContent className="pt-6">
          <SecurityFiltersBar filters={filters} onChange={setFilters} />
        </CardContent>
      </Card>

      <Tabs defaultValue="logs">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="logs">
            <Trans>Security Logs</Trans>
          </TabsTrigger>
          <TabsTrigger value="alerts">
            <Trans>Active Alerts</Trans>
          </TabsTrigger>
          <TabsTrigger value="audit">
            <Trans>Audit Trail</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="logs">
          {logs.isPending ? <Loading /> : <SecurityLogList logs={logs.data ?? []} />}
        </TabsContent>
        <TabsContent value="alerts" className="space-y-4">
          <Field id="security-alert-status" label={t`Status`} className="sm:w-56">
            <FieldControl>
              <NativeSelect
                value={alertStatus}
                onChange={(e) => setAlertStatus(e.target.value as AlertStatusFilter)}
                options={alertStatusFilters()}
              />
            </FieldControl>
          </Field>
          {alerts.isPending ? (
            <Loading />
          ) : (
            <SecurityAlertList
              alerts={visibleAlerts(alerts.data ?? [], alertStatus, filters)}
              resolvingId={resolve.isPending ? (resolve.variables ?? null) : null}
              onResolve={resolveAlert}
            />
          )}
        </TabsContent>
        <TabsContent value="audit" className="space-y-6">
          {audit.isPending ? <Loading /> : <AuditLogList entries={audit.data ?? []} />}
          <section aria-labelledby="sign-in-activity">
            <h2 id="sign-in-activity" className="mb-2 text-lg font-semibold">
              <Trans>Sign-in Activity</Trans>
            </h2>
            {authEvents.isPending ? <Loading /> : <AuthEventList events={authEvents.data ?? []} />}
          </section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
