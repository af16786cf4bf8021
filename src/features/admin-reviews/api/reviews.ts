import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { REVIEW_TABS, tabFilter, type AdminReview, type ReviewCounts, type ReviewTab } from '../logic/reviews';

/** The newest reviews listed per tab (a guest house gets far fewer). */
export const REVIEW_LIST_LIMIT = 200;

export const reviewQueries = {
  /** the reviews root: also the home page's reviews and the computed headline (see features/site) */
  all: () => resourceKeys.reviews,
  /** a tab's reviews, newest first, each with its stay (reference, dates, room) */
  list: (tab: ReviewTab) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'list', tab],
      queryFn: async (): Promise<AdminReview[]> => {
        let query = supabase
          .from('reviews')
          .select('*, booking:bookings(reference, check_in_date, check_out_date, room:rooms(name, room_number))');
        for (const [column, value] of Object.entries(tabFilter(tab))) query = query.eq(column, value);
        const { data, error } = await query.order('created_at', { ascending: false }).limit(REVIEW_LIST_LIMIT);
        if (error) throw error;
        const rows: AdminReview[] = data ?? [];
        return rows;
      },
      meta: { errorText: t`Failed to load reviews` },
    }),
  /** how many reviews each tab holds */
  counts: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'counts'],
      queryFn: async (): Promise<ReviewCounts> => {
        const counts = await Promise.all(
          REVIEW_TABS.map(async (tab) => {
            let query = supabase.from('reviews').select('id', { count: 'exact', head: true });
            for (const [column, value] of Object.entries(tabFilter(tab))) query = query.eq(column, value);
            const { count, error } = await query;
            if (error) throw error;
            return [tab, count ?? 0] as const;
          }),
        );
        return Object.fromEntries(counts) as ReviewCounts;
      },
    }),
};

/** Approve, hide, or send back to pending; reply; delete (admins). */
export function useUpdateReview() {
  // the root: the admin lists and counts, and the home page's reviews, replies and headline
  return useRefreshingMutation(reviewQueries.all(), {
    mutationFn: async ({
      id,
      patch,
    }: {
      id: string;
      patch: { approved?: boolean; hidden?: boolean; host_reply?: string | null };
    }) => {
      const { data, error } = await supabase.from('reviews').update(patch).eq('id', id).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error(t`The review was not found.`);
    },
  });
}

export function useDeleteReview() {
  // the root: the admin lists and counts, and the home page's reviews, replies and headline
  return useRefreshingMutation(reviewQueries.all(), {
    meta: { errorText: t`Failed to delete the review` },
    mutationFn: async (id: string) => {
      const { data, error } = await supabase.from('reviews').delete().eq('id', id).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error(t`Only administrators can delete reviews.`);
    },
  });
}

/** A review entered by hand (from before the product), stored as 'manual' and pending. */
export function useAddManualReview() {
  // the root: the admin lists and counts, and the home page's reviews, replies and headline
  return useRefreshingMutation(reviewQueries.all(), {
    meta: { errorText: t`Failed to add the review` },
    mutationFn: async (review: {
      guest_name: string;
      guest_location: string | null;
      rating: number;
      comment: string;
      review_date: string;
    }) => {
      const { error } = await supabase.from('reviews').insert(review);
      if (error) throw error;
    },
  });
}
