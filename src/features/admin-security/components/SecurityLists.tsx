import { Trans, useLingui } from '@lingui/react/macro';
import { portalDate } from '@/lib/i18n/portal-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Json, Tables } from '@/types/database';
import {
  alertStatusLabel,
  securityTypeLabel,
  SEVERITY_BADGE,
  severityLabel,
  shortUserId,
  statusBadge,
  type Severity,
} from '../logic/security';

const time = (value: string) => portalDate(value, 'dateTime');

function Empty({ text }: { text: string }) {
  return <p className="py-8 text-center text-muted-foreground">{text}</p>;
}

function JsonDetails({ summary, value }: { summary: string; value: Json | null }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground">{summary}</summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

export function SecurityLogList({ logs }: { logs: Tables<'security_logs'>[] }) {
  const { t } = useLingui();
  if (logs.length === 0) return <Empty text={t`No security events found`} />;
  return (
    <ul className="space-y-3" aria-label={t`Security events`}>
      {logs.map((log) => (
        <li key={log.id} className="rounded-lg border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={SEVERITY_BADGE[log.severity]}>{severityLabel(log.severity).toUpperCase()}</Badge>
            <span className="font-medium">{securityTypeLabel(log.event_type)}</span>
            <span className="text-sm text-muted-foreground">
              <Trans>Risk: {log.risk_score}/10</Trans>
            </span>
            <span className="text-sm text-muted-foreground sm:ml-auto">{time(log.created_at)}</span>
          </div>
          <p className="mt-2 break-words">{log.description}</p>
          {log.ip_address && (
            <p className="mt-1 text-sm text-muted-foreground">
              <Trans>IP: {log.ip_address}</Trans>
            </p>
          )}
          <JsonDetails summary={t`Metadata`} value={log.metadata} />
        </li>
      ))}
    </ul>
  );
}

export interface AlertRow {
  id: string;
  created_at: string;
  alert_type: string;
  severity: Severity;
  status: string;
  description: string;
  ip_address: string | null;
  occurrences: number;
  resolved_at: string | null;
}

export function SecurityAlertList({
  alerts,
  resolvingId,
  onResolve,
}: {
  alerts: AlertRow[];
  resolvingId: string | null;
  onResolve: (id: string) => void;
}) {
  const { t } = useLingui();
  if (alerts.length === 0) return <Empty text={t`No security alerts`} />;
  return (
    <ul className="space-y-3" aria-label={t`Security alerts`}>
      {alerts.map((alert) => (
        <li key={alert.id} className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={SEVERITY_BADGE[alert.severity]}>{severityLabel(alert.severity).toUpperCase()}</Badge>
              <Badge variant={statusBadge(alert.status)}>{alertStatusLabel(alert.status).toUpperCase()}</Badge>
              <span className="text-sm text-muted-foreground">{time(alert.created_at)}</span>
              {alert.occurrences > 1 && (
                <span className="text-sm text-muted-foreground">
                  <Trans>Seen {alert.occurrences} times</Trans>
                </span>
              )}
            </div>
            <p className="mt-2 break-words">{alert.description}</p>
            {alert.ip_address && (
              <p className="mt-1 text-sm text-muted-foreground">
                <Trans>IP: {alert.ip_address}</Trans>
              </p>
            )}
            {alert.resolved_at && (
              <p className="mt-1 text-sm text-muted-foreground">
                <Trans>Resolved: {time(alert.resolved_at)}</Trans>
              </p>
            )}
          </div>
          {alert.status === 'active' && (
            <Button
              size="sm"
              variant="outline"
              disabled={resolvingId === alert.id}
              onClick={() => onResolve(alert.id)}
              aria-label={t`Resolve alert: ${alert.description}`}
            >
              <Trans>Resolve</Trans>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

type AuditRow = Pick<
  Tables<'audit_logs'>,
  'id' | 'created_at' | 'action' | 'table_name' | 'user_id' | 'old_values' | 'new_values'
>;

export function AuditLogList({ entries }: { entries: AuditRow[] }) {
  const { t } = useLingui();
  if (entries.length === 0) return <Empty text={t`No audit logs`} />;
  return (
    <ul className="space-y-3" aria-label={t`Audit trail`}>
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{entry.action}</Badge>
            <span className="font-medium">{entry.table_name}</span>
            <span className="text-sm text-muted-foreground">
              <Trans>User: {shortUserId(entry.user_id)}</Trans>
            </span>
            <span className="text-sm text-muted-foreground sm:ml-auto">{time(entry.created_at)}</span>
          </div>
          <JsonDetails summary={t`Before`} value={entry.old_values} />
          <JsonDetails summary={t`After`} value={entry.new_values} />
        </li>
      ))}
    </ul>
  );
}

export interface AuthEventRow {
  id: string;
  created_at: string;
  action: string;
  actor_username: string;
  ip_address: string;
}

export function AuthEventList({ events }: { events: AuthEventRow[] }) {
  const { t } = useLingui();
  if (events.length === 0) return <Empty text={t`No sign-in activity`} />;
  return (
    <ul className="divide-y" aria-label={t`Sign-in activity`}>
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
          <Badge variant="secondary">{securityTypeLabel(event.action ?? 'unknown')}</Badge>
          <span className="break-all">{event.actor_username || t`Unknown account`}</span>
          {event.ip_address && (
            <span className="text-muted-foreground">
              <Trans>IP: {event.ip_address}</Trans>
            </span>
          )}
          <span className="text-muted-foreground sm:ml-auto">{event.created_at ? time(event.created_at) : ''}</span>
        </li>
      ))}
    </ul>
  );
}
