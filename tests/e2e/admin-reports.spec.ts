import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@supabase/supabase-js';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Database } from '../../src/types/database';
import type { Page } from '@playwright/test';
import { DEMO, expect, pageScrollWidth, signInToAdmin, test } from './fixtures';

// several axe passes over a long page of charts take their time on a busy machine
test.describe.configure({ timeout: 240_000 });

/** A downloaded CSV: its bytes start with the UTF-8 byte-order mark; the records after it. */
function parseCsv(bytes: Buffer, delimiter: ',' | ';'): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { delimiter, skipEmptyLines: true }).data;
}

/** Last calendar year, as the "Last year" preset counts it. */
function lastYear() {
  const year = new Date().getFullYear() - 1;
  return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
}

/** What the database answers the staff account for last year (the same RPC the screen calls). */
async function occupancyInDatabase() {
  const client = createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(DEMO.staff);
  if (signInError) throw signInError;
  const { from, to } = lastYear();
  const { data, error } = await client.rpc('report_occupancy', { p_from: from, p_to: to });
  if (error) throw error;
  return data;
}

const occupancy = (page: Page) => page.getByRole('region', { name: 'Occupancy by month', exact: true });

async function openReports(page: Page) {
  await signInToAdmin(page, DEMO.staff);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Period', { exact: true }).selectOption('lastYear');
  await expect(occupancy(page).getByTestId('reading')).toContainText('full', { timeout: 30_000 });
}

test('staff open Reports, switch to last year: the occupancy table shows what the database counts', async ({
  page,
}) => {
  await openReports(page);
  await occupancy(page).getByRole('tab', { name: 'Table' }).click();
  const table = occupancy(page).getByRole('table');
  const header = await table.getByRole('columnheader').allTextContents();
  expect(header.slice(0, 6)).toEqual([
    'Month',
    'Available nights',
    'Sold nights',
    'Occupancy',
    'Channel nights',
    'Out of service',
  ]);
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

  const rows = await occupancyInDatabase();
  const year = new Date().getFullYear() - 1;
  expect(rows).toHaveLength(12);
  expect(rows.some((row) => row.sold_nights > 0)).toBe(true);
  expect(cells.map((row) => row.slice(0, 6))).toEqual(
    rows.map((row, i) => [
      `${new Date(Date.UTC(year, i, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`,
      String(row.available_nights),
      String(row.sold_nights),
      row.available_nights ? `${Math.round((100 * row.sold_nights) / row.available_nights)} %` : '–',
      String(row.channel_nights),
      String(row.closed_nights),
    ]),
  );
});

test('the CSV downloads carry a byte-order mark and numbers as numbers, for Italian Excel or others', async ({
  page,
}) => {
  await openReports(page);
  const download = async (card: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: card, exact: true })
        .getByRole('button', { name: /Download CSV/ })
        .click(),
    ]);
    return file;
  };
  const rows = await occupancyInDatabase();
  const { from } = lastYear();

  // Excel in Italian, the default: semicolons, a decimal comma
  const italian = await download('Occupancy by month');
  expect(italian.suggestedFilename()).toBe(`occupancy-${from}-to-${Number(from.slice(0, 4))}-12-31.csv`);
  const records = parseCsv(readFileSync((await italian.path())!), ';');
  expect(records[0].slice(0, 4)).toEqual(['Month', 'Available nights', 'Sold nights', 'Occupancy (%)']);
  expect(records.slice(1).map((record) => record.slice(1, 5))).toEqual(
    rows.map((row) => [
      String(row.available_nights),
      String(row.sold_nights),
      row.available_nights ? String(Math.round((100 * row.sold_nights) / row.available_nights)) : '',
      String(row.channel_nights),
    ]),
  );
  const revenue = parseCsv(readFileSync((await (await download('Revenue, ADR and RevPAR')).path())!), ';');
  expect(revenue[0].slice(0, 3)).toEqual(['Month', 'Booked value (EUR)', 'Received (month paid) (EUR)']);
  const euros = (cents: unknown, mark: string) => (Number(cents) / 100).toFixed(2).replace('.', mark);
  expect(revenue.slice(1).map((record) => record[1])).toEqual(rows.map((row) => euros(row.revenue_cents, ',')));

  // other spreadsheets: commas, a decimal point; the choice is kept for the next download
  await page.getByLabel('CSV downloads for').selectOption('comma');
  const other = parseCsv(readFileSync((await (await download('Revenue, ADR and RevPAR')).path())!), ',');
  expect(other.slice(1).map((record) => record[1])).toEqual(rows.map((row) => euros(row.revenue_cents, '.')));
});

test('at 375 px the page does not scroll sideways, in chart and in table view', async ({ page }) => {
  await openReports(page);
  // the sidebar folds into a menu on a phone: open the screen wide, then narrow it (the charts reflow)
  await page.setViewportSize({ width: 375, height: 667 });
  // a chart is drawn once its card nears the viewport: on a phone the card starts further down
  await occupancy(page).scrollIntoViewIfNeeded();
  await expect(occupancy(page).locator('svg.recharts-surface').first()).toBeVisible();
  // the charts take the new width when their resize observers fire, after the viewport has changed
  await expect.poll(() => pageScrollWidth(page)).toBeLessThanOrEqual(375);
  const tableTabs = await page.getByRole('tab', { name: 'Table' }).all();
  expect(tableTabs.length).toBeGreaterThanOrEqual(5);
  for (const tab of tableTabs) await tab.click();
  await expect(page.getByRole('table')).toHaveCount(tableTabs.length);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
});

test('axe finds no violation on Reports, with charts and with tables', async ({ page }) => {
  await openReports(page);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await occupancy(page).getByRole('tab', { name: 'Table' }).click();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('guests by country: the table shows the database’s counts from the demo check-ins', async ({ page }) => {
  await signInToAdmin(page, DEMO.staff);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByLabel('Period', { exact: true }).selectOption('next12');
  const card = page.getByRole('region', { name: 'Guests by country of residence', exact: true });
  await expect(card.getByTestId('reading')).toContainText('Most guests live in', { timeout: 30_000 });
  await card.getByRole('tab', { name: 'Table' }).click();
  const cells = await card
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

  const client = createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await client.auth.signInWithPassword(DEMO.staff);
  const month = new Date().toISOString().slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const to = `${y + 1}-${String(m).padStart(2, '0')}-01`;
  const { data, error } = await client.rpc('report_guest_countries', { p_from: `${month}-01`, p_to: to });
  expect(error).toBeNull();
  expect(data!.length).toBeGreaterThan(0);
  expect(cells).toEqual(data!.map((row) => [row.country ?? 'Not given yet', String(row.guests), String(row.nights)]));
});

test('the revenue table shows booked value and money received as the database counts them', async ({ page }) => {
  await openReports(page);
  const revenue = page.getByRole('region', { name: 'Revenue, ADR and RevPAR', exact: true });
  await revenue.getByRole('tab', { name: 'Table' }).click();
  const table = revenue.getByRole('table');
  const header = await table.getByRole('columnheader').allTextContents();
  expect(header.slice(0, 3)).toEqual(['Month', 'Booked value', 'Received (month paid)']);
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
  const euro = (cents: number) =>
    new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
      cents / 100,
    );
  const rows = await occupancyInDatabase();
  expect(rows.some((row) => Number(row.received_cents) > 0)).toBe(true);
  expect(cells.map((row) => row.slice(1, 3))).toEqual(
    rows.map((row) => [euro(Number(row.revenue_cents)), euro(Number(row.received_cents))]),
  );
});
