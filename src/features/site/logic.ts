import type { Tables } from '@/types/database';
import { contentValue, type SiteContent } from '@/lib/site-content';

export type AmenityRow = Pick<Tables<'amenities'>, 'id' | 'name' | 'description' | 'icon_name' | 'display_order'>;

export type ReviewRow = Pick<
  Tables<'reviews'>,
  'id' | 'guest_name' | 'guest_location' | 'rating' | 'comment' | 'review_date'
>;

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

export function heroContent(content: SiteContent | undefined) {
  return {
    title: contentValue(content, 'hero_title', HERO_DEFAULTS.title),
    subtitle: contentValue(content, 'hero_subtitle', HERO_DEFAULTS.subtitle),
    location: contentValue(content, 'hero_location', HERO_DEFAULTS.location),
    rating: contentValue(content, 'hero_rating', HERO_DEFAULTS.rating),
    reviewCount: contentValue(content, 'hero_review_count', HERO_DEFAULTS.reviewCount),
  };
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
