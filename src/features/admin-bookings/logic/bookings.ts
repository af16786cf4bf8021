import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { format, parseISO } from 'date-fns';
import { daysBetweenISO } from '@/lib/dates';
import { portalDate, portalLocale } from '@/lib/i18n/portal-format';
import { timeLeftText } from '@/lib/time-left';
import { BOOKING_STATUSES, type BookingEmail, type BookingStatus, type BookingStatusFilter } from '../types';

export interface BookingAction {
  label: 'Confirm' | 'Check In' | 'Check Out' | 'Cancel';
  to: BookingStatus;
}

/**
 * The actions offered for a booking (the database trigger enforces the same transitions):
 * pending → Confirm, confirmed → Check In, checked_in → Check Out; Cancel from those three;
 * an expired request can still be confirmed (the server refuses when the room was taken since) or
 * cancelled; nothing from checked_out or cancelled.
 */
export function bookingActions(status: BookingStatus): BookingAction[] {
  switch (status) {
    case 'pending':
    case 'expired':
      return [
        { label: 'Confirm', to: 'confirmed' },
        { label: 'Cancel', to: 'cancelled' },
      ];
    case 'confirmed':
      return [
        { label: 'Check In', to: 'checked_in' },
        { label: 'Cancel', to: 'cancelled' },
      ];
    case 'checked_in':
      return [
        { label: 'Check Out', to: 'checked_out' },
        { label: 'Cancel', to: 'cancelled' },
      ];
    default:
      return [];
  }
}

/** Nights = ceiling of the day difference (never negative). */
export function bookingNights(checkIn: string, checkOut: string): number {
  return Math.max(0, Math.ceil(daysBetweenISO(checkIn, checkOut)));
}

export const BOOKINGS_PAGE_SIZE = 20;

/**
 * The filters of the Bookings screen as kept in the URL (?q=&status=&page=). `?search=` (the link
 * in the host's e-mail, with the booking reference) fills the search too.
 */
export interface BookingFilters {
  search: string;
  status: BookingStatusFilter;
  page: number;
}

export function readBookingFilters(params: URLSearchParams): BookingFilters {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: params.get('q') ?? params.get('search') ?? '',
    status: (BOOKING_STATUSES as readonly string[]).includes(status ?? '') ? (status as BookingStatus) : 'all',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

export function writeBookingFilters(filters: BookingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Rows [from, to] (inclusive, as PostgREST's range) of a 1-based page. */
export function pageRange(page: number, pageSize = BOOKINGS_PAGE_SIZE): [number, number] {
  const from = (page - 1) * pageSize;
  return [from, from + pageSize - 1];
}

export function pageCount(total: number, pageSize = BOOKINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A pending request's hold as staff read it: "Hold ends in 23 min", or "Hold ended". */
export function holdText(holdExpiresAt: string | null, now: Date = new Date()): string | null {
  if (!holdExpiresAt) return null;
  const left = timeLeftText(holdExpiresAt, now, portalLocale());
  return left ? t`Hold ends in ${left}` : t`Hold ended`;
}

const EMAIL_KIND_LABELS: Record<string, MessageDescriptor> = {
  request_received_host: msg`New request (to the host)`,
  request_acknowledgement: msg`Request received, with the confirm link (to the guest)`,
  request_confirmed_by_guest_host: msg`Confirmed by the guest (to the host)`,
  booking_confirmed: msg`Booking confirmed (to the guest)`,
  booking_cancelled: msg`Booking cancelled (to the guest)`,
  booking_cancelled_by_guest_host: msg`Cancelled by the guest (to the host)`,
  request_expired: msg`Request expired (to the guest)`,
  arrival_reminder: msg`Arrival reminder (to the guest)`,
  review_request: msg`Review request (to the guest)`,
};

/** A human name for an e-mail kind (private.email_kinds()); an unknown kind reads as itself. */
export function emailKindLabel(kind: string): string {
  const label = EMAIL_KIND_LABELS[kind];
  return label ? i18n._(label) : kind.replace(/_/g, ' ');
}

export interface EmailState {
  label: 'Sent' | 'Queued' | 'Retrying' | 'Failed';
  variant: 'default' | 'secondary' | 'destructive';
  detail: string | null;
}

function emailTime(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : `${portalDate(date, 'date')} ${format(date, 'HH:mm')}`;
}

function failedDetail(count: number, error: string): string {
  return plural(count, { one: `After # try: ${error}`, other: `After # tries: ${error}` });
}

function retryDetail(attempt: number, error: string): string {
  return t`Try ${attempt} failed: ${error}`;
}

/** An e-mail's state as the desk reads it (EmailState's label is its key, in English). */
export function emailStateText(label: EmailState['label']): string {
  const texts: Record<EmailState['label'], MessageDescriptor> = {
    Sent: msg`Sent`,
    Queued: msg`Queued`,
    Retrying: msg`Retrying`,
    Failed: msg`Failed`,
  };
  return i18n._(texts[label]);
}

/** Sent (when), queued, retrying (after which failure) or failed (why). */
export function emailState(email: BookingEmail): EmailState {
  if (email.status === 'sent') {
    return { label: 'Sent', variant: 'default', detail: email.sent_at ? emailTime(email.sent_at) : null };
  }
  if (email.status === 'failed') {
    return {
      label: 'Failed',
      variant: 'destructive',
      detail: failedDetail(email.attempt_count, email.last_error ?? t`unknown error`),
    };
  }
  if (email.attempt_count === 0 || !email.last_error) {
    return { label: 'Queued', variant: 'secondary', detail: null };
  }
  return {
    label: 'Retrying',
    variant: 'secondary',
    detail: retryDetail(email.attempt_count, email.last_error),
  };
}

/** A link was e-mailed to the guest (the acknowledgement carries it), so there is one to revoke. */
export function hasGuestLink(emails: BookingEmail[]): boolean {
  return emails.some((email) => email.kind === 'request_acknowledgement');
}

/** "Check-in complete", "Check-in: 3 details missing" (guests not entered count as their fields' absence). */
export function checkinText(checkin: {
  guests_expected: number;
  guests_entered: number;
  missing_fields: number;
  complete: boolean;
}): string {
  if (checkin.complete) return 'Online check-in complete';
  const absent = Math.max(checkin.guests_expected - checkin.guests_entered, 0);
  const parts = [
    absent > 0 ? `${absent} ${absent === 1 ? 'guest' : 'guests'} not entered` : '',
    checkin.missing_fields > 0
      ? `${checkin.missing_fields} ${checkin.missing_fields === 1 ? 'field' : 'fields'} missing`
      : '',
  ].filter(Boolean);
  return `Online check-in: ${parts.join(', ')}`;
}
