import { i18n } from '@lingui/core';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { isAdminPath, isLocale, localeOfPath, localizedPath, type Locale } from './locales';

/**
 * The language of the page being shown, read from its URL; in the staff portal, the language it
 * shows (the staff member's choice, which the admin tree makes Lingui's active one).
 */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return isAdminPath(pathname) && isLocale(i18n.locale) ? i18n.locale : localeOfPath(pathname);
}

/** Turns a site path into the same page in the current language: `/room/3` → `/it/room/3`. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}
