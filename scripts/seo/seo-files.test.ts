import { robotsTxt, sitemapXml } from './seo-files';

describe('robots.txt', () => {
  it('lets crawlers in, keeps the portal and sign-in out, and names the sitemap', () => {
    const text = robotsTxt('https://colosseum.example');
    expect(text).toContain('User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /auth');
    expect(text).toContain('Sitemap: https://colosseum.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the home page and each room page with its last change, as absolute URLs', () => {
    const xml = sitemapXml('https://colosseum.example/', [
      { id: '10000000-0000-4000-8000-000000000001', updated_at: '2026-11-20T10:00:00+00:00' },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain('<loc>https://colosseum.example/</loc>');
    expect(xml).toContain(
      '<loc>https://colosseum.example/room/10000000-0000-4000-8000-000000000001</loc><lastmod>2026-11-20</lastmod>',
    );
  });

  it('keeps a base path and escapes what XML would read as markup', () => {
    const xml = sitemapXml('https://colosseum.example/rome&co', [{ id: 'r1', updated_at: '2026-11-20' }]);
    expect(xml).toContain('<loc>https://colosseum.example/rome&amp;co/</loc>');
    expect(xml).toContain('<loc>https://colosseum.example/rome&amp;co/room/r1</loc>');
  });
});
