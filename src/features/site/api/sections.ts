import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale, type Locale } from '@/lib/i18n';
import { loggedQuery } from '@/lib/logged-query';
import { publicDb } from '@/lib/public-db';
import { isComputedHeadline, useSiteContent } from '@/lib/site-content';
import { resourceKeys } from '@/lib/query-keys';
import { localizeRow } from '@/lib/translations';
import type { Json } from '@/types/database';
import {
  REVIEWS_SHOWN,
  reviewHeadline,
  type AmenityRow,
  type ReviewHeadline,
  type ReviewRow,
  type ReviewSummary,
} from '../logic/site';

/** An amenity in every language (English in name and description, the others in translations). */
export type AmenityTexts = AmenityRow & { translations: Json };

/** The amenity's name and description in `locale`, each falling back to English. */
export function localizeAmenity(amenity: AmenityTexts, locale: Locale): AmenityRow {
  const { translations: _translations, ...row } = localizeRow(amenity, locale, ['name', 'description']);
  return row;
}

/** Active amenities ordered by display_order, then name, in every language. */
export const amenitiesQuery = queryOptions({
  queryKey: [...resourceKeys.amenities, 'public'],
  queryFn: loggedQuery(async (): Promise<AmenityTexts[]> => {
    const { data, error } = await publicDb
      .from('amenities')
      .select('id, name, description, icon_name, display_order, translations')
      .eq('is_active', true)
      .order('display_order')
      .order('name');
    if (error) throw error;
    return data ?? [];
  }, 'Error fetching amenities:'),
  staleTime: 5 * 60_000,
});

/** The active amenities in the page's language. */
export function useAmenities() {
  const locale = useLocale();
  const select = useCallback(
    (amenities: AmenityTexts[]) => amenities.map((amenity) => localizeAmenity(amenity, locale)),
    [locale],
  );
  return useQuery({ ...amenitiesQuery, select });
}

/** The four newest approved reviews. */
export const reviewsQuery = queryOptions({
  queryKey: [...resourceKeys.reviews, 'public'],
  queryFn: loggedQuery(async (): Promise<ReviewRow[]> => {
    const { data, error } = await publicDb
      .from('reviews')
      .select('id, guest_name, guest_location, rating, comment, review_date, host_reply')
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

/** Count and average of the approved reviews of stays (one row). */
export const reviewSummaryQuery = queryOptions({
  queryKey: [...resourceKeys.reviews, 'summary'],
  queryFn: loggedQuery(async (): Promise<ReviewSummary> => {
    const { data, error } = await publicDb.from('review_summary').select('review_count, average_rating').single();
    if (error) throw error;
    return { review_count: data.review_count ?? 0, average_rating: data.average_rating };
  }, 'Error fetching the review summary:'),
  staleTime: 5 * 60_000,
});

/**
 * The headline rating and count as the Content screen's switch chooses: the typed texts, or the
 * approved reviews of stays (requested only when the switch says so).
 */
export function useReviewHeadline(): ReviewHeadline {
  const { data: content } = useSiteContent();
  const computed = isComputedHeadline(content);
  const summary = useQuery({ ...reviewSummaryQuery, enabled: computed });
  return reviewHeadline(computed, summary.data, summary.isError);
}
