// robots.txt and sitemap.xml for the static host. Pure text builders; `vite-plugin.ts` fills
// them with the rooms the public API lists.

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

/** Crawlers may read the public pages; the staff portal, the sign-in page and review links are left out. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    // private review links of guests
    'Disallow: /review/',
    '',
    `Sitemap: ${absolute(siteUrl, 'sitemap.xml')}`,
    '',
  ].join('\n');
}

/** The home page and one entry per room page, each room with its last change. */
export function sitemapXml(siteUrl: string, rooms: SitemapRoom[]): string {
  const entries = [
    `  <url><loc>${escapeXml(absolute(siteUrl, ''))}</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>`,
    ...rooms.map(
      (room) =>
        `  <url><loc>${escapeXml(absolute(siteUrl, `room/${encodeURIComponent(room.id)}`))}</loc>` +
        `<lastmod>${escapeXml(room.updated_at.slice(0, 10))}</lastmod><priority>0.8</priority></url>`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
