import { LOCALE_TAGS, type Locale } from './locales';
import { useLocale } from './use-locale';

/** Calls `make` once, on first use: building an Intl formatter costs a few milliseconds on a phone. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function createIntlFormatters(locale: Locale) {
  const tag = LOCALE_TAGS[locale];
  const euro = once(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }));
  const number = once(() => new Intl.NumberFormat(tag));
  const longDate = once(
    () => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  const shortDate = once(
    () => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  /** A calendar date 'yyyy-mm-dd' read as that day, whatever the browser's time zone. */
  const day = (value: string | Date) =>
    typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return {
    locale,
    euro: (amount: number) => euro().format(amount),
    number: (value: number) => number().format(value),
    /** "5 March 2026", "5 marzo 2026", "5 mars 2026" */
    longDate: (value: string | Date) => longDate().format(day(value)),
    /** "5 Mar 2026", "5 mar 2026", "5 mars 2026" */
    shortDate: (value: string | Date) => shortDate().format(day(value)),
  };
}

const byLocale = new Map<Locale, ReturnType<typeof createIntlFormatters>>();

/**
 * Prices, numbers and dates through Intl alone: what the home page's first chunk needs. (The full
 * `formatters` add date-fns's locales for the calendars, which the first chunk should not carry.)
 * One set per language for the whole page, each formatter built when first used: every price on a
 * page building its own four took about 100 ms of the room page's hydration at a phone's speed (4× CPU slowdown).
 */
export function intlFormatters(locale: Locale) {
  let formatters = byLocale.get(locale);
  if (!formatters) {
    formatters = createIntlFormatters(locale);
    byLocale.set(locale, formatters);
  }
  return formatters;
}

export type IntlFormatters = ReturnType<typeof intlFormatters>;

/** The Intl formatters of the page's language (prices, numbers, dates), without date-fns. */
export function useIntlFormatters(): IntlFormatters {
  return intlFormatters(useLocale());
}
