// The static site under its own security headers (issue 30): the build's dist/_headers, served by
// the static server as a host serves it. The prerendered pages, their inline loader, hydration and
// the booking dialog work under the Content-Security-Policy with no violation reported; the
// guest's private page sends no referrer and is not indexed.
import type { Page } from '@playwright/test';
import { BookingDialog, ROOMS, expect, expectToast, skipCookieBanner, test } from './fixtures';

/** Records every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...console,
  ];
}

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('every page carries the CSP with the loader hashes, nosniff, a referrer policy and frame-ancestors', async ({
  request,
}) => {
  for (const path of ['/', '/it/', `/room/${ROOMS.deluxeKing.id}`, '/admin', '/no-such-page']) {
    const headers = (await request.get(path)).headers();
    const csp = headers['content-security-policy'];
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
    expect(csp, path).toContain("frame-ancestors 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).not.toContain('unsafe-eval');
    expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  // the file itself is not served
  expect(await (await request.get('/_headers')).text()).not.toContain('Content-Security-Policy');
});

test('the prerendered home page hydrates under the CSP, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  // hydrated: the room cards link to their pages, a click navigates in the app
  await page.getByRole('link', { name: `View Details of ${ROOMS.superiorKing.name}` }).click();
  await expect(page).toHaveURL(`/room/${ROOMS.superiorKing.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROOMS.superiorKing.name);
  expect(await violations()).toEqual([]);
});

test('a room page and its booking dialog work under the CSP, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const room = ROOMS.deluxeKing;
  await page.goto(`/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(room.name);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.root).toContainText(`${room.name} · €${room.price.toFixed(2)} per night`);
  // the dialog asks the API (connect-src): the promo check answers and applies the code
  await dialog.applyPromo('WELCOME10');
  await expectToast(page, 'Promo Code Applied!', '10% discount has been applied to your booking.');
  expect(await violations()).toEqual([]);
});

test("the guest's private page: no referrer, not indexed, by header and by meta", async ({ page, request }) => {
  const path = '/booking/CG-DEMO07?token=demo-link-CG-DEMO07';
  const headers = (await request.get(path)).headers();
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");

  const violations = await watchViolations(page);
  await page.goto(path);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByText('CG-DEMO07').first()).toBeVisible();
  expect(await violations()).toEqual([]);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /booking/');
});
