import { i18n } from '@lingui/core';
import { activateLocale } from '@/lib/i18n';
import {
  heroContent,
  heroRating,
  hotelJsonLd,
  localNumber,
  NAV_SECTIONS,
  readCookieConsent,
  reviewHeadline,
  telHref,
} from './site';
import { locationContent, reviewsContent, reviewsScore, starCount } from './sections';

describe('section defaults', () => {
  it('hero defaults to rating 4.9 from 127 reviews', () => {
    expect(heroContent(undefined)).toMatchObject({ rating: '4.9', reviewCount: '127' });
    expect(heroContent({ hero_rating: '4.7', hero_title: '  ' })).toMatchObject({
      rating: '4.7',
      title: 'Colosseum Guest House',
    });
  });

  it("the Reviews section's score is the hero's: 4.9 out of 5 from 127 reviews by default", () => {
    expect(reviewsScore(undefined, { kind: 'typed' })).toEqual({
      rating: '4.9',
      subtitle: 'out of 5 from 127 reviews',
    });
    expect(reviewsContent({}).title).toBe('What Our Guests Say');
  });

  it('location texts come from site content', () => {
    expect(locationContent({ location_title: 'Where we are' }).title).toBe('Where we are');
  });
});

describe('helpers', () => {
  it('stars are whole numbers 0..5', () => {
    expect(starCount(4)).toBe(4);
    expect(starCount(7)).toBe(5);
    expect(starCount(-1)).toBe(0);
    expect(starCount(Number.NaN)).toBe(0);
  });

  it('Home is only in the mobile menu', () => {
    expect(NAV_SECTIONS.filter((s) => !s.mobileOnly).map((s) => s.id)).not.toContain('hero');
    expect(NAV_SECTIONS.map((s) => s.label.message)).toContain('Home');
  });

  it('reads the stored cookie choice', () => {
    expect(readCookieConsent({ getItem: () => 'accepted' })).toBe('accepted');
    expect(readCookieConsent({ getItem: () => 'declined' })).toBe('declined');
    expect(readCookieConsent({ getItem: () => null })).toBeNull();
    expect(readCookieConsent({ getItem: () => 'maybe' })).toBeNull();
    expect(
      readCookieConsent({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBeNull();
  });

  it('typed numbers are written as the language writes them, other texts as typed', () => {
    expect(localNumber('9.7', 'en')).toBe('9.7');
    expect(localNumber('9.7', 'it')).toBe('9,7');
    expect(localNumber('5.0', 'fr')).toBe('5,0');
    expect(localNumber('12500', 'it')).toBe('12.500');
    expect(localNumber('1250', 'en')).toBe('1,250');
    expect(localNumber('nine', 'it')).toBe('nine');
  });

  it('tel links keep digits and +', () => {
    expect(telHref('+39 06 1234 5678')).toBe('tel:+390612345678');
  });

  it('builds schema.org Hotel data', () => {
    const data = hotelJsonLd({
      name: 'Colosseum Guest House',
      description: 'd',
      address: 'Via dei Serpenti 42',
      phone: '+39',
      email: 'a@b.c',
      url: 'https://example.com/',
      rating: { rating: '4.9', reviewCount: '127' },
      priceRange: '€85–€240',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      name: 'Colosseum Guest House',
      priceRange: '€85–€240',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, reviewCount: 127 },
    });
  });
});

describe('one headline rating: typed texts or computed from approved reviews of stays', () => {
  const content = { hero_rating: '4.6', hero_review_count: '212' };
  it('the hero and the Reviews section show the same typed rating and count unless the switch says computed', () => {
    const typed = reviewHeadline(false, { review_count: 3, average_rating: 4.5 }, false);
    expect(typed).toEqual({ kind: 'typed' });
    expect(heroRating(content, typed)).toEqual({ rating: '4.6', reviewCount: '212' });
    expect(reviewsScore(content, typed)).toEqual({ rating: '4.6', subtitle: 'out of 5 from 212 reviews' });
    expect(reviewHeadline(true, undefined, true)).toEqual({ kind: 'typed' });
  });
  it('computed: both from the approved reviews; the typed ones while there is none; nothing while loading', () => {
    const computed = reviewHeadline(true, { review_count: 3, average_rating: 4.67 }, false);
    expect(heroRating(content, computed)).toEqual({ rating: '4.7', reviewCount: '3' });
    expect(reviewsScore(content, computed)).toEqual({ rating: '4.7', subtitle: 'out of 5 from 3 reviews' });
    const one = reviewHeadline(true, { review_count: 1, average_rating: 5 }, false);
    expect(reviewsScore(content, one)?.subtitle).toBe('out of 5 from 1 review');
    const none = reviewHeadline(true, { review_count: 0, average_rating: null }, false);
    expect(heroRating(content, none)).toEqual({ rating: '4.6', reviewCount: '212' });
    expect(reviewsScore(content, none)?.rating).toBe('4.6');
    expect(heroRating(content, reviewHeadline(true, undefined, false))).toBeNull();
    expect(reviewsScore(content, reviewHeadline(true, undefined, false))).toBeNull();
  });
  it('a typed count that is not a number leaves the count out of the sentence', () => {
    expect(reviewsScore({ hero_rating: '4.8', hero_review_count: 'many' }, { kind: 'typed' })).toEqual({
      rating: '4.8',
      subtitle: 'out of 5',
    });
  });
});

describe('the defaults follow the active language', () => {
  afterEach(() => activateLocale('en'));

  it('hero, reviews and location defaults in Italian and French; typed texts stay as typed', async () => {
    await activateLocale('it');
    expect(heroContent(undefined).location).toBe('Via dei Serpenti 42, Roma');
    expect(locationContent({ location_title: 'Dove siamo' }).title).toBe('Dove siamo');
    expect(locationContent(undefined).title).toBe('Una posizione perfetta');
    const computed = reviewHeadline(true, { review_count: 2, average_rating: 4.5 }, false);
    expect(reviewsScore({}, computed)?.subtitle).toBe('su 5, da 2 recensioni');
    await activateLocale('fr');
    expect(reviewsContent(undefined).title).toBe('Ce que disent nos clients');
    expect(NAV_SECTIONS.map((section) => i18n._(section.label))).toEqual([
      'Accueil',
      'Chambres',
      'Services',
      'Réserver',
      'Accès',
      'Avis',
      'Contact',
    ]);
  });
});
