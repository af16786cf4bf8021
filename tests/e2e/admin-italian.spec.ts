// The staff portal in Italian (issue 43): a staff member switches the header's language to
// Italiano at 768 px; the choice is kept on their profile (a reload stays Italian) and the screens
// show no English left. "No English" is checked against the catalogs, not a screenshot: every text
// on screen (and every label a screen reader reads) that is an English message of the catalogs
// must be shown as its Italian translation instead (texts the same in both, "ADR", "Staff", pass).
// Checked on Reports, Bookings and Arrivals.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  createTestRoom,
  daysFromToday,
  deleteTestRoomsAndStays,
  DEMO,
  expect,
  signInToAdmin,
  sql,
  test,
  uniqueTag,
} from './fixtures';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 768, height: 1024 } });

type Catalog = Map<string, string>;

function readCatalog(path: string): Catalog {
  const text = readFileSync(path, 'utf8');
  const entries: Catalog = new Map();
  const unquote = (block: string) =>
    block
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string)
      .join('');
  for (const [, id, translation] of text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)) {
    const key = unquote(id);
    if (key) entries.set(key, unquote(translation));
  }
  return entries;
}

/** English messages and their Italian, from the portal's catalog and the shared ones it shows. */
const ITALIAN: Catalog = new Map([
  ...readCatalog('src/locales/booking/it.po'),
  ...readCatalog('src/locales/it.po'),
  ...readCatalog('src/locales/admin/it.po'),
]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message as a pattern over a whole text: placeholders ({name}, <0>…</0>) match anything; plural
 * messages are left out (their branches are whole texts of their own only after formatting).
 */
function messagePattern(message: string): RegExp | null {
  if (message.includes(', plural,') || message.includes(', select,')) return null;
  const literal = message.replace(/<\/?\d+>/g, '').replace(/\{\w+\}/g, '\uE000');
  // a message that is mostly placeholders ("{0}", "{title}: view") would match any text
  if (literal.replace(/\uE000/g, '').replace(/[^\p{L}]/gu, '').length < 6 && literal.includes('\uE000')) return null;
  return new RegExp(`^${literal.split('\uE000').map(escape).join('.+')}$`, 'su');
}

const CHECKS = [...ITALIAN.entries()]
  .filter(([english, italian]) => english !== italian)
  .map(([english]) => ({ english, pattern: messagePattern(english) }))
  .filter((check): check is { english: string; pattern: RegExp } => check.pattern !== null);

/** The visible texts of the page and the names read aloud (aria-label, title, placeholder). */
async function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && (box.width > 0 || box.height > 0);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, svg, [aria-hidden="true"]')) continue;
      // screen-reader-only texts (sr-only) count too: they are read
      if (visible(parent) || parent.closest('.sr-only')) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    // each element's whole text too: a <Trans> with a link inside is split over several nodes
    for (const element of document.querySelectorAll('h1, h2, h3, p, button, a, label, th, li, span')) {
      const text = element.textContent?.replace(/\s+/g, ' ').trim();
      if (text && visible(element)) texts.push(text);
    }
    return texts;
  });
}

/** The texts on screen that are an English message of the catalogs, shown in English. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = [...new Set(await screenTexts(page))];
  return texts.filter((text) => CHECKS.some((check) => check.pattern.test(text)));
}

async function switchToItalian(page: Page) {
  await signInToAdmin(page, DEMO.staff);
  // Playwright's browser asks for en-US: with no stored choice the portal is English
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Portal language').selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it', { timeout: 30_000 });
  await expect(page.getByLabel('Lingua del gestionale')).toHaveValue('it');
}

test.afterEach(async () => {
  // the demo staff account is shared by the English tests: back to "not chosen"
  await sql("update public.profiles set portal_language = null where email = 'staff@example.com'");
});

test('the portal switched to Italian: kept on the profile, Reports with no English left', async ({ page }) => {
  await switchToItalian(page);
  const [stored] = await sql<{ portal_language: string }>(
    "select portal_language from public.profiles where email = 'staff@example.com'",
  );
  expect(stored.portal_language).toBe('it');

  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiche' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Periodo', { exact: true }).selectOption('lastYear');
  const occupancy = page.getByRole('region', { name: 'Occupazione per mese', exact: true });
  await expect(occupancy.getByTestId('reading')).toContainText('occupazione al', { timeout: 30_000 });
  // dates and numbers as an Italian reads them: "1 gen 2025 – 31 dic 2025"
  await expect(page.getByText(/\d{1,2} gen \d{4} – 31 dic \d{4}/).first()).toBeVisible();
  await occupancy.getByRole('tab', { name: 'Tabella' }).click();
  await expect(occupancy.getByRole('columnheader', { name: 'Notti disponibili' })).toBeVisible();
  await expect(occupancy.getByRole('cell', { name: /^gennaio \d{4}$/ })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  // the CSV speaks the screen's language: its header row is Italian
  const download = page.waitForEvent('download');
  await occupancy.getByRole('button', { name: /Scarica CSV/ }).click();
  const bytes = readFileSync((await (await download).path())!);
  expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toContain('Notti disponibili');

  // a reload keeps the choice (the profile's, not the URL's)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiche' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  // and back to English from the switch, by keyboard
  const select = page.getByLabel('Lingua del gestionale');
  await select.focus();
  await select.selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 30_000 });
});

test.describe('Bookings and Arrivals', () => {
  for (const screen of [
    { path: '/admin/bookings', heading: 'Prenotazioni' },
    { path: '/admin/arrivals', heading: 'Arrivi' },
  ]) {
    test(`${screen.path} in Italian at 768 px: no English left`, async ({ page }) => {
      await switchToItalian(page);
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await englishLeft(page)).toEqual([]);
    });
  }
});

test('a booking the database refuses is explained in Italian: the engine’s sentence, not the API’s English', async ({
  page,
}) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 90 });
  try {
    await switchToItalian(page);
    const link = `/admin/bookings?new=1&room=${room.id}&from=${daysFromToday(20)}&to=${daysFromToday(22)}`;
    const dialog = page.getByRole('dialog', { name: 'Nuova prenotazione' });
    for (const caller of ['Primo', 'Secondo']) {
      await page.goto(link);
      await dialog.getByLabel("Nome dell'ospite").fill(`${caller} ${tag}`);
      await dialog.getByLabel('E-mail', { exact: true }).fill(`${caller.toLowerCase()}-${tag}@example.com`);
      await dialog.getByRole('button', { name: 'Salva la prenotazione' }).click();
      if (caller === 'Primo') await expect(dialog).toBeHidden();
    }
    // the nights are taken by the first call: the second is refused in Italian
    await expect(dialog.getByRole('alert').last()).toHaveText('Questa camera non è disponibile per le date scelte.');
  } finally {
    await deleteTestRoomsAndStays([room.id]);
  }
});
