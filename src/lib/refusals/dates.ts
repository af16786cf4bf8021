import { LOCALE_TAGS, type Locale } from '@/lib/i18n';

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], options);
    cache.set(key, format);
  }
  return format;
}

const utcDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const isISO = (value: string) => /^\d{4}-\d{2}-\d{2}/.test(value);

/** The day in full: "Tuesday, 12 May 2026", "martedì 12 maggio 2026", "mardi 12 mai 2026". */
export function fullDate(iso: string, locale: Locale): string {
  if (!isISO(iso)) return iso;
  return dateFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(iso));
}

/** A weekday's name (0 = Sunday) in the language: "Monday", "lunedì", "lundi". */
export function weekdayName(index: number, locale: Locale): string {
  // 1 January 2023 was a Sunday
  return dateFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + index)));
}
