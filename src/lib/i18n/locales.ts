/**
 * The site's languages and how they appear in URLs: English at `/`, Italian at `/it/…`, French at
 * `/fr/…`. Import-free, so the router, the prerender script, the sitemap and the tests share it.
 */
export const LOCALES = ['en', 'it', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The language's own name, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', it: 'Italiano', fr: 'Français' };

/** BCP 47 tags for Intl and `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a path is in: its first segment when that is `it` or `fr`, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/it/room/3` → `/room/3`, `/it` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A site path in a language: `('/room/3', 'fr')` → `/fr/room/3`, `('/', 'it')` → `/it/`. */
export function localizedPath(path: string, locale: Locale): string {
  const bare = unlocalizedPath(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return `/${locale}${bare}`;
}

/**
 * The staff portal's languages (issue 43): English and Italian. The guest pages add French; the
 * portal's French catalog stays empty (see docs/languages.md).
 */
export const PORTAL_LOCALES = ['en', 'it'] as const satisfies readonly Locale[];
export type PortalLocale = (typeof PORTAL_LOCALES)[number];
/** The portal's language when neither the staff member nor the browser asks for one it speaks. */
export const DEFAULT_PORTAL_LOCALE: PortalLocale = 'it';

export function isPortalLocale(value: unknown): value is PortalLocale {
  return typeof value === 'string' && (PORTAL_LOCALES as readonly string[]).includes(value);
}

/** The staff portal's pages: their language is the staff member's choice, not the URL's. */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

/**
 * The portal's language a browser asks for: the first of its languages (`navigator.languages`,
 * "en-US", "it") that the portal speaks, else Italian.
 */
export function browserPortalLocale(languages: readonly string[]): PortalLocale {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isPortalLocale(primary)) return primary;
  }
  return DEFAULT_PORTAL_LOCALE;
}

/** The portal's language: the staff member's stored choice, then the browser's, then Italian. */
export function portalLocaleFor(stored: string | null | undefined, languages: readonly string[]): PortalLocale {
  return isPortalLocale(stored) ? stored : browserPortalLocale(languages);
}
