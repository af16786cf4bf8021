import { t } from '@lingui/core/macro';
import { SECURITY_EVENT_TYPES } from '@shared/constants';
import { Constants, type Enums } from '@/types/database';

export type Severity = Enums<'security_severity'>;
export type TimeRange = '1h' | '24h' | '7d' | '30d' | 'all';

/** Most severe first, as the Severity filter lists them. */
export const SEVERITIES: Severity[] = [...Constants.public.Enums.security_severity].reverse();
/** The event types the Event type filter lists: those clients report (shared with security-logger). */
export const EVENT_TYPES = SECURITY_EVENT_TYPES;
/** The Time range filter's choices, named in the portal's language. */
export const timeRanges = (): { value: TimeRange; label: string }[] => [
  { value: '1h', label: t`Last Hour` },
  { value: '24h', label: t`Last 24 Hours` },
  { value: '7d', label: t`Last 7 Days` },
  { value: '30d', label: t`Last 30 Days` },
  { value: 'all', label: t`All Time` },
];
export const LIMITS = { logs: 100, alerts: 50, audit: 100 } as const;

export interface SecurityFilters {
  search: string;
  severity: Severity | 'all';
  eventType: string;
  timeRange: TimeRange;
}
export const DEFAULT_FILTERS: SecurityFilters = { search: '', severity: 'all', eventType: 'all', timeRange: '24h' };

const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** The start of the time range as an ISO timestamp, or null for all time. */
export function rangeStart(range: TimeRange, now: Date = new Date()): string | null {
  return range === 'all' ? null : new Date(now.getTime() - RANGE_MS[range]).toISOString();
}

/** The arguments of admin_security_logs / admin_security_counts for these filters. */
export function filterArgs(filters: SecurityFilters, now: Date = new Date()) {
  const search = filters.search.trim();
  return {
    p_since: rangeStart(filters.timeRange, now) ?? undefined,
    p_severity: filters.severity === 'all' ? undefined : filters.severity,
    p_event_type: filters.eventType === 'all' ? undefined : filters.eventType,
    p_search: search === '' ? undefined : search,
  };
}

export const SEVERITY_BADGE: Record<Severity, 'destructive' | 'default' | 'secondary' | 'outline'> = {
  critical: 'destructive',
  high: 'destructive',
  medium: 'default',
  low: 'secondary',
};

export function statusBadge(status: string): 'destructive' | 'default' | 'secondary' | 'outline' {
  if (status === 'active') return 'destructive';
  if (status === 'resolved') return 'default';
  if (status === 'dismissed') return 'secondary';
  return 'outline';
}

/** A severity's name in the portal's language ("Medium"). */
export function severityLabel(severity: Severity): string {
  const labels: Record<Severity, string> = {
    critical: t`Critical`,
    high: t`High`,
    medium: t`Medium`,
    low: t`Low`,
  };
  return labels[severity] ?? eventTypeLabel(severity);
}

/** An alert status's name in the portal's language ("Active"). */
export function alertStatusLabel(status: string): string {
  const labels: Record<string, string> = { active: t`Active`, resolved: t`Resolved`, dismissed: t`Dismissed` };
  return labels[status] ?? eventTypeLabel(status);
}

/**
 * An event type's name in the portal's language: the types clients report and the auth service's
 * usual actions are named; any other is spelled out from its key (eventTypeLabel).
 */
export function securityTypeLabel(type: string): string {
  const labels: Record<string, string> = {
    login_attempt: t`Login Attempt`,
    failed_login: t`Failed Login`,
    admin_action: t`Admin Action`,
    suspicious_activity: t`Suspicious Activity`,
    api_access: t`Api Access`,
    login: t`Login`,
    logout: t`Logout`,
    user_signedup: t`User Signedup`,
    user_recovery_requested: t`User Recovery Requested`,
    user_updated_password: t`User Updated Password`,
    unknown: t`Unknown`,
  };
  return labels[type] ?? eventTypeLabel(type);
}

/** "failed_login" → "Failed Login". */
export function eventTypeLabel(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The audit trail shows the first 8 characters of the user id ("System" when none). */
export function shortUserId(userId: string | null): string {
  return userId ? userId.slice(0, 8) : t`System`;
}

export type AlertStatus = Enums<'alert_status'>;
export type AlertStatusFilter = AlertStatus | 'all';
/** The Active Alerts tab's Status choices, named in the portal's language. */
export const alertStatusFilters = (): { value: AlertStatusFilter; label: string }[] => [
  { value: 'active', label: t`Active` },
  { value: 'resolved', label: t`Resolved` },
  { value: 'dismissed', label: t`Dismissed` },
  { value: 'all', label: t`All Statuses` },
];

interface AlertLike {
  status: AlertStatus;
  severity: Severity;
  description: string;
  ip_address: string | null;
  alert_type: string;
  created_at: string;
}

/**
 * The Active Alerts tab: the chosen status (active by default), the Severity filter and the search
 * text (description, type, IP) apply; active alerts first, then newest first.
 */
export function visibleAlerts<T extends AlertLike>(
  alerts: T[],
  status: AlertStatusFilter,
  filters: Pick<SecurityFilters, 'search' | 'severity'>,
): T[] {
  const search = filters.search.trim().toLowerCase();
  return alerts
    .filter((alert) => status === 'all' || alert.status === status)
    .filter((alert) => filters.severity === 'all' || alert.severity === filters.severity)
    .filter(
      (alert) =>
        search === '' ||
        [alert.description, alert.alert_type, alert.ip_address ?? ''].some((text) =>
          text.toLowerCase().includes(search),
        ),
    )
    .sort(
      (a, b) =>
        Number(b.status === 'active') - Number(a.status === 'active') || b.created_at.localeCompare(a.created_at),
    );
}
