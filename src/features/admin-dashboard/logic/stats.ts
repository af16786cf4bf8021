import type { Database } from '@/types/database';

/** The row returned by public.admin_dashboard_stats(). */
export type DashboardStats = Database['public']['Functions']['admin_dashboard_stats']['Returns'][number];

/** Occupied rooms as a whole percentage of all rooms (0 when there are no rooms). */
export function occupancyPercent(stats: Pick<DashboardStats, 'total_rooms' | 'occupied_rooms'>): number {
  return stats.total_rooms === 0 ? 0 : Math.round((stats.occupied_rooms / stats.total_rooms) * 100);
}

/**
 * Things waiting for staff: requests whose hold ends within 6 hours (answer them or they expire;
 * `pending_bookings` counts only those) and rooms in maintenance or out of order.
 */
export function pendingActions(stats: Pick<DashboardStats, 'pending_bookings' | 'unavailable_rooms'>): number {
  return stats.pending_bookings + stats.unavailable_rooms;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 requests end within 6 h" (the pending_bookings figure). */
export function urgentRequestsText(stats: Pick<DashboardStats, 'pending_bookings'>): string {
  return `${plural(stats.pending_bookings, 'request ends', 'requests end')} within 6 h`;
}

/** The Recent Activity lines: pending requests notice, occupancy, guest count. */
export function recentActivity(stats: DashboardStats): { tone: 'attention' | 'info'; text: string }[] {
  return [
    stats.pending_bookings > 0
      ? {
          tone: 'attention',
          text: `${plural(stats.pending_bookings, 'pending request expires', 'pending requests expire')} within 6 hours unless you answer`,
        }
      : { tone: 'info', text: 'No pending request expires within 6 hours' },
    {
      tone: 'info',
      text: `Occupancy is at ${occupancyPercent(stats)}% (${stats.occupied_rooms} of ${plural(stats.total_rooms, 'room', 'rooms')} occupied)`,
    },
    { tone: 'info', text: `${plural(stats.registered_guests, 'registered guest', 'registered guests')}` },
  ];
}
