import { contentValue, type SiteContent } from '@/lib/site-content';
import type { ReviewHeadline } from './logic';

/** Texts and constants of the sections below the rooms (kept out of the home page's first chunk). */
export const REVIEWS_DEFAULTS = {
  title: 'What Our Guests Say',
  rating: '9.7',
  subtitle: 'out of 10 from 326 verified reviews',
  footer: 'Reviews collected from guests who stayed with us',
} as const;

export const LOCATION_DEFAULTS = {
  title: 'Perfect Location',
  subtitle: 'In the Monti district, between the Colosseum, the Roman Forum and Santa Maria Maggiore',
  walkTitle: 'Everything within walking distance',
  walkDescription:
    'Leave the map in your pocket: the Colosseum is 5 minutes away, the Roman Forum 7, the Trevi Fountain 20, and the Cavour metro station 3.',
} as const;

/** Static walking distances shown in the location section and on room pages. */
export const NEARBY_PLACES = [
  { name: 'Colosseum', minutes: 5 },
  { name: 'Roman Forum', minutes: 7 },
  { name: 'Palatine Hill', minutes: 10 },
  { name: 'Cavour Metro (Line B)', minutes: 3 },
  { name: 'Trevi Fountain', minutes: 20 },
  { name: 'Pantheon', minutes: 25 },
] as const;

export function reviewsContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'reviews_title', REVIEWS_DEFAULTS.title),
    rating: contentValue(content, 'reviews_rating', REVIEWS_DEFAULTS.rating),
    subtitle: contentValue(content, 'reviews_subtitle', REVIEWS_DEFAULTS.subtitle),
    footer: contentValue(content, 'reviews_footer_text', REVIEWS_DEFAULTS.footer),
  };
}

/** The Reviews section's score (out of 10) and the text under it, or null when there is nothing to show. */
export function reviewsScore(
  content: SiteContent | undefined,
  headline: ReviewHeadline,
): { rating: string; subtitle: string } | null {
  if (headline.kind === 'none') return null;
  if (headline.kind === 'computed') {
    const reviews = headline.count === 1 ? 'review' : 'reviews';
    return {
      rating: (headline.average * 2).toFixed(1),
      subtitle: `out of 10 from ${headline.count} verified ${reviews}`,
    };
  }
  const text = reviewsContent(content);
  return { rating: text.rating, subtitle: text.subtitle };
}

export function locationContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'location_title', LOCATION_DEFAULTS.title),
    subtitle: contentValue(content, 'location_subtitle', LOCATION_DEFAULTS.subtitle),
    walkTitle: contentValue(content, 'location_walk_title', LOCATION_DEFAULTS.walkTitle),
    walkDescription: contentValue(content, 'location_walk_description', LOCATION_DEFAULTS.walkDescription),
  };
}

/** A rating 1..5 as whole stars (out-of-range values clamped). */
export function starCount(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.max(0, Math.min(5, Math.round(rating)));
}
