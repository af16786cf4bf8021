import { contentValue, type SiteContent } from '@/lib/site-content';

export interface AmenityRow {
  id: string;
  name: string;
  description: string | null;
  icon_name: string | null;
  display_order: number | null;
}

export interface ReviewRow {
  id: string;
  guest_name: string;
  guest_location: string | null;
  rating: number;
  comment: string;
  review_date: string | null;
}

export const REVIEWS_SHOWN = 4;
export const ROOM_SKELETONS = 4;
export const AMENITY_SKELETONS = 6;

export const HERO_DEFAULTS = {
  title: 'Colosseum Guest House',
  subtitle: 'Boutique rooms a five-minute walk from the Colosseum, in the heart of ancient Rome',
  location: 'Via dei Serpenti 42, Rome',
  rating: '4.9',
  reviewCount: '127',
} as const;

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

export function heroContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'hero_title', HERO_DEFAULTS.title),
    subtitle: contentValue(content, 'hero_subtitle', HERO_DEFAULTS.subtitle),
    location: contentValue(content, 'hero_location', HERO_DEFAULTS.location),
    rating: contentValue(content, 'hero_rating', HERO_DEFAULTS.rating),
    reviewCount: contentValue(content, 'hero_review_count', HERO_DEFAULTS.reviewCount),
  };
}

export function reviewsContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'reviews_title', REVIEWS_DEFAULTS.title),
    rating: contentValue(content, 'reviews_rating', REVIEWS_DEFAULTS.rating),
    subtitle: contentValue(content, 'reviews_subtitle', REVIEWS_DEFAULTS.subtitle),
    footer: contentValue(content, 'reviews_footer_text', REVIEWS_DEFAULTS.footer),
  };
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

/** Header and footer navigation. Home is only listed in the mobile menu. */
export const NAV_SECTIONS = [
  { id: 'hero', label: 'Home', mobileOnly: true },
  { id: 'rooms', label: 'Rooms', mobileOnly: false },
  { id: 'amenities', label: 'Amenities', mobileOnly: false },
  { id: 'booking', label: 'Booking', mobileOnly: false },
  { id: 'location', label: 'Location', mobileOnly: false },
  { id: 'reviews', label: 'Reviews', mobileOnly: false },
  { id: 'contact', label: 'Contact', mobileOnly: false },
] as const;

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

/** "tel:" link from a display phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** schema.org Hotel data for the home page. */
export function hotelJsonLd(input: {
  name: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  url: string;
  rating: string;
  reviewCount: string;
  priceRange?: string;
}) {
  const rating = Number(input.rating);
  const count = Number(input.reviewCount);
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: input.name,
    description: input.description,
    url: input.url,
    telephone: input.phone,
    email: input.email,
    image: `${input.url.replace(/\/$/, '')}/rooms/deluxe-king.svg`,
    address: { '@type': 'PostalAddress', streetAddress: input.address, addressLocality: 'Rome', addressCountry: 'IT' },
    geo: { '@type': 'GeoCoordinates', latitude: 41.8947, longitude: 12.4923 },
    checkinTime: '15:00',
    checkoutTime: '10:30',
    availableLanguage: ['Italian', 'English', 'French'],
    ...(input.priceRange ? { priceRange: input.priceRange } : {}),
    ...(Number.isFinite(rating) && Number.isFinite(count) && count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating, bestRating: 5, reviewCount: count } }
      : {}),
  };
}
