import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { localeOfPath, localizedPath, type Locale } from './locales';

/** The language of the page being shown, read from its URL. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns a site path into the same page in the current language: `/room/3` → `/it/room/3`. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}
