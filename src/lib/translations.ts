import type { Locale } from '@/lib/i18n';
import type { Json } from '@/types/database';

/**
 * Content in the database is written in English in the spec's columns; the `translations` jsonb
 * column of site_content, rooms, amenities and services holds the other languages:
 *   site_content: {"it": "…", "fr": "…"}
 *   the others:   {"it": {"name": "…", "description": "…", "amenities": ["…"]}, "fr": {…}}
 * (see docs/languages.md). These pure functions pick the text of a page's language and fall back
 * to English for a missing or blank one.
 */
export const TRANSLATED_LOCALES = ['it', 'fr'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The translation of a one-text row (site_content) in `locale`, or undefined. */
export function translatedText(translations: Json | undefined, locale: Locale): string | undefined {
  if (locale === 'en' || !isRecord(translations)) return undefined;
  const value = translations[locale];
  return isText(value) ? value : undefined;
}

/** The translated fields of a row in `locale` ({} for English or none). */
export function translatedFields(translations: Json | undefined, locale: Locale): Record<string, unknown> {
  if (locale === 'en' || !isRecord(translations)) return {};
  const fields = translations[locale];
  return isRecord(fields) ? fields : {};
}

/** The text in the page's language; English when that one is missing or blank. */
export function pickText<T extends string | null>(english: T, translated: unknown): string | T {
  return isText(translated) ? translated : english;
}

/** A list in the page's language (its blank entries dropped); English when that one is missing or empty. */
export function pickList(english: readonly string[], translated: unknown): string[] {
  if (!Array.isArray(translated)) return [...english];
  const list = translated.filter(isText);
  return list.length > 0 ? list : [...english];
}

type TextFields<T> = { [K in keyof T]: T[K] extends string | null ? K : T[K] extends string[] ? K : never }[keyof T];

/**
 * A row with its translatable fields (texts or text lists) in `locale`, each falling back to
 * English on its own. The row keeps its shape, so screens read `room.name` as before.
 */
export function localizeRow<T extends { translations: Json }>(
  row: T,
  locale: Locale,
  fields: readonly (TextFields<T> & string)[],
): T {
  if (locale === 'en') return row;
  const translated = translatedFields(row.translations, locale);
  const localized: Record<string, unknown> = { ...row };
  for (const field of fields) {
    const english = row[field] as unknown;
    localized[field] = Array.isArray(english)
      ? pickList(english as string[], translated[field])
      : pickText(english as string | null, translated[field]);
  }
  return localized as T;
}
