import { queryOptions, useQuery } from '@tanstack/react-query';
import { loggedQuery } from '@/lib/logged-query';
import { publicDb } from '@/lib/public-db';
import { REVIEWS_SHOWN, type AmenityRow, type ReviewRow } from '../logic';
import { siteKeys } from '@/lib/site-keys';

/** Active amenities ordered by display_order, then name. */
export const amenitiesQuery = queryOptions({
  queryKey: siteKeys.amenities(),
  queryFn: loggedQuery(async (): Promise<AmenityRow[]> => {
    const { data, error } = await publicDb
      .from('amenities')
      .select('id, name, description, icon_name, display_order')
      .eq('is_active', true)
      .order('display_order')
      .order('name');
    if (error) throw error;
    return data ?? [];
  }, 'Error fetching amenities:'),
  staleTime: 5 * 60_000,
});

export function useAmenities() {
  return useQuery(amenitiesQuery);
}

/** The four newest approved reviews. */
export const reviewsQuery = queryOptions({
  queryKey: siteKeys.reviews(),
  queryFn: loggedQuery(async (): Promise<ReviewRow[]> => {
    const { data, error } = await publicDb
      .from('reviews')
      .select('id, guest_name, guest_location, rating, comment, review_date')
      .eq('approved', true)
      .order('created_at', { ascending: false })
      .limit(REVIEWS_SHOWN);
    if (error) throw error;
    return data ?? [];
  }, 'Error fetching reviews:'),
  staleTime: 5 * 60_000,
});

export function useReviews() {
  return useQuery(reviewsQuery);
}
