import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { DashboardStats, DeskAlert, MoneyReceived, UnreportedCheckIn } from '../logic/stats';

export const dashboardQueries = {
  /** the dashboard figures, computed in SQL by admin_dashboard_stats() (one row) */
  stats: () =>
    queryOptions({
      queryKey: ['dashboard-stats'],
      queryFn: async (): Promise<DashboardStats> => {
        const { data, error } = await supabase.rpc('admin_dashboard_stats').single();
        if (error) throw error;
        // numeric arrives as a string or a number depending on its size
        return { ...data, revenue: Number(data.revenue) };
      },
      // it counts rooms, bookings and accounts that other screens change: refresh on every visit
      refetchOnMount: 'always',
      meta: { errorText: t`Failed to load dashboard` },
    }),
  /** RPC unreported_check_ins: stays checked in whose guests are not yet reported to the police */
  unreported: () =>
    queryOptions({
      queryKey: resourceKeys.unreportedCheckIns,
      queryFn: async (): Promise<UnreportedCheckIn[]> => {
        const { data, error } = await supabase.rpc('unreported_check_ins');
        if (error) throw error;
        return data ?? [];
      },
      refetchOnMount: 'always',
      meta: { errorText: t`Failed to load the police report deadlines` },
    }),
  /** RPC money_received: what was actually received (deposits and balances minus refunds), all time */
  moneyReceived: () =>
    queryOptions({
      queryKey: ['money-received'],
      queryFn: async (): Promise<MoneyReceived> => {
        const { data, error } = await supabase.rpc('money_received');
        if (error) throw error;
        return data as MoneyReceived;
      },
      refetchOnMount: 'always',
      meta: { errorText: t`Failed to load the money received` },
    }),
  /** RPC desk_alerts: the desk's open alerts (private.desk_alert_types()), newest first */
  deskAlerts: () =>
    queryOptions({
      queryKey: ['desk-alerts'],
      queryFn: async (): Promise<DeskAlert[]> => {
        const { data, error } = await supabase.rpc('desk_alerts');
        if (error) throw error;
        return data ?? [];
      },
      refetchOnMount: 'always',
      // a channel import or a timer may raise one while the screen is open
      refetchInterval: 60_000,
      meta: { errorText: t`Failed to load the alerts` },
    }),
};

/** Marks a desk alert handled (resolve_security_alert: the staff may resolve the desk's alerts). */
export function useResolveDeskAlert() {
  return useRefreshingMutation(dashboardQueries.deskAlerts().queryKey, {
    meta: { errorText: t`Failed to mark the alert as handled` },
    mutationFn: async (alertId: string) => {
      const { error } = await supabase.rpc('resolve_security_alert', { p_alert_id: alertId });
      if (error) throw error;
    },
  });
}
