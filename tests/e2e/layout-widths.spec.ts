import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signInToAdmin, skipCookieBanner, test } from './fixtures';
import { ADMIN_ROUTES, PUBLIC_ROUTES, VIEWPORT_HEIGHT, WIDTHS, type SiteRoute } from '../../scripts/site/routes';

// Every public and admin route at a phone, an upright tablet and a laptop width: the page never
// scrolls sideways, the header holds its elements, text in cards and lists is not cut, and on a
// phone the public pages' controls are big enough to tap.

/** The page does not scroll sideways; when it does, the message names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      // the innermost ones: an element none of whose children also sticks out
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1))
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, outside: wide.join(' ') };
  });
  expect
    .soft(scrollWidth, `${where}: page scrollWidth ${scrollWidth} > ${innerWidth}: ${outside}`)
    .toBeLessThanOrEqual(innerWidth);
}

/** Every visible element inside `header` lies within the header's box. */
async function expectInsideHeader(header: Locator, where: string) {
  const outside = await header.evaluate((root) => {
    const box = root.getBoundingClientRect();
    return [...root.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        if (element.closest('[hidden]')) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.position === 'fixed') return false;
        return (
          rect.left < box.left - 1 ||
          rect.right > box.right + 1 ||
          rect.top < box.top - 1 ||
          rect.bottom > box.bottom + 1
        );
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
  });
  expect.soft(outside, `${where}: header elements outside the header's box`).toEqual([]);
}

/** No element inside `scope` cuts its own text (scrollWidth > clientWidth). */
async function expectNoClippedText(scope: Locator, where: string) {
  const clipped = await scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...root.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          if (!(element instanceof HTMLElement) || element.clientWidth === 0) return false;
          if (element.closest('.sr-only')) return false; // text for screen readers only
          const hasText = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
          );
          return hasText && element.scrollWidth > element.clientWidth + 1;
        })
        .map((element) => `${element.tagName.toLowerCase()} "${element.textContent!.trim().slice(0, 40)}"`),
    ),
  );
  expect.soft(clipped, `${where}: text cut by its container`).toEqual([]);
}

/** Links, buttons, tabs and form controls a finger taps are at least 40×40 px (text inside a sentence excepted). */
async function expectTouchTargets(page: Page, where: string) {
  const small = await page.evaluate(() => {
    const selector = 'a[href], button, [role="tab"], input:not([type="hidden"]), select, textarea, summary';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || element.closest('[hidden], [aria-hidden="true"], .sr-only')) return false;
        // the header's contact line is a line of text (address, phone, e-mail): WCAG 2.5.8 exempts targets
        // whose size is set by the line height of the text around them, and 40 px rows there would give
        // the sticky header a quarter of a phone's screen
        if (element.closest('[data-design-id="header-topbar"]')) return false;
        // a link inside running text: WCAG 2.5.8 exempts it
        if (style.display === 'inline' && element.parentElement?.tagName === 'P') return false;
        // a checkbox or radio whose label is the target
        const label = element.closest('label');
        const target = label && element instanceof HTMLInputElement ? label.getBoundingClientRect() : rect;
        return target.height < 40 || target.width < 40;
      })
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      });
  });
  expect.soft(small, `${where}: touch targets under 40 px`).toEqual([]);
}

async function open(page: Page, route: SiteRoute) {
  await page.goto(route.path);
  await route.ready(page);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: VIEWPORT_HEIGHT[width] }, hasTouch: width < 1024 });

    test('the public pages fit the width, the header holds its elements, targets are tappable', async ({ page }) => {
      test.setTimeout(120_000);
      await skipCookieBanner(page);
      for (const route of PUBLIC_ROUTES) {
        const where = `${route.path} at ${width}px`;
        await open(page, route);
        await expectNoSidewaysScroll(page, where);
        const header = page.locator('header[data-design-id="header"]');
        if (await header.count()) {
          await expectInsideHeader(header, where);
          // the brand, the navigation and Book Now share one line
          const logo = await header.locator('[data-design-id="header-logo"]').boundingBox();
          expect.soft(logo!.height, `${where}: the brand wraps`).toBeLessThanOrEqual(48);
        }
        if (route.name === 'home') await expectNoClippedText(page.locator('#rooms article'), where);
        if (width === 375) await expectTouchTargets(page, where);
      }
    });

    test('the admin screens fit the width, with the top bar on one line and nothing cut', async ({ page }) => {
      test.setTimeout(180_000);
      await signInToAdmin(page, DEMO.admin);
      for (const route of ADMIN_ROUTES) {
        const where = `${route.path} at ${width}px`;
        await open(page, route);
        await expectNoSidewaysScroll(page, where);
        const topBar = page.locator('header').first();
        await expectInsideHeader(topBar, where);
        await expect.soft(topBar, `${where}: the top bar names the screen`).toHaveJSProperty('offsetHeight', 56);
        if (route.name === 'admin-rooms') await expectNoClippedText(page.getByRole('article'), where);
        if (route.name === 'admin-users') {
          await expectNoClippedText(page.getByRole('main'), where);
          // on narrow screens each user is a card, with the menu in reach
          if (width < 1024) {
            await expect.soft(page.getByRole('table')).toHaveCount(0);
            await expect.soft(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).not.toHaveCount(0);
          }
        }
      }
    });
  });
}

test.describe('at 768 px the admin', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('starts with the sidebar icon-only and names the screen in the top bar', async ({ page }) => {
    await signInToAdmin(page, DEMO.admin);
    const aside = page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Admin navigation' }) });
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(48);

    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Rooms' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Rooms');
    await expect(page).toHaveTitle('Rooms · Admin Dashboard');

    // the sidebar's column runs the page's full height
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const { asideBottom, pageHeight } = await aside.evaluate((element) => ({
      asideBottom: element.getBoundingClientRect().bottom + window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
    }));
    expect(Math.round(asideBottom)).toBeGreaterThanOrEqual(pageHeight - 1);
  });
});
