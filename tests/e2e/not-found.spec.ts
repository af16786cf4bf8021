import { expect, seriousAxeViolations, test } from './fixtures';

test('an unknown path shows the 404 page, logs the path and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(errors.some((text) => text.includes('/no-such-page'))).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
