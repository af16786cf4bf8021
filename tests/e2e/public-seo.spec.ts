import { expect, ROOMS, test } from './fixtures';

test('robots.txt keeps crawlers out of the portal and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toContain('Disallow: /admin');
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test('sitemap.xml lists the home page and every room page', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  expect(xml).not.toContain('<div id="root">');
  for (const room of Object.values(ROOMS)) expect(xml).toContain(`/room/${room.id}</loc>`);
});

test('a room page has its own title, description, canonical URL and Open Graph image', async ({ page }) => {
  const room = ROOMS.deluxeKing;
  await page.goto(`/room/${room.id}`);
  await expect(page).toHaveTitle(`${room.name} · Colosseum Guest House`);
  const head = page.locator('head');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/room/${room.id}$`));
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${room.name} · Colosseum Guest House`,
  );
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^https?:\/\/.+\.(svg|png|jpe?g|webp)$/,
  );
  const description = await head.locator('meta[name="description"]').getAttribute('content');
  expect(description).not.toBe('');

  // another room, another canonical; the 404 page has none
  await page.goto(`/room/${ROOMS.romanticSuite.id}`);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/room/${ROOMS.romanticSuite.id}$`),
  );
  await page.goto('/no-such-page');
  await expect(head.locator('link[rel="canonical"]')).toHaveCount(0);
});
