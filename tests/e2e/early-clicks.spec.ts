import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A guest presses a button the moment it is painted: before React is attached, or while it is
// hydrating. The click must not be lost (src/app/prerender/early-clicks.ts, src/lib/hydration.tsx).
// These pages are opened without the fixture's wait for hydration: the point is to act before it.

/** Console messages about hydration and React's recoverable errors (logged by src/main.tsx). */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|recoverable|Minified React error/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Holds every script of the site until `release` is called: the page paints, React is not there. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('Book Now clicked before the scripts have loaded opens the booking dialog once they have', async ({ page }) => {
  const guest = await page.context().newPage();
  const problems = hydrationProblems(guest);
  const release = await holdScripts(guest);
  await guest.goto('/', { waitUntil: 'domcontentloaded' });
  await guest
    .locator('#hero')
    .getByRole('button', { name: /^Book Now/ })
    .click();
  await expect(guest.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await expect(guest.getByRole('dialog')).toHaveCount(0);

  release();
  await expect(guest.getByRole('dialog')).toBeVisible();
  await expect(guest.getByRole('dialog')).toContainText('Book Your Stay');
  await expect(guest.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(problems).toEqual([]);
});

test('Book Now clicked as soon as it is visible opens the booking dialog (a click during hydration)', async ({
  page,
}) => {
  const guest = await page.context().newPage();
  const problems = hydrationProblems(guest);
  await guest.goto('/it/', { waitUntil: 'commit' });
  await guest
    .getByRole('button', { name: /^Prenota ora/ })
    .first()
    .click();
  await expect(guest.getByRole('dialog')).toBeVisible();
  await expect(guest.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(problems).toEqual([]);
});

test('on a phone, the menu pressed before the scripts have loaded opens once they have', async ({ page }) => {
  const guest = await page.context().newPage();
  await guest.setViewportSize({ width: 375, height: 740 });
  const release = await holdScripts(guest);
  await guest.goto('/fr/', { waitUntil: 'domcontentloaded' });
  await guest.getByRole('button', { name: 'Ouvrir le menu' }).click();
  release();
  const menu = guest.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
});
