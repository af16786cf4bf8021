// The staff portal's formats (issue 43): dates, numbers and money as the portal's language writes
// them. The portal's language is Lingui's active one under /admin (set by `PortalLanguage`, which
// re-mounts the admin tree when it changes), so these are plain functions every admin screen and
// CSV calls. Imported by admin code only: the public pages' first load never carries them.
import { i18n } from '@lingui/core';
import { format, parseISO, type Locale as DateFnsLocale } from 'date-fns';
import { it } from 'date-fns/locale';
import type { PortalLocale } from './locales';

/** The portal's language now: Lingui's active one, English unless it is Italian. */
export function portalLocale(): PortalLocale {
  return i18n.locale === 'it' ? 'it' : 'en';
}

/**
 * Intl's tags: English keeps the portal's existing formats (numbers "1,234.5" as in en-GB, money
 * "€1,234.50" as in en-IE); Italian writes "1.234,5" and "1.234,50 €".
 */
const NUMBER_TAGS: Record<PortalLocale, string> = { en: 'en-GB', it: 'it-IT' };
const EURO_TAGS: Record<PortalLocale, string> = { en: 'en-IE', it: 'it-IT' };
/** date-fns's locales: English is date-fns's default (month names "Mar", "March"). */
const DATE_FNS: Record<PortalLocale, DateFnsLocale | undefined> = { en: undefined, it };

/**
 * The portal's date patterns, per language (English as the spec writes them: "Mar 05, 2026";
 * Italian puts the day first: "05 mar 2026").
 */
export const PORTAL_DATE_PATTERNS = {
  /** "Mar 05, 2026" / "05 mar 2026" */
  date: { en: 'MMM dd, yyyy', it: 'dd MMM yyyy' },
  /** "Mar 05, 2026 14:03:09" / "05 mar 2026 14:03:09" */
  dateTime: { en: 'MMM dd, yyyy HH:mm:ss', it: 'dd MMM yyyy HH:mm:ss' },
  /** "5 Mar 2026" / "5 mar 2026" */
  day: { en: 'd MMM yyyy', it: 'd MMM yyyy' },
  /** "Thu 5 Mar" / "gio 5 mar" */
  weekday: { en: 'EEE d MMM', it: 'EEE d MMM' },
  /** "March 2026" / "marzo 2026" */
  month: { en: 'MMMM yyyy', it: 'MMMM yyyy' },
  /** "Mar 26" / "mar 26" */
  monthShort: { en: 'MMM yy', it: 'MMM yy' },
} as const satisfies Record<string, Record<PortalLocale, string>>;
export type PortalDatePattern = keyof typeof PORTAL_DATE_PATTERNS;

const asDate = (value: string | Date) => (typeof value === 'string' ? parseISO(value) : value);

/** A date or timestamp in one of the portal's patterns; a value that is no date is shown as it is. */
export function portalDate(value: string | Date, pattern: PortalDatePattern = 'date'): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const locale = portalLocale();
  return format(date, PORTAL_DATE_PATTERNS[pattern][locale], { locale: DATE_FNS[locale] });
}

/** date-fns's locale of the portal's language, for a screen's own patterns (calendars). */
export function portalDateFnsLocale(): DateFnsLocale | undefined {
  return DATE_FNS[portalLocale()];
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(tags: Record<PortalLocale, string>, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = tags[portalLocale()];
  const key = `${tag}${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, options);
    cache.set(key, formatter);
  }
  return formatter;
}

/** Euros: "€1,234.50" / "1.234,50 €"; `whole` drops the cents ("€1,235" / "1.235 €"). */
export function portalEuro(amount: number, { whole = false }: { whole?: boolean } = {}): string {
  return numberFormat(EURO_TAGS, {
    style: 'currency',
    currency: 'EUR',
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

/** A number: "1,234.5" / "1.234,5". */
export function portalNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(NUMBER_TAGS, options).format(value);
}

/** A timestamp as the portal's language writes it with Intl's styles ("5 Mar 2026, 14:03"). */
export function portalDateTime(
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(NUMBER_TAGS[portalLocale()], options).format(date);
}
