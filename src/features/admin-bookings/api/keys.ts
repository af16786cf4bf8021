import type { BookingFilters } from '../booking-logic';

export const bookingKeys = {
  all: ['admin', 'bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (filters: BookingFilters) => [...bookingKeys.lists(), filters] as const,
};
