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
export { loadMessages } from './messages';
export { activateLocale, I18nProvider } from './I18nProvider';
export { useLocale, useLocalizedPath } from './use-locale';
export { DATE_FNS_LOCALES, formatters, useFormatters } from './format';
export type { Formatters } from './format';
