import type { Page } from '@playwright/test';
import { expect, ROOMS, sql, test } from './fixtures';

/** The visible text of an HTML document as a crawler without scripts reads it. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test.describe('prerendered pages, read without scripts', () => {
  test('the Italian home page holds the hero, the rooms with their prices and lang="it"', async ({ request }) => {
    const response = await request.get('/it/');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="it"/);
    const text = textOf(html);
    expect(text).toContain('Guest House Colosseo'); // the seeded Italian hero title
    // the rooms by their Italian names (seed.sql), not the English ones
    for (const name of ['Matrimoniale Superior', 'Matrimoniale Deluxe', 'Suite Romantica']) {
      expect(text).toContain(name);
    }
    expect(text).toContain('Prenota ora');
    // prices as Italian readers write them
    expect(text).toMatch(/145,00\s€/);
    expect(text).toMatch(/240,00\s€/);
    // the query cache the browser hydrates with, and the lodging's structured data
    expect(html).toContain('id="prerender-data"');
    expect(html).toContain('application/ld+json');
  });

  test('a room page holds the room, its price and details, its title and canonical URL', async ({ request }) => {
    const room = ROOMS.deluxeKing;
    const html = await (await request.get(`/room/${room.id}`)).text();
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain(`<title>${room.name} · Colosseum Guest House</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/room/${room.id}">`));
    const text = textOf(html);
    expect(text).toContain(room.name);
    expect(text).toContain('€165.00');
    expect(text).toContain('About this room');
    expect(text).toContain('Amenities');
    expect(html).toMatch(/"@type":"(HotelRoom|Offer)"/);

    const italian = await (await request.get(`/it/room/${room.id}`)).text();
    expect(italian).toMatch(/<html[^>]* lang="it"/);
    expect(textOf(italian)).toContain('Matrimoniale Deluxe');
    expect(textOf(italian)).toContain('165,00 € / notte');
  });

  test('the admin portal and unknown paths get the SPA shell; each language has a 404 page', async ({ request }) => {
    for (const path of ['/admin', '/admin/rooms', '/booking/CG-ABC123', '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('id="prerender-data"');
    }
    const notFound = await (await request.get('/fr/404')).text();
    expect(notFound).toMatch(/<html[^>]* lang="fr"/);
    expect(textOf(notFound)).toContain('404');
  });
});

/** Console messages about hydration, and React's recoverable errors (logged by src/main.tsx). */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      /hydrat|did not match|server rendered|recoverable|Minified React error #(418|419|423|425)/i.test(text)
    ) {
      problems.push(text);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('hydration', () => {
  for (const path of ['/', '/it/', `/room/${ROOMS.superiorKing.id}`]) {
    test(`${path} hydrates without a mismatch and its buttons work`, async ({ page }) => {
      const problems = hydrationProblems(page);
      await page.goto(path); // waits for <html data-hydrated> (fixtures.ts)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      if (!path.includes('/room/')) {
        // the home page's cookie banner was in the HTML; its button is handled by React
        await page.getByRole('button', { name: /^(Accept|Accetta|Accepter)/ }).click();
        await expect(page.getByRole('heading', { name: 'We value your privacy' })).toHaveCount(0);
      }
      // a Book Now (Prenota ora) button opens the booking dialog
      await page
        .getByRole('button', { name: /^(Book Now|Prenota ora)/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // the guest acted: the static parts hydrate too, without a mismatch
      await expect(page.locator('html')).toHaveAttribute('data-page-hydrated', 'true');
      expect(problems).toEqual([]);
    });
  }

  // a room page is a lazy route: its parts hydrate after the root's commit, and must still wait
  for (const path of ['/', `/room/${ROOMS.superiorKing.id}`]) {
    test(`${path}: the static parts stay server HTML until the guest acts`, async ({ page }) => {
      const problems = hydrationProblems(page);
      await page.goto(path); // the islands are hydrated (fixtures.ts)
      // the data refresh found nothing new: the sections a guest only reads are still server HTML
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).not.toHaveAttribute('data-page-hydrated', 'true');
      await page.mouse.wheel(0, 600);
      await expect(page.locator('html')).toHaveAttribute('data-page-hydrated', 'true');
      expect(problems).toEqual([]);
    });
  }

  test('a page whose HTML differs from what React renders is reported (the check above can fail)', async ({ page }) => {
    const problems = hydrationProblems(page);
    await page.route('**/it/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('>Guest House Colosseo</h1>', '>Another House</h1>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/it/');
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/Hydration error/);
  });

  test('after hydration the data refetches: a price changed since the build shows', async ({ page, request }) => {
    const room = ROOMS.cozySingle;
    await sql('update public.rooms set price_per_night = 86 where id = $1', [room.id]);
    try {
      // the file holds the price of the build
      expect(textOf(await (await request.get('/')).text())).toContain('€85.00');
      await page.goto('/');
      await expect(page.getByText('€86.00').first()).toBeVisible();
    } finally {
      await sql('update public.rooms set price_per_night = $2 where id = $1', [room.id, room.price]);
    }
  });
});
