import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, localizedPath, useLocale, type Locale } from '@/lib/i18n';
import { siteUrl } from './json-ld';
import { useHeadEffect } from './ssr';

export interface PageLinks {
  /**
   * the page's path without its language, e.g. `/room/<id>`: the canonical link is this page in
   * the current language, with `hreflang` alternates for every language (x-default: English)
   */
  canonicalPath?: string;
  /** the picture shared with the page (absolute or site-relative URL) */
  image?: string;
}

/**
 * The `hreflang` alternates of a page (its path without language): one a language, and
 * `x-default` for English, as absolute URLs.
 */
export function pageAlternates(path: string): { hreflang: Locale | 'x-default'; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: siteUrl(localizedPath(path, locale)) })),
    { hreflang: 'x-default' as const, href: siteUrl(localizedPath(path, DEFAULT_LOCALE)) },
  ];
}

/** Replaces the page's `<link rel="alternate" hreflang>` set (none when `path` is undefined). */
function setAlternates(path: string | undefined) {
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((element) => element.remove());
  if (path === undefined) return;
  for (const alternate of pageAlternates(path)) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alternate.hreflang;
    link.href = alternate.href;
    document.head.appendChild(link);
  }
}

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string | undefined) {
  setHeadTag(
    `meta[${key}="${name}"]`,
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/**
 * Sets the document title, meta description, canonical link, language alternates and Open Graph
 * tags of the current page, in the page's language (crawlers that run scripts read them; tags a
 * page does not set are removed).
 */
export function usePageMeta(title: string, description: string, links: PageLinks = {}) {
  const { canonicalPath, image } = links;
  const locale = useLocale();
  // also run by the prerender, so the written page carries these tags (src/lib/ssr.tsx)
  useHeadEffect(() => {
    document.title = title;
    meta('name', 'description', description);
    const url = canonicalPath === undefined ? undefined : siteUrl(localizedPath(canonicalPath, locale));
    setAlternates(canonicalPath);
    setHeadTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
    meta('property', 'og:type', 'website');
    meta('property', 'og:site_name', 'Colosseum Guest House');
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:locale', LOCALE_TAGS[locale].replace('-', '_'));
    meta('property', 'og:image', image === undefined ? undefined : siteUrl(image));
  }, [title, description, canonicalPath, image, locale]);
}
