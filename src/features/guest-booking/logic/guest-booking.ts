import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import { formatDateTime, timeLeftText } from '@/lib/time-left';

/** What the guest's private page shows (public.booking_by_link and the confirm/cancel answers). */
export type GuestBookingStatus = 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'cancelled' | 'expired';

export interface GuestBooking {
  reference: string;
  status: GuestBookingStatus;
  guestName: string;
  roomName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  totalAmount: number;
  discountAmount: number;
  promoCode: string | null;
  /** while pending: when the hold ends and the request expires */
  holdExpiresAt: string | null;
  guestConfirmed: boolean;
  canConfirm: boolean;
  canCancel: boolean;
}

const STATUSES: readonly GuestBookingStatus[] = [
  'pending',
  'confirmed',
  'checked_in',
  'checked_out',
  'cancelled',
  'expired',
];

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const number = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The RPC's JSON as the page uses it (amounts arrive as numbers or strings). */
export function parseGuestBooking(data: unknown): GuestBooking {
  const row = (data ?? {}) as Record<string, unknown>;
  const status = text(row.status) as GuestBookingStatus;
  return {
    reference: text(row.reference),
    status: STATUSES.includes(status) ? status : 'pending',
    guestName: text(row.guest_name),
    roomName: text(row.room_name),
    checkIn: text(row.check_in),
    checkOut: text(row.check_out),
    nights: number(row.nights),
    guests: number(row.guests),
    totalAmount: number(row.total_amount),
    discountAmount: number(row.discount_amount),
    promoCode: row.promo_code ? text(row.promo_code) : null,
    holdExpiresAt: row.hold_expires_at ? text(row.hold_expires_at) : null,
    guestConfirmed: row.guest_confirmed === true,
    canConfirm: row.can_confirm === true,
    canCancel: row.can_cancel === true,
  };
}

export interface StatusSummary {
  title: string;
  detail: string;
  tone: 'waiting' | 'good' | 'ended';
}

/** Whether a pending request's hold has run out (the server says `expired` on the next read). */
export function holdEnded(booking: GuestBooking, now: Date = new Date()): boolean {
  return booking.status === 'pending' && timeLeftText(booking.holdExpiresAt, now) === null;
}

/**
 * The headline and explanation of the booking's state, as the guest reads it, in the active
 * language (evaluated when called); the hold's end and time left as `locale` writes them.
 */
export function statusSummary(booking: GuestBooking, now: Date = new Date(), locale: Locale = 'en'): StatusSummary {
  const status = holdEnded(booking, now) ? 'expired' : booking.status;
  const left = timeLeftText(booking.holdExpiresAt, now, locale) ?? '';
  const until = formatDateTime(booking.holdExpiresAt, locale);
  switch (status) {
    case 'pending':
      return booking.guestConfirmed
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
        detail: booking.guestConfirmed
          ? t`We are sorry: we could not answer your request in time, so the dates are no longer held for you. Please send a new request; the dates may still be free.`
          : t`It was not confirmed in time, so the dates are no longer held for you. Please send a new request; the dates may still be free.`,
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
