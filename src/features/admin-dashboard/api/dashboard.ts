import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { DashboardStats } from '../stats';

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};

/** The dashboard figures, computed in SQL by admin_dashboard_stats() (one row). */
export function useDashboardStats() {
  return useQuery({
    meta: { errorText: 'Failed to load dashboard' },
    queryKey: dashboardKeys.stats(),
    queryFn: async (): Promise<DashboardStats> => {
      const { data, error } = await supabase.rpc('admin_dashboard_stats').single();
      if (error) throw error;
      // numeric arrives as a string or a number depending on its size
      return { ...data, revenue: Number(data.revenue) };
    },
    // other screens change rooms and bookings without knowing this key: refresh on every visit
    refetchOnMount: 'always',
  });
}
