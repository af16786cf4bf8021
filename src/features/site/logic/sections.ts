import { i18n } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { contentValue, type SiteContent } from '@/lib/site-content';
import { heroRating, type ReviewHeadline } from './site';

/**
 * Texts and constants of the sections below the rooms (kept out of the home page's first chunk).
 * The defaults are messages, read in the active language when a function below is called.
 */
export const REVIEWS_DEFAULTS = {
  title: msg`What Our Guests Say`,
  footer: msg`Reviews collected from guests who stayed with us`,
} as const;

export const LOCATION_DEFAULTS = {
  title: msg`Perfect Location`,
  subtitle: msg`In the Monti district, between the Colosseum, the Roman Forum and Santa Maria Maggiore`,
  walkTitle: msg`Everything within walking distance`,
  walkDescription: msg`Leave the map in your pocket: the Colosseum is 5 minutes away, the Roman Forum 7, the Trevi Fountain 20, and the Cavour metro station 3.`,
} as const;

/** Static walking distances shown in the location section and on room pages (names: `i18n._(name)`). */
export const NEARBY_PLACES = [
  { id: 'colosseum', name: msg`Colosseum`, minutes: 5 },
  { id: 'forum', name: msg`Roman Forum`, minutes: 7 },
  { id: 'palatine', name: msg`Palatine Hill`, minutes: 10 },
  { id: 'cavour', name: msg`Cavour Metro (Line B)`, minutes: 3 },
  { id: 'trevi', name: msg`Trevi Fountain`, minutes: 20 },
  { id: 'pantheon', name: msg`Pantheon`, minutes: 25 },
] as const;

export function reviewsContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'reviews_title', i18n._(REVIEWS_DEFAULTS.title)),
    footer: contentValue(content, 'reviews_footer_text', i18n._(REVIEWS_DEFAULTS.footer)),
  };
}

/**
 * The Reviews section's score: the hero's headline (the same rating out of 5 and the same count),
 * with the sentence under it; null when there is nothing to show yet.
 */
export function reviewsScore(
  content: SiteContent | undefined,
  headline: ReviewHeadline,
): { rating: string; subtitle: string } | null {
  const score = heroRating(content, headline);
  if (!score) return null;
  const count = Number(score.reviewCount);
  if (!Number.isInteger(count) || count < 0) return { rating: score.rating, subtitle: t`out of 5` };
  const reviews = plural(count, { one: '# review', other: '# reviews' });
  return { rating: score.rating, subtitle: t`out of 5 from ${reviews}` };
}

export function locationContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'location_title', i18n._(LOCATION_DEFAULTS.title)),
    subtitle: contentValue(content, 'location_subtitle', i18n._(LOCATION_DEFAULTS.subtitle)),
    walkTitle: contentValue(content, 'location_walk_title', i18n._(LOCATION_DEFAULTS.walkTitle)),
    walkDescription: contentValue(content, 'location_walk_description', i18n._(LOCATION_DEFAULTS.walkDescription)),
  };
}

/** A rating 1..5 as whole stars (out-of-range values clamped). */
export function starCount(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.max(0, Math.min(5, Math.round(rating)));
}
