import { Constants, type Database, type Enums, type Tables } from '@/types/database';

export const BOOKING_STATUSES = Constants.public.Enums.booking_status;
export type BookingStatus = Enums<'booking_status'>;
export type BookingStatusFilter = BookingStatus | 'all';

/** A row of the booking_list view: the booking with its room's name, number and type. */
export type BookingListItem = Omit<Tables<'booking_list'>, 'updated_at'>;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  checked_in: 'Checked In',
  checked_out: 'Checked Out',
  cancelled: 'Cancelled',
  expired: 'Expired',
  no_show: 'No-show',
};

/** A booking's hold and the guest's confirmation (columns the booking_list view does not carry). */
export interface BookingHold {
  hold_expires_at: string | null;
  guest_confirmed_at: string | null;
  /** where the booking came from (bookings.source: website, phone, a channel…) */
  source?: string;
}

/** One e-mail of a booking's log: what staff may read of public.email_outbox (never its data). */
export type BookingEmail = Pick<
  Tables<'email_outbox'>,
  | 'id'
  | 'kind'
  | 'recipient'
  | 'status'
  | 'attempt_count'
  | 'last_error'
  | 'sent_at'
  | 'created_at'
  | 'booking_id'
  | 'resend_of'
>;

/** What the cards show beside the list row: the hold and the e-mail log. */
export interface BookingDetails extends BookingHold {
  emails: BookingEmail[];
  /** how far the guests' online check-in is (booking_check_in_status) */
  checkin?: Database['public']['Functions']['booking_checkin_status']['Returns'][number];
}

/** The admin-only hold settings and the host e-mails' language (public.booking_settings, one row). */
export type BookingSettings = Pick<
  Tables<'booking_settings'>,
  'unconfirmed_hold_minutes' | 'confirmed_hold_hours' | 'notification_email' | 'host_email_language'
>;
