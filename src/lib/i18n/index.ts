// The formatters with date-fns's locales (calendars) are imported from '@/lib/i18n/format' directly:
// re-exported here they would join the chunk every page loads first.
export {
  LOCALES,
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  LOCALE_TAGS,
  isLocale,
  localeOfPath,
  localizedPath,
  unlocalizedPath,
} from './locales';
export type { Locale } from './locales';
export {
  activateLocale,
  I18nProvider,
  loadBookingMessages,
  withAdminMessages,
  withBookingMessages,
} from './I18nProvider';
export { useLocale, useLocalizedPath } from './use-locale';
