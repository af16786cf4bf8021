import { useLingui } from '@lingui/react/macro';
import { intlFormatters } from '@/lib/i18n/intl-format';

/** Amounts and dates in the portal's language (Italian or English), whatever the page's path. */
export function useTaxFormat() {
  const { i18n } = useLingui();
  const formatters = intlFormatters(i18n.locale === 'it' ? 'it' : 'en');
  return { ...formatters, cents: (value: number) => formatters.euro(value / 100) };
}
