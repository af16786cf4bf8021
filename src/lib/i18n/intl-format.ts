import { useMemo } from 'react';
import { LOCALE_TAGS, type Locale } from './locales';
import { useLocale } from './use-locale';

/**
 * Prices, numbers and dates through Intl alone: what the home page's first chunk needs. (The full
 * `formatters` add date-fns's locales for the calendars, which the first chunk should not carry.)
 */
export function intlFormatters(locale: Locale) {
  const tag = LOCALE_TAGS[locale];
  const euro = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' });
  const number = new Intl.NumberFormat(tag);
  const longDate = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shortDate = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  /** A calendar date 'yyyy-mm-dd' read as that day, whatever the browser's time zone. */
  const day = (value: string | Date) =>
    typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return {
    locale,
    euro: (amount: number) => euro.format(amount),
    number: (value: number) => number.format(value),
    /** "5 March 2026", "5 marzo 2026", "5 mars 2026" */
    longDate: (value: string | Date) => longDate.format(day(value)),
    /** "5 Mar 2026", "5 mar 2026", "5 mars 2026" */
    shortDate: (value: string | Date) => shortDate.format(day(value)),
  };
}

export type IntlFormatters = ReturnType<typeof intlFormatters>;

/** The Intl formatters of the page's language (prices, numbers, dates), without date-fns. */
export function useIntlFormatters(): IntlFormatters {
  const locale = useLocale();
  return useMemo(() => intlFormatters(locale), [locale]);
}
