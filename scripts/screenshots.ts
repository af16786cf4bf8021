// `npm run screenshots`: every public and admin route at 375, 768 and 1366 px, full page, saved as
// PNG files into screenshots/ (git-ignored) for a person to look through before a release; a route's
// `elements` (scripts/site/routes.ts, e.g. each chart of the Reports screen) also get a picture of
// their own at 375 and 1366 px: screenshots/admin-reports-occupancy-1366.png.
//
// By default it starts a throw-away seeded platform and serves a production build of this checkout
// (scripts/site/seeded-site.ts, as the browser tests). Options:
//   --base-url http://127.0.0.1:8080   use a site that is already running (`npm start`; demo accounts)
//   --out DIR                           where to write (default screenshots/)
//   --width 768                         only this width (repeatable)
//   --route admin-rooms                 only routes whose name contains this (repeatable)
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './site/browser';
import { startSeededSite } from './site/seeded-site';
import {
  ADMIN_ROUTES,
  ELEMENT_WIDTHS,
  PUBLIC_ROUTES,
  VIEWPORT_HEIGHT,
  WIDTHS,
  type SiteElement,
  type SiteRoute,
} from './site/routes';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    width: { type: 'string', multiple: true },
    route: { type: 'string', multiple: true },
  },
});

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const outDir = resolve(values.out!);
const widths = values.width?.length ? WIDTHS.filter((width) => values.width!.includes(String(width))) : [...WIDTHS];
const wanted = (route: SiteRoute) => !values.route?.length || values.route.some((part) => route.name.includes(part));

let teardown: (() => Promise<void>) | undefined;
let baseURL = values['base-url'];
if (!baseURL) {
  console.log('Starting a seeded platform and a production build…');
  teardown = await startSeededSite();
  baseURL = process.env.E2E_BASE_URL!;
}

const browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS });
mkdirSync(outDir, { recursive: true });
let failures = 0;

async function shoot(page: Page, route: SiteRoute, width: number) {
  const file = join(outDir, `${route.name}-${width}.png`);
  try {
    await page.goto(route.path);
    await route.ready(page);
    await page.waitForTimeout(300); // transitions and images settle
    await page.screenshot({ path: file, fullPage: true });
    console.log(`  ${file}`);
  } catch (error) {
    failures += 1;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`✖ ${route.path} at ${width}px: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!ELEMENT_WIDTHS.includes(width)) return;
  for (const element of route.elements ?? []) await shootElement(page, route, element, width);
}

async function shootElement(page: Page, route: SiteRoute, element: SiteElement, width: number) {
  const file = join(outDir, `${route.name}-${element.name}-${width}.png`);
  const target = page.locator(element.selector);
  try {
    await element.ready(target);
    await target.screenshot({ path: file });
    console.log(`  ${file}`);
  } catch (error) {
    failures += 1;
    console.error(`✖ ${route.path} ${element.name} at ${width}px: ${(error as Error).message.split('\n')[0]}`);
  }
}

try {
  for (const width of widths) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: VIEWPORT_HEIGHT[width] },
      hasTouch: width < 1024,
    });
    // the cookie banner would cover the bottom of every page
    await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
    const page = await context.newPage();
    for (const route of PUBLIC_ROUTES.filter(wanted)) await shoot(page, route, width);

    const adminRoutes = ADMIN_ROUTES.filter(wanted);
    if (adminRoutes.length) {
      await page.goto('/auth');
      await page.getByLabel(/email/i).first().fill(ADMIN.email);
      await page
        .getByLabel(/password/i)
        .first()
        .fill(ADMIN.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL(/\/admin\/?$/);
      for (const route of adminRoutes) await shoot(page, route, width);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await teardown?.();
}
console.log(failures ? `${failures} page(s) or element(s) did not finish drawing (see above).` : `Saved to ${outDir}`);
process.exit(failures ? 1 : 0);
