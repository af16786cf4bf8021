import { Constants, type Enums, type Tables } from '@/types/database';

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
};
