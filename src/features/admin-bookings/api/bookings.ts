import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { pageRange, type BookingFilters } from '../booking-logic';
import type { BookingListItem, BookingStatus } from '../types';
import { bookingKeys } from './keys';

export interface BookingPage {
  rows: BookingListItem[];
  total: number;
}

/**
 * One page of bookings, newest first, searched and filtered in the database by
 * search_booking_list (trigram indexes on guest name, e-mail and room number), with the total
 * number of matches.
 */
export async function fetchBookingPage(filters: BookingFilters): Promise<BookingPage> {
  const page = async (offset: number, limit: number) => {
    const { data, error } = await supabase.rpc('search_booking_list', {
      p_search: filters.search,
      p_status: filters.status === 'all' ? undefined : filters.status,
      p_offset: offset,
      p_limit: limit,
    });
    if (error) throw error;
    return data;
  };
  const [from, to] = pageRange(filters.page);
  const rows = await page(from, to - from + 1);
  if (rows.length === 0 && from > 0) {
    // a page past the end (an old link, or the list shrank): no rows, but say how many there are
    const [first] = await page(0, 1);
    return { rows: [], total: first?.total_count ?? 0 };
  }
  return {
    rows: rows.map(({ total_count: _total, ...row }) => row),
    total: rows[0]?.total_count ?? 0,
  };
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
