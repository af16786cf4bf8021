export const BOOKING_STATUSES = ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type BookingStatusFilter = BookingStatus | 'all';

/** A row of the booking_list view: the booking with its room's name, number and type. */
export interface BookingListItem {
  id: string;
  reference: string;
  room_id: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string | null;
  check_in_date: string;
  check_out_date: string;
  guests: number;
  total_amount: number;
  discount_amount: number;
  promo_code: string | null;
  status: BookingStatus;
  special_requests: string | null;
  created_at: string;
  room_name: string;
  room_number: string;
  room_type: string;
}

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  checked_in: 'Checked In',
  checked_out: 'Checked Out',
  cancelled: 'Cancelled',
};
