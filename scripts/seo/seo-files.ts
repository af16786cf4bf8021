// robots.txt and sitemap.xml for the static host. Pure text builders; `vite-plugin.ts` fills
// them with the rooms the public API lists.
import { LOCALES, localizedPath } from '../../src/lib/i18n/locales';

export interface SitemapRoom {
  id: string;
  updated_at: string;
}

/** `path` (no leading slash) under the site's address, which may include a base path. */
function absolute(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Crawlers may read the public pages; the staff portal, the sign-in page, review and booking links are left out. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /it/auth',
    'Disallow: /fr/auth',
    // private review and booking links of guests
    'Disallow: /review/',
    'Disallow: /it/review/',
    'Disallow: /fr/review/',
    'Disallow: /booking/',
    'Disallow: /it/booking/',
    'Disallow: /fr/booking/',
    '',
    `Sitemap: ${absolute(siteUrl, 'sitemap.xml')}`,
    '',
  ].join('\n');
}

/** Where a page lives in each language: English at the root, the others under `/<locale>/`. */
const SITEMAP_LOCALES = LOCALES;

function pageUrls(siteUrl: string, path: string): { hreflang: string; href: string }[] {
  const urls = SITEMAP_LOCALES.map((locale) => ({
    hreflang: locale,
    href: absolute(siteUrl, localizedPath(`/${path}`, locale).slice(1)),
  }));
  return [...urls, { hreflang: 'x-default', href: urls[0].href }];
}

/**
 * The home page and every room page, each in every language, as `<url>` entries that name their
 * other languages with `xhtml:link` alternates (x-default: English); rooms with their last change.
 */
export function sitemapXml(siteUrl: string, rooms: SitemapRoom[]): string {
  const pages = [
    { path: '', extra: '<changefreq>weekly</changefreq><priority>1.0</priority>' },
    ...rooms.map((room) => ({
      path: `room/${encodeURIComponent(room.id)}`,
      extra: `<lastmod>${escapeXml(room.updated_at.slice(0, 10))}</lastmod><priority>0.8</priority>`,
    })),
  ];
  const entries = pages.flatMap(({ path, extra }) => {
    const urls = pageUrls(siteUrl, path);
    const alternates = urls
      .map((url) => `<xhtml:link rel="alternate" hreflang="${url.hreflang}" href="${escapeXml(url.href)}"/>`)
      .join('');
    return urls
      .filter((url) => url.hreflang !== 'x-default')
      .map((url) => `  <url><loc>${escapeXml(url.href)}</loc>${extra}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
