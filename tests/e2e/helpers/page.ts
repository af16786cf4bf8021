// Page helpers: accessibility, the cookie banner, toasts, the WhatsApp hand-off, layout, files.
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import zlib from 'node:zlib';

/** Serious and critical axe-core findings on the current page. */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
/** A small solid-colour PNG (valid file, a few hundred bytes) for setInputFiles. */
export function pngFile(name: string, rgb: [number, number, number] = [200, 80, 40]) {
  const size = 16;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3])]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}
/** Stores a cookie choice before the page loads, so the banner does not cover the page. */
export async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}

/**
 * Scrolls a home-page section into view. Below the rooms each section first stands as a
 * placeholder with the same id, swapped for the real one when it loads: a scroll that meets the
 * placeholder as it goes is tried again on the section.
 */
export async function scrollToSection(section: Locator) {
  await expect(async () => {
    await section.scrollIntoViewIfNeeded({ timeout: 2000 });
    await expect(section).toBeVisible({ timeout: 2000 });
  }).toPass();
}

/** The sonner toast with this title (and description, when given). */
export function toastWith(page: Page, title: string, description?: string) {
  let toast = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  if (description !== undefined) {
    toast = toast.filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) });
  }
  return toast;
}

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toastWith(page, title, description).first()).toBeVisible();
}

/** Answers every wa.me request of the context with a stub page, so no network is needed. */
export async function stubWhatsApp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>WhatsApp (stub)</title><p>stub</p>',
    }),
  );
}

/** Runs `action` and returns the URL of the new tab it opens (the WhatsApp hand-off). */
export async function captureNewTabUrl(page: Page, action: () => Promise<void>): Promise<URL> {
  const popupPromise = page.waitForEvent('popup');
  await action();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(popup.url());
  await popup.close();
  return url;
}

/** document.documentElement.scrollWidth (no horizontal overflow when <= the viewport width). */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/**
 * Waits until React is attached to the page (src/app/App.tsx marks `<html data-hydrated>`): a
 * prerendered page is visible before its buttons and forms work.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
    timeout: 20_000,
  });
}
