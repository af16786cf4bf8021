import type { Locale as DateFnsLocale } from 'date-fns';
import { enGB, fr, it } from 'date-fns/locale';
import { useMemo } from 'react';
import { LOCALE_TAGS, type Locale } from './locales';
import { useLocale } from './use-locale';

/** date-fns's locale for a site language (month and day names, week start) in calendars and dates. */
export const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale> = { en: enGB, it, fr };

/** Prices, numbers and dates as a reader of that language writes them: "€1,234.50", "1.234,50 €". */
export function formatters(locale: Locale) {
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
    dateFns: DATE_FNS_LOCALES[locale],
    euro: (amount: number) => euro.format(amount),
    number: (value: number) => number.format(value),
    /** "5 March 2026", "5 marzo 2026", "5 mars 2026" */
    longDate: (value: string | Date) => longDate.format(day(value)),
    /** "5 Mar 2026", "5 mar 2026", "5 mars 2026" */
    shortDate: (value: string | Date) => shortDate.format(day(value)),
  };
}

export type Formatters = ReturnType<typeof formatters>;

/** The formatters of the page's language. */
export function useFormatters(): Formatters {
  const locale = useLocale();
  return useMemo(() => formatters(locale), [locale]);
}
