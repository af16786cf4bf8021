import { BookingList } from '@/features/admin-bookings/components/BookingList';

/** /admin/bookings: the reservations, searched, filtered and paged, and the hold settings. */
export default function BookingsPage() {
  return <BookingList />;
}
