import { DEFAULT_LOCALE, isLocale, LOCALES, localizedPath, type Locale } from '@/lib/i18n/locales';

/** The same page in each site language, keeping the query and the section (`?x=1#rooms`). */
export function languageLinks(
  location: { pathname: string; search?: string; hash?: string },
  current: Locale,
): { locale: Locale; href: string; current: boolean }[] {
  const tail = `${location.search ?? ''}${location.hash ?? ''}`;
  return LOCALES.map((locale) => ({
    locale,
    href: `${localizedPath(location.pathname, locale)}${tail}`,
    current: locale === current,
  }));
}

/**
 * The language to suggest to a visitor: the first of their browser's languages that the site
 * speaks, when that is Italian or French and the page is in another one; otherwise none.
 */
export function suggestedLocale(preferred: readonly string[] | undefined, current: Locale): Locale | null {
  for (const tag of preferred ?? []) {
    const language = tag.toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    return language !== DEFAULT_LOCALE && language !== current ? language : null;
  }
  return null;
}

/** Where a dismissed suggestion is remembered (the value: the language that was suggested). */
export const LANGUAGE_SUGGESTION_KEY = 'language-suggestion-dismissed';

/**
 * The suggestion's words are in the language it suggests (the page's catalog is in another one),
 * so they live here rather than in the catalogs.
 */
export const SUGGESTION_TEXTS: Record<Exclude<Locale, 'en'>, { message: string; link: string; dismiss: string }> = {
  it: { message: 'Questo sito è disponibile in italiano.', link: 'Passa all’italiano', dismiss: 'Chiudi' },
  fr: { message: 'Ce site est aussi disponible en français.', link: 'Voir en français', dismiss: 'Fermer' },
};
