import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { bookingSearchFilter, pageRange, type BookingFilters } from '../booking-logic';
import type { BookingListItem, BookingStatus } from '../types';
import { bookingKeys } from './keys';

const BOOKING_COLUMNS =
  'id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, discount_amount, promo_code, status, special_requests, created_at, room_name, room_number, room_type';

export interface BookingPage {
  rows: BookingListItem[];
  total: number;
}

/**
 * One page of bookings, newest first, searched and filtered in the database through the
 * booking_list view (bookings joined with their room), with the total count of matches.
 */
export async function fetchBookingPage(filters: BookingFilters): Promise<BookingPage> {
  const [from, to] = pageRange(filters.page);
  const filtered = <Q extends { eq: (column: 'status', value: BookingStatus) => Q; or: (filter: string) => Q }>(
    query: Q,
  ) => {
    let result = filters.status === 'all' ? query : query.eq('status', filters.status);
    const search = bookingSearchFilter(filters.search);
    if (search) result = result.or(search);
    return result;
  };
  const { data, count, error } = await filtered(
    supabase.from('booking_list').select(BOOKING_COLUMNS, { count: 'exact' }),
  )
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  if (error?.code === 'PGRST103') {
    // a page past the end (an old link, or the list shrank): no rows, but say how many there are
    const head = await filtered(supabase.from('booking_list').select('id', { count: 'exact', head: true }));
    if (head.error) throw head.error;
    return { rows: [], total: head.count ?? 0 };
  }
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export function useBookingPage(filters: BookingFilters) {
  return useQuery({
    queryKey: bookingKeys.list(filters),
    queryFn: () => fetchBookingPage(filters),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: BookingStatus }) => {
      const { error } = await supabase.from('bookings').update({ status }).eq('id', id);
      if (error) throw error;
    },
    // every cached page may hold the booking or change its count under a status filter
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.lists() }),
  });
}
