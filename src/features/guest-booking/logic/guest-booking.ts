import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import type { Filled } from '@/lib/rpc-rows';
import { formatDateTime, timeLeftText } from '@/lib/time-left';
import type { Database } from '@/types/database';

/**
 * What the guest's private page shows (booking_by_link and the confirm/cancel answers:
 * public.guest_booking_view). No promo code, or no hold (not pending): null.
 */
export type GuestBooking = Filled<
  Database['public']['CompositeTypes']['guest_booking_view'],
  'promo_code' | 'hold_expires_at'
>;

export interface StatusSummary {
  title: string;
  detail: string;
  tone: 'waiting' | 'good' | 'ended';
}

/** Whether a pending request's hold has run out (the server says `expired` on the next read). */
export function holdEnded(booking: GuestBooking, now: Date = new Date()): boolean {
  return booking.status === 'pending' && timeLeftText(booking.hold_expires_at, now) === null;
}

/**
 * The headline and explanation of the booking's state, as the guest reads it, in the active
 * language (evaluated when called); the hold's end and time left as `locale` writes them.
 */
export function statusSummary(booking: GuestBooking, now: Date = new Date(), locale: Locale = 'en'): StatusSummary {
  const status = holdEnded(booking, now) ? 'expired' : booking.status;
  const left = timeLeftText(booking.hold_expires_at, now, locale) ?? '';
  const until = formatDateTime(booking.hold_expires_at, locale);
  switch (status) {
    case 'pending':
      return booking.guest_confirmed
        ? {
            title: t`Confirmed by you, waiting for the host`,
            detail: t`Thank you. The host will answer you by e-mail; the room is held for you until ${until} (${left} left).`,
            tone: 'waiting',
          }
        : {
            title: t`Waiting for your confirmation`,
            detail: t`We are holding the room for you until ${until} (${left} left). Please confirm your request before then, so that we keep the dates while we prepare our answer.`,
            tone: 'waiting',
          };
    case 'confirmed':
      return {
        title: t`Your stay is confirmed`,
        detail: t`We look forward to welcoming you in Rome. Check-in is from 3:00 PM to 8:00 PM.`,
        tone: 'good',
      };
    case 'checked_in':
      return { title: t`You are staying with us`, detail: t`Enjoy your stay in Rome.`, tone: 'good' };
    case 'checked_out':
      return { title: t`Your stay is over`, detail: t`Thank you for staying with us.`, tone: 'good' };
    case 'cancelled':
      return {
        title: t`This booking is cancelled`,
        detail: t`The dates are no longer held for you. To stay with us, please send a new request.`,
        tone: 'ended',
      };
    case 'expired':
      return {
        title: t`This request has expired`,
        detail: booking.guest_confirmed
          ? t`We are sorry: we could not answer your request in time, so the dates are no longer held for you. Please send a new request; the dates may still be free.`
          : t`It was not confirmed in time, so the dates are no longer held for you. Please send a new request; the dates may still be free.`,
        tone: 'ended',
      };
    case 'no_show':
      return {
        title: t`The arrival day has passed`,
        detail: t`We did not see you arrive, so the room was released. For any question about this booking, please contact us.`,
        tone: 'ended',
      };
  }
}

/** What the guest cancels: the request while pending, the booking once the host confirmed it. */
export function cancelKind(booking: GuestBooking): 'request' | 'booking' {
  return booking.status === 'pending' ? 'request' : 'booking';
}

/** "Cancel request" while it is a request, "Cancel booking" once the host confirmed it (active language). */
export function cancelLabel(booking: GuestBooking): string {
  return cancelKind(booking) === 'request' ? t`Cancel request` : t`Cancel booking`;
}

/** Whether the stay could still be cancelled by the guest, were it not too close to check-in. */
export function isOpen(booking: GuestBooking): boolean {
  return booking.status === 'pending' || booking.status === 'confirmed';
}
