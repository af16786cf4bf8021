import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

function cookieBanner(page: Page) {
  return page.getByRole('region', { name: 'We value your privacy' });
}

// Each test runs in a fresh browser context, so nothing is stored when it starts.
for (const choice of ['Accept', 'Decline'] as const) {
  test(`the cookie banner shows until the visitor chooses; "${choice}" is remembered after a reload`, async ({
    page,
  }) => {
    await page.goto('/');
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('We use essential cookies');

    await banner.getByRole('button', { name: choice }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBe(
      choice === 'Accept' ? 'accepted' : 'declined',
    );

    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible(); // the page is drawn
    await expect(cookieBanner(page)).toHaveCount(0);
  });
}
