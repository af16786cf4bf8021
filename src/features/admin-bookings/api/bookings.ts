import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { pageRange, type BookingFilters } from '../logic/bookings';
import { type BookingSettingsValues } from '../logic/schemas';
import type { BookingDetails, BookingEmail, BookingListItem, BookingSettings, BookingStatus } from '../types';

export interface BookingPage {
  rows: BookingListItem[];
  total: number;
}

/**
 * One page of bookings, newest first, searched and filtered in the database by
 * search_booking_list (trigram indexes on guest name, e-mail and room number, and the exact
 * reference of the host e-mail's link), with the total number of matches.
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

export function useUpdateBookingStatus() {
  // every cached page may hold the booking or change its count under a status filter
  return useRefreshingMutation(bookingQueries.lists(), {
    // the server's reason when it refused, e.g. an expired request whose room was taken since
    meta: { errorText: 'Failed to update booking status', explainRefusal: true },
    mutationFn: async ({ id, status }: { id: string; status: BookingStatus }) => {
      const { error } = await supabase.from('bookings').update({ status }).eq('id', id);
      if (error) throw error;
    },
  });
}

// staff read these columns of the outbox, never `data` (its links carry the guest's token)
const EMAIL_COLUMNS =
  'id, kind, recipient, status, attempt_count, last_error, sent_at, created_at, booking_id, resend_of';

/**
 * The holds (hold_expires_at, guest_confirmed_at) and e-mail logs of the bookings on a page, by
 * booking id: two reads beside the list, whose view does not carry them.
 */
export async function fetchBookingDetails(ids: string[]): Promise<Record<string, BookingDetails>> {
  const [holds, emails, checkins] = await Promise.all([
    supabase.from('bookings').select('id, hold_expires_at, guest_confirmed_at, source').in('id', ids),
    supabase.from('email_outbox').select(EMAIL_COLUMNS).in('booking_id', ids).order('created_at'),
    // completeness of the online check-in (counts only, no identity data)
    supabase.rpc('booking_checkin_status', { p_booking_ids: ids }),
  ]);
  if (holds.error) throw holds.error;
  if (emails.error) throw emails.error;
  if (checkins.error) throw checkins.error;
  const details: Record<string, BookingDetails> = {};
  for (const hold of holds.data) {
    details[hold.id] = {
      hold_expires_at: hold.hold_expires_at,
      guest_confirmed_at: hold.guest_confirmed_at,
      source: hold.source,
      emails: [],
    };
  }
  for (const email of emails.data as BookingEmail[]) {
    if (email.booking_id) details[email.booking_id]?.emails.push(email);
  }
  for (const checkin of checkins.data ?? []) {
    const entry = details[checkin.booking_id];
    if (entry) entry.checkin = checkin;
  }
  return details;
}

/** RPC resend_booking_email: the same e-mail again, as a new entry of the log. */
export function useResendBookingEmail() {
  return useRefreshingMutation(bookingQueries.lists(), {
    meta: { errorText: 'Failed to resend the e-mail', explainRefusal: true },
    mutationFn: async (emailId: string) => {
      const { error } = await supabase.rpc('resend_booking_email', { p_email_id: emailId });
      if (error) throw error;
    },
  });
}

/** RPC revoke_booking_link: the guest's private link stops working at once. */
export function useRevokeBookingLink() {
  return useMutation({
    meta: { errorText: 'Failed to revoke the guest link', explainRefusal: true },
    mutationFn: async (bookingId: string) => {
      const { error } = await supabase.rpc('revoke_booking_link', { p_booking_id: bookingId });
      if (error) throw error;
    },
  });
}

// staff read these columns of the one booking_settings row; admins change them
const SETTINGS_COLUMNS = 'unconfirmed_hold_minutes, confirmed_hold_hours, notification_email, host_email_language';

/** The admin reads of bookings, rooted at the resource: one write invalidates every view of it. */
export const bookingQueries = {
  all: () => ['bookings'] as const,
  lists: () => [...bookingQueries.all(), 'list'] as const,
  list: (filters: BookingFilters) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), filters],
      queryFn: () => fetchBookingPage(filters),
      placeholderData: keepPreviousData,
      meta: { errorText: 'Failed to fetch bookings' },
    }),
  /** holds and e-mail logs of the bookings on a page (under the lists: refreshed with them) */
  details: (ids: string[]) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), 'details', ids],
      queryFn: () => fetchBookingDetails(ids),
      enabled: ids.length > 0,
      placeholderData: keepPreviousData,
      // polled while an e-mail of the page waits to be sent, so staff see it go out (or fail)
      refetchInterval: (query) =>
        Object.values(query.state.data ?? {}).some((details) =>
          details.emails.some((email) => email.status === 'pending'),
        )
          ? 5000
          : false,
      meta: { errorText: 'Failed to load the booking e-mails' },
    }),
  /** the one booking_settings row (staff read it; admins change it) */
  settings: () =>
    queryOptions({
      queryKey: ['booking-settings'],
      queryFn: async (): Promise<BookingSettings> => {
        const { data, error } = await supabase
          .from('booking_settings')
          .select(SETTINGS_COLUMNS)
          .eq('singleton', true)
          .single();
        if (error) throw error;
        return data;
      },
      meta: { errorText: 'Failed to load the booking settings' },
    }),
};

export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to save the booking settings', explainRefusal: true },
    mutationFn: async (values: BookingSettingsValues): Promise<BookingSettings> => {
      const { data, error } = await supabase
        .from('booking_settings')
        .update(values)
        .eq('singleton', true)
        .select(SETTINGS_COLUMNS)
        .single();
      if (error) throw error;
      return data;
    },
    onSuccess: (settings) => queryClient.setQueryData(bookingQueries.settings().queryKey, settings),
  });
}
