import type { Page } from '@playwright/test';
import { expect, ROOMS, seriousAxeViolations, test } from './fixtures';

/** Each page, and what shows it is fully drawn (no skeletons) before axe-core looks at it. */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home page',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('article', { name: ROOMS.superiorKing.name })).toBeVisible();
      // bring in the sections below the rooms and their forms (loaded on scroll) so they are checked too
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Booking' }).click();
      await expect(page.getByRole('form', { name: 'Booking request' })).toBeVisible();
      await nav.getByRole('link', { name: 'Contact' }).click();
      await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    },
  },
  {
    name: 'room page',
    path: `/room/${ROOMS.deluxeKing.id}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROOMS.deluxeKing.name);
    },
  },
  {
    name: 'sign-in page',
    path: '/auth',
    ready: async (page) => {
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    },
  },
  {
    name: '404 page',
    path: '/no-such-page',
    ready: async (page) => {
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
    },
  },
];

for (const { name, path, ready } of PAGES) {
  test(`axe-core finds no serious or critical violation on the ${name} (${path})`, async ({ page }) => {
    await page.goto(path);
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('lang', /\S/);
    await expect(page).toHaveTitle(/\S/);
    const violations = await seriousAxeViolations(page);
    console.log(
      `axe ${path}: ${violations.length === 0 ? 'no serious or critical violations' : violations.join('; ')}`,
    );
    expect(violations).toEqual([]);
  });
}

test('the 404 page logs the path and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/rooms/deluxe');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(errors.some((text) => text.includes('/rooms/deluxe'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero')).toBeVisible();
});
