import { daysBetweenISO } from '@/lib/dates';
import { BOOKING_STATUSES, type BookingStatus, type BookingStatusFilter } from './types';

export interface BookingAction {
  label: 'Confirm' | 'Check In' | 'Check Out' | 'Cancel';
  to: BookingStatus;
}

/**
 * The actions offered for a booking (the database trigger enforces the same transitions):
 * pending → Confirm, confirmed → Check In, checked_in → Check Out; Cancel from those three;
 * nothing from checked_out or cancelled.
 */
export function bookingActions(status: BookingStatus): BookingAction[] {
  switch (status) {
    case 'pending':
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

/** The filters of the Bookings screen as kept in the URL (?q=&status=&page=). */
export interface BookingFilters {
  search: string;
  status: BookingStatusFilter;
  page: number;
}

export function readBookingFilters(params: URLSearchParams): BookingFilters {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: params.get('q') ?? '',
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
