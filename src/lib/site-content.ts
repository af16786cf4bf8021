import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale, type Locale } from '@/lib/i18n';
import type { Json } from '@/types/database';
import { loggedQuery } from './logged-query';
import { resourceKeys } from './query-keys';
import { publicDb } from './public-db';
import { pickText, translatedText } from './translations';

/**
 * Site texts edited in the admin Content screen. The public pages read them in one request and
 * fall back to the defaults below when a key is missing or the request fails.
 */
export const SITE_CONTENT_KEYS = [
  'hero_title',
  'hero_subtitle',
  'hero_location',
  'hero_rating',
  'hero_review_count',
  'rooms_title',
  'rooms_subtitle',
  'booking_title',
  'booking_subtitle',
  'booking_note',
  'location_title',
  'location_subtitle',
  'location_walk_title',
  'location_walk_description',
  'reviews_title',
  'reviews_footer_text',
  'reviews_headline_source',
  'contact_title',
  'contact_subtitle',
  'contact_hours',
  'contact_address',
  'contact_phone',
  'contact_email',
  'contact_whatsapp',
] as const;

export type SiteContentKey = (typeof SITE_CONTENT_KEYS)[number];

/**
 * Texts that are the same in every language (numbers, contact details, the headline switch): the
 * Content screen edits them once, in English, and every language shows the English value.
 */
export const LANGUAGE_NEUTRAL_KEYS: readonly string[] = [
  'hero_rating',
  'hero_review_count',
  'reviews_headline_source',
  'contact_phone',
  'contact_email',
  'contact_whatsapp',
];

export function isTranslatableKey(key: string): boolean {
  return !LANGUAGE_NEUTRAL_KEYS.includes(key);
}

/**
 * The Content screen's switch: 'computed' shows the headline rating and count of the approved
 * reviews of stays (the review_summary view; the typed ones while there is none); anything else
 * shows the typed hero_rating and hero_review_count, in the hero and the Reviews section alike.
 */
export const HEADLINE_SOURCE_KEY = 'reviews_headline_source';
export const HEADLINE_COMPUTED = 'computed';
export const HEADLINE_TYPED = 'typed';

export function isComputedHeadline(content: SiteContent | undefined): boolean {
  return content?.[HEADLINE_SOURCE_KEY]?.trim() === HEADLINE_COMPUTED;
}
export type SiteContent = Partial<Record<string, string>>;

export const CONTACT_DEFAULTS = {
  address: 'Via dei Serpenti 42, 00184 Rome, Italy',
  phone: '+39 06 1234 5678',
  email: 'info@colosseumguesthouse.example',
  whatsapp: '',
} as const;

export interface ContactInfo {
  address: string;
  phone: string;
  email: string;
  /** digits only; empty when unknown */
  whatsapp: string;
}

/** A site text, or the fallback when it is missing or blank. */
export function contentValue(content: SiteContent | undefined, key: string, fallback: string): string {
  const value = content?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

export function contactInfo(content: SiteContent | undefined): ContactInfo {
  return {
    address: contentValue(content, 'contact_address', CONTACT_DEFAULTS.address),
    phone: contentValue(content, 'contact_phone', CONTACT_DEFAULTS.phone),
    email: contentValue(content, 'contact_email', CONTACT_DEFAULTS.email),
    whatsapp: contentValue(content, 'contact_whatsapp', CONTACT_DEFAULTS.whatsapp).replace(/\D/g, ''),
  };
}

/** Under the site-content root the Content screen invalidates after a save. */
export const siteContentKeys = {
  all: resourceKeys.siteContent,
  public: () => [...siteContentKeys.all, 'public'] as const,
};

/** A site text in every language: English in `value`, the others in `translations`. */
export interface SiteText {
  key: string;
  value: string;
  translations: Json;
}

/** Every public site text in every language (one request; the page picks its language). */
export async function fetchSiteContent(): Promise<SiteText[]> {
  const { data, error } = await publicDb
    .from('site_content')
    .select('key, value, translations')
    .in('key', [...SITE_CONTENT_KEYS]);
  if (error) throw error;
  return data ?? [];
}

/**
 * The site texts in one language: each text in `locale`, or the English one when that is missing
 * or blank (language-neutral keys are always English).
 */
export function pickSiteContent(texts: readonly SiteText[], locale: Locale): SiteContent {
  const content: SiteContent = {};
  for (const text of texts) {
    if (typeof text.value !== 'string') continue;
    content[text.key] = isTranslatableKey(text.key)
      ? pickText(text.value, translatedText(text.translations, locale))
      : text.value;
  }
  return content;
}

/** The public site texts of every language: one cache entry, prefetched by the prerender step. */
export const siteContentQuery = queryOptions({
  queryKey: siteContentKeys.public(),
  queryFn: loggedQuery(fetchSiteContent, 'Error fetching site content:'),
  staleTime: 5 * 60_000,
});

/**
 * All public site texts in the page's language (shared by every section through the query cache;
 * switching language picks again from the same cache entry, without a request).
 */
export function useSiteContent() {
  const locale = useLocale();
  const select = useCallback((texts: SiteText[]) => pickSiteContent(texts, locale), [locale]);
  return useQuery({ ...siteContentQuery, select });
}

export function useContactInfo(): ContactInfo {
  const { data } = useSiteContent();
  return contactInfo(data);
}
