import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { filterArgs, LIMITS, type SecurityFilters } from '../logic/security';

/** The spec's one toast when the monitor's data does not load (shown once for all its reads). */
const LOAD_FAILURE = {
  get errorTitle() {
    return t`Loading Error`;
  },
  get errorText() {
    return t`Failed to load security monitoring data`;
  },
};

/** Everything the monitor reads, under one root: its Refresh button and a resolved alert renew it all. */
export const securityQueries = {
  all: () => ['security'] as const,
  /** newest events matching the filters (filtering and limit in the database) */
  logs: (filters: SecurityFilters) =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'logs', filters],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('admin_security_logs', {
          ...filterArgs(filters),
          p_limit: LIMITS.logs,
        });
        if (error) throw error;
        return data ?? [];
      },
      meta: LOAD_FAILURE,
    }),
  /** the four counters, counted in the database over the same filters */
  counts: (filters: SecurityFilters) =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'counts', filters],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('admin_security_counts', filterArgs(filters));
        if (error) throw error;
        const row = data?.[0];
        return {
          securityEvents: Number(row?.security_events ?? 0),
          activeAlerts: Number(row?.active_alerts ?? 0),
          adminActions: Number(row?.admin_actions ?? 0),
          highRiskEvents: Number(row?.high_risk_events ?? 0),
        };
      },
      meta: LOAD_FAILURE,
    }),
  alerts: () =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'alerts'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('security_alerts')
          .select('id, created_at, alert_type, severity, status, description, ip_address, occurrences, resolved_at')
          .order('created_at', { ascending: false })
          .limit(LIMITS.alerts);
        if (error) throw error;
        return data ?? [];
      },
      meta: LOAD_FAILURE,
    }),
  audit: () =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'audit'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('audit_logs')
          .select('id, created_at, action, table_name, user_id, old_values, new_values')
          .order('created_at', { ascending: false })
          .limit(LIMITS.audit);
        if (error) throw error;
        return data ?? [];
      },
      meta: LOAD_FAILURE,
    }),
  /** sign-ups, logins, logouts, password changes … from the auth service's own audit log */
  authEvents: () =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'auth-events'],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('admin_auth_events', { p_limit: LIMITS.audit });
        if (error) throw error;
        return data ?? [];
      },
      meta: LOAD_FAILURE,
    }),
  /** high or critical events newer than `since`, polled every minute (for the admin's toast) */
  highRiskSince: (since: string) =>
    queryOptions({
      queryKey: [...securityQueries.all(), 'high-risk', since],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('security_logs')
          .select('id, description, severity, created_at')
          .in('severity', ['high', 'critical'])
          .gt('created_at', since)
          .order('created_at', { ascending: false })
          .limit(5);
        if (error) throw error;
        return data ?? [];
      },
      refetchInterval: 60_000,
      refetchIntervalInBackground: false,
    }),
};

/** Resolves an active alert; the server records the admin action "Resolve Security Alert". */
export function useResolveAlert() {
  // the alert, the active-alert counter, the audit row and the admin action event
  return useRefreshingMutation(securityQueries.all(), {
    meta: {
      get errorText() {
        return t`Failed to resolve security alert`;
      },
    },
    mutationFn: async (alertId: string) => {
      const { error } = await supabase.rpc('resolve_security_alert', { p_alert_id: alertId });
      if (error) throw error;
    },
  });
}
