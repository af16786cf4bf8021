import type { BookingFilters } from '../booking-logic';

export const bookingKeys = {
  all: ['admin', 'bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (filters: BookingFilters) => [...bookingKeys.lists(), filters] as const,
  /** holds and e-mail logs of the bookings on a page (refreshed with the lists) */
  details: (ids: string[]) => [...bookingKeys.lists(), 'details', ids] as const,
  settings: () => [...bookingKeys.all, 'settings'] as const,
};
