import { plural, t } from '@lingui/core/macro';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

/** The row returned by public.admin_dashboard_stats(). */
export type DashboardStats = Database['public']['Functions']['admin_dashboard_stats']['Returns'][number];

/** A stay checked in whose guests are not all reported to the police (unreported_check_ins()). */
export type UnreportedCheckIn = Database['public']['Functions']['unreported_check_ins']['Returns'][number];

/** One of the desk's open alerts (desk_alerts()); the booking is null when the alert names none. */
export type DeskAlert = Omit<
  Database['public']['Functions']['desk_alerts']['Returns'][number],
  'booking_id' | 'booking_reference'
> & { booking_id: string | null; booking_reference: string | null };

/** Occupied rooms as a whole percentage of all rooms (0 when there are no rooms). */
export function occupancyPercent(stats: Pick<DashboardStats, 'total_rooms' | 'occupied_rooms'>): number {
  return stats.total_rooms === 0 ? 0 : Math.round((stats.occupied_rooms / stats.total_rooms) * 100);
}

/**
 * Things waiting for staff: requests whose hold ends within 6 hours (answer them or they expire;
 * `pending_bookings` counts only those) and rooms in maintenance or out of order.
 */
export function pendingActions(
  stats: Pick<DashboardStats, 'pending_bookings' | 'unavailable_rooms'>,
  unreported: UnreportedCheckIn[] = [],
): number {
  return stats.pending_bookings + stats.unavailable_rooms + unreportedGuests(unreported);
}

/** Guests checked in but not yet reported to the police. */
export function unreportedGuests(unreported: UnreportedCheckIn[]): number {
  return unreported.reduce((sum, stay) => sum + stay.unreported_guests, 0);
}

/**
 * "2 guests checked in but not reported · 5 h left" (the nearest deadline: 24 hours after
 * check-in, 6 for a one-night stay), or "… · 3 h overdue"; null when every guest is reported.
 */
export function unreportedText(unreported: UnreportedCheckIn[]): string | null {
  const guests = unreportedGuests(unreported);
  if (guests === 0) return null;
  const nearest = Math.min(...unreported.map((stay) => stay.hours_left));
  const overdue = -nearest;
  const left = nearest >= 0 ? t`${nearest} h left` : t`${overdue} h overdue`;
  return plural(guests, {
    one: `# guest checked in but not reported · ${left}`,
    other: `# guests checked in but not reported · ${left}`,
  });
}

/** "3 requests end within 6 h" (the pending_bookings figure). */
export function urgentRequestsText(stats: Pick<DashboardStats, 'pending_bookings'>): string {
  return plural(stats.pending_bookings, { one: '# request ends within 6 h', other: '# requests end within 6 h' });
}

/** The Recent Activity lines: pending requests notice, occupancy, guest count. */
export function recentActivity(stats: DashboardStats): { tone: 'attention' | 'info'; text: string }[] {
  const occupancy = occupancyPercent(stats);
  const occupied = stats.occupied_rooms;
  const rooms = plural(stats.total_rooms, { one: '# room', other: '# rooms' });
  return [
    stats.pending_bookings > 0
      ? {
          tone: 'attention',
          text: plural(stats.pending_bookings, {
            one: '# pending request expires within 6 hours unless you answer',
            other: '# pending requests expire within 6 hours unless you answer',
          }),
        }
      : { tone: 'info', text: t`No pending request expires within 6 hours` },
    { tone: 'info', text: t`Occupancy is at ${occupancy}% (${occupied} of ${rooms} occupied)` },
    {
      tone: 'info',
      text: plural(stats.registered_guests, { one: '# registered guest', other: '# registered guests' }),
    },
  ];
}

/**
 * The title of a desk alert by its type (private.desk_alert_types()); a type added later shows its
 * own description until it gets a title here.
 */
export function deskAlertTitle(alert: Pick<DeskAlert, 'alert_type' | 'description'>): string {
  switch (alert.alert_type) {
    case 'channel_conflict':
      return t`Double booking from a channel`;
    case 'payment_unknown_booking':
    case 'payment_mismatch':
    case 'payment_session_mismatch':
      return t`A payment could not be applied`;
    case 'hold_ending':
      return t`A request is waiting for your answer`;
    case 'police_report_due':
      return t`Guests not yet reported to the police`;
    default:
      return alert.description;
  }
}

/**
 * What money_received() answers (public.money_received_totals, cents, every figure set): charges
 * and balances minus refunds, the refunds, the city tax.
 */
export type MoneyReceived = Filled<Database['public']['CompositeTypes']['money_received_totals']>;
