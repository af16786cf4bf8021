// What the browser tests import: `test` (the page waits for React after each navigation), `expect`,
// and the helpers, by concern, in ./helpers/ (database, sign-in, page, booking).
import { test as base, expect, type Page } from '@playwright/test';
import { skipCookieBanner, stubWhatsApp, waitForHydration } from './helpers/page';

export * from './helpers/database';
export * from './helpers/sign-in';
export * from './helpers/page';
export * from './helpers/booking';
export { expect };

/** After `goto` and `reload` on the site, wait until React is attached (see waitForHydration). */
function waitingForHydration(page: Page): Page {
  const onSite = () => page.url().startsWith(process.env.E2E_BASE_URL ?? '\0');
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (onSite()) await waitForHydration(page);
      return response;
    };
  }
  return page;
}

/** Playwright test with baseURL pointed at the build served by the global setup. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});

/** For a spec whose guests book: before each test the cookie banner is answered and WhatsApp is stubbed. */
export function beforeEachBooking() {
  test.beforeEach(async ({ page, context }) => {
    await skipCookieBanner(page);
    await stubWhatsApp(context);
  });
}
