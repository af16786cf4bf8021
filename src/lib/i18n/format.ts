import type { Locale as DateFnsLocale } from 'date-fns';
import { enGB, fr, it } from 'date-fns/locale';
import { useMemo } from 'react';
import { intlFormatters } from './intl-format';
import type { Locale } from './locales';
import { useLocale } from './use-locale';

/** date-fns's locale for a site language (month and day names, week start) in calendars and dates. */
export const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale> = { en: enGB, it, fr };

/** Prices, numbers and dates as a reader of that language writes them: "€1,234.50", "1.234,50 €". */
export function formatters(locale: Locale) {
  return { ...intlFormatters(locale), dateFns: DATE_FNS_LOCALES[locale] };
}

export type Formatters = ReturnType<typeof formatters>;

/** The formatters of the page's language. */
export function useFormatters(): Formatters {
  const locale = useLocale();
  return useMemo(() => formatters(locale), [locale]);
}
