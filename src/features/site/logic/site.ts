import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Tables } from '@/types/database';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/locales';
import { cinIdentifier } from '@/lib/site-compliance';
import { contentValue, type SiteContent } from '@/lib/site-content';

export type AmenityRow = Pick<Tables<'amenities'>, 'id' | 'name' | 'description' | 'icon_name' | 'display_order'>;

export type ReviewRow = Pick<
  Tables<'reviews'>,
  'id' | 'guest_name' | 'guest_location' | 'rating' | 'comment' | 'review_date' | 'host_reply'
>;

/** Count and average (1–5) of the approved reviews of stays (the review_summary view). */
export interface ReviewSummary {
  review_count: number;
  average_rating: number | null;
}

/**
 * Where the one headline rating and count (the hero's and the Reviews section's) come from: the
 * approved reviews of stays when the Content screen's switch says so and there is one; otherwise
 * the typed hero_rating and hero_review_count; nothing while the computed one is still loading.
 */
export type ReviewHeadline =
  { kind: 'typed' } | { kind: 'computed'; average: number; count: number } | { kind: 'none' };

export function reviewHeadline(computed: boolean, summary: ReviewSummary | undefined, failed: boolean): ReviewHeadline {
  // a failed load shows the typed texts (or their defaults), as every section does on failure
  if (!computed || failed) return { kind: 'typed' };
  if (!summary) return { kind: 'none' };
  if (summary.review_count === 0 || summary.average_rating === null) return { kind: 'typed' };
  return { kind: 'computed', average: summary.average_rating, count: summary.review_count };
}

/** The headline rating (out of 5) and count, or null when there is nothing to show yet. */
export function heroRating(
  content: SiteContent | undefined,
  headline: ReviewHeadline,
): { rating: string; reviewCount: string } | null {
  if (headline.kind === 'none') return null;
  if (headline.kind === 'computed') {
    return { rating: headline.average.toFixed(1), reviewCount: String(headline.count) };
  }
  const hero = heroContent(content);
  return { rating: hero.rating, reviewCount: hero.reviewCount };
}

export const REVIEWS_SHOWN = 4;
export const AMENITY_SKELETONS = 6;

/** The hero's texts when the site texts are empty or fail to load (the subtitle and place in the page's language). */
export const HERO_DEFAULTS = {
  title: 'Colosseum Guest House',
  subtitle: msg`Boutique rooms a five-minute walk from the Colosseum, in the heart of ancient Rome`,
  location: msg`Via dei Serpenti 42, Rome`,
  rating: '4.9',
  reviewCount: '127',
} as const;

/** Read when called (never at module load), so the defaults follow the active language. */
export function heroContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'hero_title', HERO_DEFAULTS.title),
    subtitle: contentValue(content, 'hero_subtitle', i18n._(HERO_DEFAULTS.subtitle)),
    location: contentValue(content, 'hero_location', i18n._(HERO_DEFAULTS.location)),
    rating: contentValue(content, 'hero_rating', HERO_DEFAULTS.rating),
    reviewCount: contentValue(content, 'hero_review_count', HERO_DEFAULTS.reviewCount),
  };
}

/** Header and footer navigation (labels are messages: `i18n._(label)`). Home is only listed in the mobile menu. */
export const NAV_SECTIONS = [
  { id: 'hero', label: msg({ message: 'Home', context: 'navigation' }), mobileOnly: true },
  { id: 'rooms', label: msg({ message: 'Rooms', context: 'navigation' }), mobileOnly: false },
  { id: 'amenities', label: msg({ message: 'Amenities', context: 'navigation' }), mobileOnly: false },
  { id: 'booking', label: msg({ message: 'Booking', context: 'navigation' }), mobileOnly: false },
  { id: 'location', label: msg({ message: 'Location', context: 'navigation' }), mobileOnly: false },
  { id: 'reviews', label: msg({ message: 'Reviews', context: 'navigation' }), mobileOnly: false },
  { id: 'contact', label: msg({ message: 'Contact', context: 'navigation' }), mobileOnly: false },
] as const;

/**
 * A number typed as text in the site texts ("9.7", "5.0", "1250") as the page's language writes
 * it, with as many decimals ("9,7", "5,0", "12.500" in Italian); any other text is shown as typed.
 */
export function localNumber(text: string, locale: Locale): string {
  const match = /^\d+(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const decimals = match[1]?.length ?? 0;
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(text));
}

export type CookieConsent = 'accepted' | 'declined';
export const COOKIE_CONSENT_KEY = 'cookie-consent';

export function readCookieConsent(storage: Pick<Storage, 'getItem'> | undefined): CookieConsent | null {
  try {
    const value = storage?.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export { telHref } from '@/lib/tel-href';

/** schema.org Hotel data for the home page. */
export function hotelJsonLd(input: {
  name: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  url: string;
  /** the picture's absolute URL (default: the Deluxe King illustration under `url`) */
  image?: string;
  /** the hero's headline (heroRating), null when there is none */
  rating: { rating: string; reviewCount: string } | null;
  priceRange?: string;
  /** the national identification code (CIN), when set */
  cin?: string | null;
}) {
  const rating = Number(input.rating?.rating);
  const count = Number(input.rating?.reviewCount);
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: input.name,
    description: input.description,
    url: input.url,
    telephone: input.phone,
    email: input.email,
    image: input.image ?? `${input.url.replace(/\/$/, '')}/rooms/deluxe-king.svg`,
    address: { '@type': 'PostalAddress', streetAddress: input.address, addressLocality: 'Rome', addressCountry: 'IT' },
    geo: { '@type': 'GeoCoordinates', latitude: 41.8947, longitude: 12.4923 },
    checkinTime: '15:00',
    checkoutTime: '10:30',
    availableLanguage: ['Italian', 'English', 'French'],
    ...(input.priceRange ? { priceRange: input.priceRange } : {}),
    ...cinIdentifier(input.cin),
    ...(Number.isFinite(rating) && Number.isFinite(count) && count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating, bestRating: 5, reviewCount: count } }
      : {}),
  };
}
