import { expect, ROOMS, skipCookieBanner, test } from './fixtures';

// This file and prerender.spec.ts run first (playwright.config.ts, project "build-data"): their checks need the
// data the site was built with, which later tests change (prices, texts, promo codes' use counts).

const API_URL = () => process.env.E2E_API_URL!;

test.describe('home page, first load', () => {
  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
  });

  test('first load: counts the API requests, and the rooms list brings its promo codes in the same request', async ({
    page,
  }) => {
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(API_URL()))
        apiRequests.push(`${request.method()} ${request.url().slice(API_URL().length)}`);
    });

    await page.goto('/');
    await expect(page.getByRole('article', { name: ROOMS.superiorKing.name })).toBeVisible();
    await page.waitForLoadState('networkidle');

    console.log(
      `Home page first load: ${apiRequests.length} API requests\n  ${apiRequests.map(decodeURIComponent).join('\n  ')}`,
    );

    const roomsRequests = apiRequests.filter((line) => /\/rest\/v1\/rooms\?/.test(line));
    expect(roomsRequests).toHaveLength(1);
    expect(decodeURIComponent(roomsRequests[0])).toContain('room_promo_codes(');
    expect(apiRequests.filter((line) => line.includes('/rest/v1/room_promo_codes'))).toEqual([]);
    const tables = () => apiRequests.map((line) => /\/rest\/v1\/(\w+(?:\/\w+)?)/.exec(line)?.[1] ?? line).sort();
    // until the guest acts, only what the islands show is refreshed: the static parts stay server HTML
    expect(tables()).toEqual(['design_published', 'rooms', 'site_content']);
    // then one request per kind of data: site content, rooms (with promo codes), amenities, reviews,
    // the published site design, and the CIN with the privacy periods (rpc/site_compliance)
    await page.mouse.wheel(0, 800);
    await expect(page.locator('html')).toHaveAttribute('data-page-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    expect(tables()).toEqual([
      'amenities',
      'design_published',
      'reviews',
      'rooms',
      'rpc/site_compliance',
      'site_content',
    ]);
  });
});
