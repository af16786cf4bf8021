import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { z } from 'zod';
import { TRANSLATED_LOCALES, translatedFields, type TranslatedLocale } from '@/lib/translations';
import type { Json } from '@/types/database';

/**
 * The Italian and French texts of a room, an amenity or a service in the admin dialogs: the form
 * holds plain strings (an amenity list as one entry per line); saving turns them into the
 * `translations` column ({"it": {"name": …}, …}) without blank texts, so the page shows English there.
 */
export type TranslatedField = 'name' | 'description' | 'amenities' | 'bed_layout' | 'view';

const LANGUAGE_NAMES: Record<TranslatedLocale, MessageDescriptor> = { it: msg`Italian`, fr: msg`French` };

const FIELD_LABELS: Record<TranslatedField, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  amenities: msg`Amenities`,
  bed_layout: msg`Bed layout`,
  view: msg`View`,
};

/** The longest text the database takes per field (the list: per entry, at most 50 entries). */
const MAX_LENGTH: Record<TranslatedField, number> = {
  name: 100,
  description: 2000,
  amenities: 100,
  bed_layout: 100,
  view: 100,
};
const MAX_LIST = 50;

export type TranslationsDraft = Record<TranslatedLocale, Partial<Record<TranslatedField, string>>>;
export type TranslationsValue = { [locale: string]: { [field: string]: string | string[] } };

/** The dialog's starting texts: the saved translations, '' where there is none. */
export function translationsDraft(
  translations: Json | undefined,
  fields: readonly TranslatedField[],
): TranslationsDraft {
  const draft = {} as TranslationsDraft;
  for (const locale of TRANSLATED_LOCALES) {
    const saved = translatedFields(translations, locale);
    draft[locale] = {};
    for (const field of fields) {
      const value = saved[field];
      draft[locale][field] = Array.isArray(value)
        ? value.filter((item) => typeof item === 'string').join('\n')
        : typeof value === 'string'
          ? value
          : '';
    }
  }
  return draft;
}

/** One entry per line, trimmed, blank lines and repeats (any case) dropped. */
export function amenityLines(text: string): string[] {
  const list: string[] = [];
  for (const line of text.split('\n')) {
    const item = line.trim().replace(/\s+/g, ' ');
    if (item && !list.some((existing) => existing.toLowerCase() === item.toLowerCase())) list.push(item);
  }
  return list;
}

/** The `translations` column from the dialog's texts: trimmed, blank ones left out. */
export function translationsValue(draft: TranslationsDraft): TranslationsValue {
  const value: TranslationsValue = {};
  for (const locale of TRANSLATED_LOCALES) {
    const fields: { [field: string]: string | string[] } = {};
    for (const [field, text] of Object.entries(draft[locale] ?? {}) as [TranslatedField, string | undefined][]) {
      if (field === 'amenities') {
        const list = amenityLines(text ?? '');
        if (list.length > 0) fields[field] = list;
      } else if (text?.trim()) {
        fields[field] = text.trim();
      }
    }
    if (Object.keys(fields).length > 0) value[locale] = fields;
  }
  return value;
}

const MARKUP = /<[A-Za-z/!?]/;

// The messages are built when a check fails, in the portal's language then (the schemas are built
// once, before any language is active).
function translatedText(field: TranslatedField, locale: TranslatedLocale) {
  const label = () => `${i18n._(FIELD_LABELS[field])} (${i18n._(LANGUAGE_NAMES[locale])})`;
  const max = MAX_LENGTH[field];
  const text = z
    .string()
    .refine((value) => !MARKUP.test(value), { error: () => t`${label()} must be plain text, without HTML` });
  if (field === 'amenities') {
    return text
      .refine((value) => amenityLines(value).length <= MAX_LIST, {
        error: () => t`${label()}: at most ${MAX_LIST} amenities`,
      })
      .refine((value) => amenityLines(value).every((item) => item.length <= max), {
        error: () => t`${label()}: each amenity must be at most ${max} characters`,
      });
  }
  return text.refine((value) => value.trim().length <= max, {
    error: () => t`${label()} must be at most ${max} characters`,
  });
}

/** The zod schema of the dialog's translation texts (messages name the field and language). */
export function translationsSchema(fields: readonly TranslatedField[]) {
  const language = (locale: TranslatedLocale) =>
    z.object(Object.fromEntries(fields.map((field) => [field, translatedText(field, locale)])));
  return z
    .object({ it: language('it'), fr: language('fr') })
    .transform((draft) => translationsValue(draft as TranslationsDraft));
}
