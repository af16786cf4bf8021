// Rooms whose state follows their guests (issue 40, §3): the cleaner's list at 375 px, the room
// board at 1366 px (seeded stays as bars, a free cell leads to the New booking dialog's URL) and
// the board with the keyboard. Demo data: the seed's block "the room board and housekeeping".
import { DEMO, expect, signIn, sql, test } from './fixtures';

const ROOM_103 = '10000000-0000-4000-8000-000000000003';

test.describe('the cleaner at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.afterEach(async () => {
    await sql("update public.room_housekeeping set state = 'dirty' where room_id = $1", [ROOM_103]);
  });

  test('signs in as housekeeping, sees departures first and marks the dirty room clean', async ({ page }) => {
    await sql("update public.room_housekeeping set state = 'dirty' where room_id = $1", [ROOM_103]);
    await signIn(page, DEMO.housekeeping);
    await expect(page).toHaveURL(/\/admin\/housekeeping$/);
    await expect(page.getByRole('heading', { name: 'Housekeeping', level: 1 })).toBeVisible();
    const sections = page.getByRole('heading', { level: 2 });
    await expect(sections.first()).toHaveText(/^Departures/);
    const card = page.locator('[aria-label="Room 103"]');
    await expect(card.getByTestId('cleaning-state')).toHaveText('Dirty');
    await expect(card.getByText('Arriving today: 2 guests')).toBeVisible();
    await card.getByRole('button', { name: 'Mark clean' }).click();
    await expect(card.getByTestId('cleaning-state')).toHaveText('Clean');
    const [row] = await sql<{ state: string }>('select state::text from public.room_housekeeping where room_id = $1', [
      ROOM_103,
    ]);
    expect(row.state).toBe('clean');
    // nothing else of the portal opens to the role
    await page.goto('/admin/bookings');
    await expect(page).toHaveURL(/\/admin\/housekeeping$/);
    await page
      .getByRole('button', { name: /toggle sidebar|open navigation|menu/i })
      .first()
      .click();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText([/Colosseum Guest House/, 'Housekeeping']);
  });
});

test.describe('the room board at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('shows the seeded stays as bars and a free cell leads to a new booking', async ({ page }) => {
    await signIn(page, DEMO.staff);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.goto('/admin/board');
    await expect(page.getByRole('heading', { name: 'Room board', level: 1 })).toBeVisible();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('button', { name: /^Amélie Girard, room 103/ })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^Daniel Kim, room 101/ })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^Liam O'Connor, room 202/ })).toBeVisible();
    // 103 has an arrival and is dirty
    await sql("update public.room_housekeeping set state = 'dirty' where room_id = $1", [ROOM_103]);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'arriving room not ready' })).toContainText('103');
    // a bar opens its booking
    await grid.getByRole('button', { name: /^Amélie Girard, room 103/ }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\?q=CG-DEMO22$/);
    await page.goBack();
    // 301 is free today until CG-DEMO27 (in four days): a free cell of today leads to the New booking URL
    const [{ today, tomorrow }] = await sql<{ today: string; tomorrow: string }>(
      "select (now() at time zone 'Europe/Rome')::date::text as today, ((now() at time zone 'Europe/Rome')::date + 1)::text as tomorrow",
    );
    const roomId = '10000000-0000-4000-8000-000000000007';
    await grid
      .getByRole('button', { name: /^Room 301, .*: free, new booking$/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?new=1&room=${roomId}&from=\\d{4}-\\d{2}-\\d{2}&to=`));
    const url = new URL(page.url());
    expect(url.searchParams.get('from')! >= today).toBe(true);
    expect(tomorrow > today).toBe(true);
  });

  test('works with the keyboard: arrows across cells, Enter to book', async ({ page }) => {
    await signIn(page, DEMO.staff);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.goto('/admin/board');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('button', { name: /^Amélie Girard, room 103/ })).toBeVisible();
    // one cell of the grid is in the tab order
    await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
    await grid.locator('button[tabindex="0"]').focus();
    // to the last room (301, the sixth row: rooms are ordered by number), then across a free day
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', /room 301|Room 301/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const label = await page.locator(':focus').getAttribute('aria-label');
    expect(label).toMatch(/Room 301|room 301/);
    // move right until a free, bookable day, then Enter
    for (let i = 0; i < 14; i++) {
      const current = (await page.locator(':focus').getAttribute('aria-label')) ?? '';
      if (/free, new booking$/.test(current)) break;
      await page.keyboard.press('ArrowRight');
    }
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', /free, new booking$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/bookings\?new=1&room=10000000-0000-4000-8000-000000000007&from=/);
  });
});
