import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { isTranslatableKey, SITE_CONTENT_KEYS } from '@/lib/site-content';
import { TRANSLATED_LOCALES, translatedText, type TranslatedLocale } from '@/lib/translations';
import type { Json, Tables } from '@/types/database';

export type ContentEntry = Pick<Tables<'site_content'>, 'key' | 'value' | 'description' | 'translations'>;

/** The languages the Content screen edits side by side: English (the `value` column) first. */
export type ContentLanguage = 'en' | TranslatedLocale;
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['en', ...TRANSLATED_LOCALES];
/** A language's name in the portal's language ("Italian"). */
export function languageName(language: ContentLanguage): string {
  const names: Record<ContentLanguage, string> = { en: t`English`, it: t`Italian`, fr: t`French` };
  return names[language];
}

/** Unsaved edits: per key, per language. */
export type ContentDraft = Readonly<Record<string, Partial<Record<ContentLanguage, string>>>>;

/** The languages a text is edited in: language-neutral texts (numbers, contacts) only in English. */
export function entryLanguages(key: string): readonly ContentLanguage[] {
  return isTranslatableKey(key) ? CONTENT_LANGUAGES : ['en'];
}

/** The saved text of an entry in one language ('' when not translated). */
export function savedText(entry: ContentEntry, language: ContentLanguage): string {
  return language === 'en' ? entry.value : (translatedText(entry.translations, language) ?? '');
}

/** What the field shows: the unsaved edit, else the saved text. */
export function shownText(entry: ContentEntry, draft: ContentDraft, language: ContentLanguage): string {
  return draft[entry.key]?.[language] ?? savedText(entry, language);
}

/** A translation to flag: the English text has words, the language's text (as shown) has none. */
export function isMissingTranslation(entry: ContentEntry, draft: ContentDraft, language: ContentLanguage): boolean {
  return (
    language !== 'en' &&
    isTranslatableKey(entry.key) &&
    shownText(entry, draft, 'en').trim() !== '' &&
    shownText(entry, draft, language).trim() === ''
  );
}

/** The Content screen's sections, by key prefix, in the spec's order. */
export const CONTENT_SECTIONS = [
  { prefix: 'hero_', title: msg`Hero` },
  { prefix: 'rooms_', title: msg`Rooms` },
  { prefix: 'location_', title: msg`Location` },
  { prefix: 'reviews_', title: msg`Reviews` },
  { prefix: 'booking_', title: msg`Booking Form` },
  { prefix: 'contact_', title: msg`Contact Information` },
] as const;

/** Known keys in the order the public page shows them, then any other key alphabetically. */
function byPageOrder(a: ContentEntry, b: ContentEntry): number {
  const rank = (key: string) => {
    const index = (SITE_CONTENT_KEYS as readonly string[]).indexOf(key);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return rank(a.key) - rank(b.key) || a.key.localeCompare(b.key);
}

export function groupContent(entries: readonly ContentEntry[]) {
  return CONTENT_SECTIONS.map((section) => ({
    prefix: section.prefix,
    title: i18n._(section.title),
    entries: entries.filter((entry) => entry.key.startsWith(section.prefix)).sort(byPageOrder),
  }));
}

export interface ContentChange {
  key: string;
  language: ContentLanguage;
  value: string;
}

/** Every text whose draft differs from the saved one: one change per key and language. */
export function changedEntries(saved: readonly ContentEntry[], draft: ContentDraft): ContentChange[] {
  return saved.flatMap((entry) =>
    entryLanguages(entry.key).flatMap((language) => {
      const value = draft[entry.key]?.[language];
      return value !== undefined && value !== savedText(entry, language) ? [{ key: entry.key, language, value }] : [];
    }),
  );
}

export interface ContentSaveRow {
  key: string;
  value: string;
  translations: { [language: string]: Json | undefined };
}

/**
 * The upsert payload: one row per changed key, its English value and its translations with the
 * changed languages replaced and the others as saved (a blank text removes the translation).
 */
export function contentSaveRows(saved: readonly ContentEntry[], changes: readonly ContentChange[]): ContentSaveRow[] {
  const rows = new Map<string, { value: string; translations: Record<string, Json | undefined> }>();
  for (const change of changes) {
    const entry = saved.find((candidate) => candidate.key === change.key);
    if (!entry) continue;
    const row = rows.get(entry.key) ?? {
      value: entry.value,
      translations:
        typeof entry.translations === 'object' && entry.translations !== null && !Array.isArray(entry.translations)
          ? { ...entry.translations }
          : {},
    };
    if (change.language === 'en') row.value = change.value;
    else if (change.value.trim() === '') delete row.translations[change.language];
    else row.translations[change.language] = change.value;
    rows.set(entry.key, row);
  }
  return [...rows].map(([key, row]) => ({ key, value: row.value, translations: row.translations }));
}

/** "hero_review_count" → "Review Count" (the section already says Hero). */
export function contentLabel(key: string): string {
  const section = CONTENT_SECTIONS.find((candidate) => key.startsWith(candidate.prefix));
  const rest = section ? key.slice(section.prefix.length) : key;
  return rest
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Long texts get a text area (the longest of the languages counts: the columns are narrow). */
export function isLongContent(entry: ContentEntry): boolean {
  const longest = Math.max(...CONTENT_LANGUAGES.map((language) => savedText(entry, language).length));
  return longest > 50 || /(description|subtitle|text|address)$/.test(entry.key);
}

/** "Hero: Title", the name of an entry in the unsaved-changes bar. */
export function entryName(key: string): string {
  const section = CONTENT_SECTIONS.find((candidate) => key.startsWith(candidate.prefix));
  return section ? `${i18n._(section.title)}: ${contentLabel(key)}` : contentLabel(key);
}

/** "Hero: Title" for English, "Hero: Title (Italian)" for a translation. */
export function changeName(change: Pick<ContentChange, 'key' | 'language'>): string {
  const name = entryName(change.key);
  return change.language === 'en' ? name : `${name} (${languageName(change.language)})`;
}
