import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, signInToAdmin, sql, test } from './fixtures';

const NEW_PRIMARY = '220 60% 25%';
const DEFAULT_PRIMARY = '14 53% 36%';

/** The --primary token inside the designer's preview frame. */
function previewPrimary(page: Page) {
  return expect.poll(async () => {
    const frame = page.frames().find((f) => f.url().includes('design-preview'));
    return frame?.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  });
}

/** What a visitor sees on "/" in a fresh browser context: the primary token, the hero title size, the banner. */
async function publicLook(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the published design arrives with one request after the first paint
  await page.waitForLoadState('networkidle');
  const look = await page.evaluate(() => ({
    primary: getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    titleSize: getComputedStyle(document.querySelector('[data-design-id="hero-title"]')!).fontSize,
    banner: document.querySelector('[data-design-id="design-blocks"]')?.textContent ?? '',
  }));
  await context.close();
  return look;
}

test.describe('visual designer', () => {
  test.beforeAll(async () => {
    await sql('truncate public.design_published, public.design_versions, public.design_draft');
  });
  test.afterAll(async () => {
    await sql('truncate public.design_published, public.design_versions, public.design_draft');
  });

  test('edits with real undo and redo, publishes to the public site, and restores the old look', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/visual-design');
    await expect(page.getByRole('heading', { name: 'Visual Designer' })).toBeVisible();
    const preview = page.frameLocator('iframe[title="Home page preview"]');
    await expect(preview.locator('[data-design-id="hero-title"]')).toBeVisible();

    // Version 1: today's look.
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published version 1')).toBeVisible();
    await page.keyboard.press('Escape');

    // Primary colour.
    await page.getByRole('tab', { name: 'Design' }).click();
    const primary = page.getByLabel('primary', { exact: true });
    await primary.fill(NEW_PRIMARY);
    await primary.press('Enter');
    await previewPrimary(page).toBe(NEW_PRIMARY);

    // The hero heading's font size, on the element clicked in the preview.
    await preview.locator('[data-design-id="hero-title"]').click();
    await page.getByRole('tab', { name: 'Styles' }).click();
    await expect(page.getByText('hero > hero-title', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search properties' }).fill('font-size');
    const fontSize = page.getByLabel('font-size', { exact: true });
    await fontSize.fill('72');
    await fontSize.press('Tab');
    const title = preview.locator('[data-design-id="hero-title"]');
    await expect(title).toHaveCSS('font-size', '72px');

    // Undo reverts the size (not the colour); redo re-applies it.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undid last action')).toBeVisible();
    await expect(title).not.toHaveCSS('font-size', '72px');
    await previewPrimary(page).toBe(NEW_PRIMARY);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(page.getByText('Redid action')).toBeVisible();
    await expect(title).toHaveCSS('font-size', '72px');

    // A library block.
    await page.getByRole('tab', { name: 'Components' }).click();
    await page.getByRole('button', { name: 'Add Promo Banner' }).click();
    await expect(preview.getByText('Spring offer: 10% off stays of 3 nights or more')).toBeVisible();

    // Publish version 2: a fresh visitor sees it.
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByLabel('Note').fill('Blue with a promo');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published version 2')).toBeVisible();
    expect(await publicLook(browser, baseURL!)).toEqual({
      primary: NEW_PRIMARY,
      titleSize: '72px',
      banner: expect.stringContaining('Spring offer: 10% off stays of 3 nights or more'),
    });

    // Restore version 1: the old look is back for a fresh visitor.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
    const restored = await publicLook(browser, baseURL!);
    expect(restored.primary).toBe(DEFAULT_PRIMARY);
    expect(restored.titleSize).not.toBe('72px');
    expect(restored.banner).toBe('');
  });
});
