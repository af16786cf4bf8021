import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Every route of the site, with what shows it is drawn: the layout tests (layout-widths.spec.ts)
 * and the screenshot script (`npm run screenshots`) both walk this list.
 */
export interface SiteRoute {
  /** a short name, used in test titles and screenshot file names */
  name: string;
  path: string;
  /** waits until the page shows its content (not a loader or skeleton) */
  ready: (page: Page) => Promise<void>;
  /** parts of the page that also get a screenshot of their own (`npm run screenshots`), at ELEMENT_WIDTHS */
  elements?: SiteElement[];
}

/** A part of a page shot on its own: `<route>-<name>-<width>.png`. */
export interface SiteElement {
  name: string;
  /** a CSS selector for the one element to shoot */
  selector: string;
  /** waits until the element is drawn */
  ready: (element: Locator) => Promise<void>;
}

/** The widths every route is checked at: a phone, a tablet held upright, a laptop. */
export const WIDTHS = [375, 768, 1366] as const;
export const VIEWPORT_HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 667, 768: 1024, 1366: 768 };
/** The widths a route's elements are shot at: a phone and a laptop. */
export const ELEMENT_WIDTHS: readonly number[] = [375, 1366];

const SUPERIOR_KING_ID = '10000000-0000-4000-8000-000000000001';

/** No skeleton (animate-pulse) and no page loader left on the page (long pages of reports take their time). */
export async function settled(page: Page) {
  const timeout = 20_000;
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout });
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout });
}

/** Scrolls to the bottom a screen at a time, so the sections loaded on scroll are drawn, then back up. */
export async function scrollThrough(page: Page) {
  for (let step = 0; step < 40; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await expect(page.locator('#footer')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The Reports cards by their anchors, in the page's order. */
const REPORT_CARDS = [
  'occupancy',
  'revenue',
  'pace',
  'lead-time',
  'length-of-stay',
  'outcomes',
  'sources',
  'countries',
];

/**
 * A Reports card (its id is the anchor): drawn once its reading is there and, unless the period has
 * nothing to draw (the reading says why, no Chart tab), its chart's SVG with a bar or line in it.
 */
const reportCard = (id: string): SiteElement => ({
  name: id,
  selector: `#${id}`,
  ready: async (card) => {
    const timeout = 30_000; // the reports' queries and a loaded machine
    await expect(card.getByTestId('reading')).toBeVisible({ timeout });
    await card.scrollIntoViewIfNeeded(); // a chart is drawn once its card nears the viewport
    if (await card.getByRole('tab', { name: 'Chart' }).count()) {
      // the chart's own SVG (the legend's swatches are SVGs too), then its bars or lines
      const chart = card.locator('figure .recharts-wrapper > svg.recharts-surface');
      await expect(chart).toBeVisible({ timeout });
      await expect(chart.locator('.recharts-bar-rectangle, .recharts-line-curve')).not.toHaveCount(0, { timeout });
    }
  },
});

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await settled(page);
};

export const PUBLIC_ROUTES: SiteRoute[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('article', { name: 'Superior King' })).toBeVisible();
      await scrollThrough(page);
      await settled(page);
    },
  },
  { name: 'room', path: `/room/${SUPERIOR_KING_ID}`, ready: heading('Superior King') },
  { name: 'auth', path: '/auth', ready: heading('Admin Portal') },
  { name: 'set-password', path: '/auth/reset-password', ready: heading('Set a new password') },
  { name: 'booking-success', path: '/booking-success', ready: heading('We could not find this payment') },
  { name: 'booking-cancelled', path: '/booking-cancelled', ready: heading('Booking Cancelled') },
  { name: 'privacy', path: '/privacy', ready: heading('Privacy notice') },
  { name: 'not-found', path: '/no-such-page', ready: heading('404') },
];

export const ADMIN_ROUTES: SiteRoute[] = [
  { name: 'admin-dashboard', path: '/admin', ready: heading('Dashboard') },
  { name: 'admin-visual-design', path: '/admin/visual-design', ready: visualDesignReady },
  { name: 'admin-rooms', path: '/admin/rooms', ready: heading('Rooms') },
  { name: 'admin-services', path: '/admin/services', ready: heading('Amenities & Services') },
  { name: 'admin-bookings', path: '/admin/bookings', ready: heading('Bookings') },
  { name: 'admin-arrivals', path: '/admin/arrivals', ready: heading('Arrivals') },
  { name: 'admin-calendar', path: '/admin/calendar', ready: heading('Calendar') },
  { name: 'admin-city-tax', path: '/admin/city-tax', ready: heading('City tax & ISTAT') },
  {
    name: 'admin-reports',
    path: '/admin/reports',
    ready: async (page) => {
      await heading('Reports')(page);
      // every chart drawn for the whole page's shot: each is drawn once its card nears the viewport
      for (const id of REPORT_CARDS) await reportCard(id).ready(page.locator(`#${id}`));
      await page.evaluate(() => window.scrollTo(0, 0));
    },
    elements: REPORT_CARDS.map(reportCard),
  },
  { name: 'admin-content', path: '/admin/content', ready: heading('Content') },
  { name: 'admin-users', path: '/admin/users', ready: heading('User Management') },
  { name: 'admin-integrations', path: '/admin/integrations', ready: heading('Integrations') },
  { name: 'admin-privacy', path: '/admin/privacy', ready: heading('Privacy & compliance') },
  { name: 'admin-security', path: '/admin/security', ready: heading('Security Monitoring') },
];

async function visualDesignReady(page: Page) {
  await expect(page.getByRole('heading', { name: 'Visual Designer' })).toBeVisible();
  await expect(page.frameLocator('iframe').first().locator('#hero')).toBeVisible();
  await settled(page);
}
