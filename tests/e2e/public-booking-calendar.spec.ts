// The booking calendar (issue 22): taken nights cannot be chosen, a stay across two seasons shows
// each night's price and the stored booking has the quoted total, a too-short stay shows the
// minimum-stay sentence and cannot be sent, and the calendar works by keyboard alone.
// Seasons are made here on the Superior Quadruple from current_date + 540 on and removed after.
import type { Page } from '@playwright/test';
import {
  beforeEachBooking,
  BookingDialog,
  bookingByReference,
  calendarDay,
  calendarDayName,
  createTestRoom,
  daysFromToday,
  deleteTestRooms,
  expect,
  holdRoom,
  referenceIn,
  resetRateLimits,
  ROOMS,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

beforeEachBooking();

async function openRoomDialog(page: Page, room: (typeof ROOMS)[keyof typeof ROOMS]) {
  await page.goto(`/room/${room.id}`);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();
  return dialog;
}

/** Seasons of the quadruple for one test, removed afterwards. */
async function withSeasons(rows: string, work: () => Promise<void>) {
  const ids = await sql<{ id: string }>(
    `insert into public.room_rate_seasons (room_id, name, starts_on, ends_on, price_per_night, weekend_price, min_nights)
     select $1, s.name, current_date + s.a::int, current_date + s.b::int, s.price::numeric, s.weekend::numeric, s.min::int
     from (values ${rows}) s (name, a, b, price, weekend, min) returning id::text`,
    [ROOMS.superiorQuadruple.id],
  );
  try {
    await work();
  } finally {
    await sql('delete from public.room_rate_seasons where id = any($1::uuid[])', [ids.map((r) => r.id)]);
  }
}

const isWeekendNight = (iso: string) => [5, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

test('a taken night cannot be chosen; leaving on its morning can', async ({ page }) => {
  const room = ROOMS.superiorKing;
  const release = await holdRoom(room.id, daysFromToday(450), daysFromToday(452));
  try {
    const dialog = await openRoomDialog(page, room);
    for (const day of [450, 451]) {
      const button = await calendarDay(dialog.root, daysFromToday(day));
      await expect(button).toHaveAccessibleName(`${calendarDayName(daysFromToday(day))}, not available`);
      await expect(button).toBeDisabled();
    }
    // arriving two days before, the first taken night's morning is a possible check-out, the next day is not
    await (await calendarDay(dialog.root, daysFromToday(448))).click();
    await expect(await calendarDay(dialog.root, daysFromToday(451))).toBeDisabled();
    await (await calendarDay(dialog.root, daysFromToday(450))).click();
    await expect(dialog.availability).toHaveText('Available for your dates');
    await expect(dialog.root).toContainText('€145.00 × 2 nights');
  } finally {
    await release();
  }
});

test('a stay across two seasons shows each night at its price, and the stored booking has the quoted total', async ({
  page,
}) => {
  await resetRateLimits();
  await withSeasons("('Test high', 540, 545, 250, 280, 1), ('Test low', 546, 555, 180, null, 1)", async () => {
    const nights = [544, 545, 546, 547].map((d) => daysFromToday(d));
    const prices = nights.map((night, i) => (i < 2 ? (isWeekendNight(night) ? 280 : 250) : 180));
    const total = prices.reduce((a, b) => a + b, 0);
    const dialog = await openRoomDialog(page, ROOMS.superiorQuadruple);
    await dialog.fill({
      checkIn: nights[0],
      checkOut: daysFromToday(548),
      guests: 3,
      name: 'Season Crosser',
      email: uniqueEmail('seasons'),
    });
    // each day of the calendar carries its price
    await expect(await calendarDay(dialog.root, nights[2])).toHaveAccessibleName(/, €180\.00, selected$/);
    await expect(dialog.root).toContainText('€180.00 × 2 nights (Test low)');
    await expect(dialog.root).toContainText(`Total€${total.toFixed(2)}`);
    await expect(dialog.root).toContainText(
      'City tax, payable at the property, counted for every guest: €6.00 × 3 guests × 4 nights',
    );

    const { text } = await dialog.submitToWhatsApp();
    expect(text.split('\n')).toContain(`Total: €${total.toFixed(2)}`);
    const stored = await bookingByReference(referenceIn(text));
    expect(stored.total_amount).toBe(total);
    const [row] = await sql<{ nightly: { night: string; price: number }[] }>(
      `select nightly_rates as nightly from public.bookings where room_id = $1 and check_in_date = $2 and status = 'pending'`,
      [ROOMS.superiorQuadruple.id, nights[0]],
    );
    expect(row.nightly.map((n) => [n.night, n.price])).toEqual(nights.map((n, i) => [n, prices[i]]));
    await sql(`delete from public.bookings where room_id = $1 and check_in_date = $2`, [
      ROOMS.superiorQuadruple.id,
      nights[0],
    ]);
  });
});

test('a stay shorter than the minimum shows the minimum-stay sentence and cannot be sent', async ({ page }) => {
  await withSeasons("('Test minimum', 580, 590, 200, null, 3)", async () => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/request_booking')) requests.push(request.url());
    });
    const dialog = await openRoomDialog(page, ROOMS.superiorQuadruple);
    const arrival = daysFromToday(581);
    await (await calendarDay(dialog.root, arrival)).click();
    await expect(dialog.root).toContainText('Minimum stay 3 nights for this arrival.');
    await (await calendarDay(dialog.root, daysFromToday(583))).click();
    await dialog.root.getByLabel('Full Name').fill('Short Stayer');
    await dialog.root.getByLabel('Email', { exact: true }).fill('short@example.com');
    // written by the site from the refusal's code and values (min_stay {min_nights, check_in})
    await expect(dialog.root).toContainText(
      `A stay arriving on ${calendarDayName(arrival)} must be at least 3 nights.`,
    );
    await expect(dialog.submit).toBeDisabled();
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
  });
});

// A room of its own: today's night must be free, whatever the other tests or a channel sync booked.
test('the calendar works by keyboard alone, with a visible focus', async ({ page }) => {
  const room = await createTestRoom(uniqueTag(), { price_per_night: 100 });
  try {
    await keyboardWalk(page, room.id);
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});

async function keyboardWalk(page: Page, roomId: string) {
  await page.goto(`/room/${roomId}`);
  await page.getByRole('button', { name: 'Check Availability' }).focus();
  await page.keyboard.press('Enter');
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();

  const focusedDay = () =>
    page.evaluate(() => (document.activeElement?.closest('[data-day]') as HTMLElement | null)?.dataset.day ?? null);
  // Tab to the grid: one day of it is in the tab order
  for (let i = 0; i < 12 && !(await focusedDay()); i++) await page.keyboard.press('Tab');
  expect(await focusedDay()).toBe(daysFromToday(0));
  expect(
    await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
    'a visible focus ring',
  ).not.toBe('none');

  // Page Down: a month on (four times); arrows, Home and End within a week
  for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
  const start = (await focusedDay())!;
  await page.keyboard.press('ArrowRight');
  const next = new Date(`${start}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  expect(await focusedDay()).toBe(next.toISOString().slice(0, 10));
  await page.keyboard.press('Home');
  const monday = (await focusedDay())!;
  expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
  await page.keyboard.press('End');
  expect(new Date(`${(await focusedDay())!}T00:00:00Z`).getUTCDay()).toBe(0);
  await page.keyboard.press('Home');

  // Enter picks check-in, three days on Enter picks check-out
  await page.keyboard.press('Enter');
  await expect(dialog.root.getByLabel('Check-in Date')).not.toHaveValue('');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(dialog.root.getByLabel('Check-out Date')).not.toHaveValue('');
  await expect(
    dialog.root.getByRole('button', { name: new RegExp(`^${calendarDayName(monday)},.*selected$`) }),
  ).toBeVisible();
  await expect(dialog.root).toContainText('× 3 nights');
  await expect(dialog.availability).toHaveText('Available for your dates');

  // Escape closes the dialog
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
}
