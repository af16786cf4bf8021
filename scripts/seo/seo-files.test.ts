import { robotsTxt, sitemapXml } from './seo-files';

describe('robots.txt', () => {
  it('lets crawlers in, keeps the portal, sign-in, review and booking links out in every language, and names the sitemap', () => {
    const text = robotsTxt('https://colosseum.example');
    expect(text).toContain(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /auth\nDisallow: /it/auth\nDisallow: /fr/auth',
    );
    expect(text).toContain('Disallow: /review/\nDisallow: /it/review/\nDisallow: /fr/review/');
    expect(text).toContain('Disallow: /booking/\nDisallow: /it/booking/\nDisallow: /fr/booking/');
    expect(text).toContain('Sitemap: https://colosseum.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  const room = { id: '10000000-0000-4000-8000-000000000001', updated_at: '2026-11-20T10:00:00+00:00' };

  it('lists the home page and each room page in every language, as absolute URLs', () => {
    const xml = sitemapXml('https://colosseum.example/', [room]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const home of ['', 'it/', 'fr/']) {
      expect(xml).toContain(`<url><loc>https://colosseum.example/${home}</loc><changefreq>`);
    }
    for (const prefix of ['', 'it/', 'fr/']) {
      expect(xml).toContain(
        `<url><loc>https://colosseum.example/${prefix}room/${room.id}</loc><lastmod>2026-11-20</lastmod>`,
      );
    }
    expect(xml.match(/<url>/g)).toHaveLength(6);
  });

  it('names every language of a page, English as x-default', () => {
    const xml = sitemapXml('https://colosseum.example', [room]);
    const entry = xml
      .split('\n')
      .find((line) => line.includes(`<loc>https://colosseum.example/fr/room/${room.id}</loc>`));
    expect(entry).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="https://colosseum.example/room/${room.id}"/>` +
        `<xhtml:link rel="alternate" hreflang="it" href="https://colosseum.example/it/room/${room.id}"/>` +
        `<xhtml:link rel="alternate" hreflang="fr" href="https://colosseum.example/fr/room/${room.id}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="https://colosseum.example/room/${room.id}"/>`,
    );
  });

  it('keeps a base path and escapes what XML would read as markup', () => {
    const xml = sitemapXml('https://colosseum.example/rome&co', [{ id: 'r1', updated_at: '2026-11-20' }]);
    expect(xml).toContain('<loc>https://colosseum.example/rome&amp;co/</loc>');
    expect(xml).toContain('<loc>https://colosseum.example/rome&amp;co/it/</loc>');
    expect(xml).toContain('<loc>https://colosseum.example/rome&amp;co/room/r1</loc>');
    expect(xml).toContain('hreflang="fr" href="https://colosseum.example/rome&amp;co/fr/room/r1"');
  });
});
