// The front desk (issue 40 §1, §2): a phone booking entered from Bookings at 1366 px, opened by
// the room board's link (?new=1&room=…&from=…&to=…), priced by the server and stored with its
// source; a move to another room at 768 px, with the difference shown before saving.
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

const dialog = (page: Page) => page.getByRole('dialog', { name: 'New booking' });

test('a phone booking entered from Bookings at 1366 px, opened by the board’s link', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 120 });
  try {
    await signInToAdmin(page, DEMO.staff);
    const from = daysFromToday(9);
    const to = daysFromToday(12);
    await page.goto(`/admin/bookings?new=1&room=${room.id}&from=${from}&to=${to}`);
    const form = dialog(page);
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Room', { exact: true })).toHaveValue(room.id);
    await expect(form.getByLabel('Check-in', { exact: true })).toHaveValue(from);
    await expect(form.getByLabel('Check-out', { exact: true })).toHaveValue(to);
    // the guest's own price: 3 nights at 120 €
    await expect(form.getByTestId('desk-price')).toContainText('360');

    await form.getByLabel('Guest name').fill(`Phone Guest ${tag}`);
    await form.getByLabel('E-mail', { exact: true }).fill(`phone-${tag}@example.com`);
    await form.getByLabel('Phone (optional)').fill('+39 06 555 0101');
    await form.getByLabel('Source').selectOption('phone');
    await form.getByRole('button', { name: 'Save booking' }).click();
    await expect(page.getByText(/Booking CG-[0-9A-Z]{6} saved/).first()).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page).not.toHaveURL(/new=1/);

    const [stored] = await sql<{ source: string; status: string; total_cents: number; check_in_date: string }>(
      `select source, status::text, total_cents, check_in_date::text from public.bookings where room_id = $1`,
      [room.id],
    );
    expect(stored).toEqual({ source: 'phone', status: 'confirmed', total_cents: 36000, check_in_date: from });
    // the new booking's card, with its source
    const card = page.getByRole('article', { name: `Phone Guest ${tag}` });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('booking-source')).toHaveText('Phone');

    // the nights are now taken: the same link is refused in the engine's words
    await page.goto(`/admin/bookings?new=1&room=${room.id}&from=${from}&to=${to}`);
    await dialog(page).getByLabel('Guest name').fill('Second Caller');
    await dialog(page).getByLabel('E-mail', { exact: true }).fill(`second-${tag}@example.com`);
    await dialog(page).getByRole('button', { name: 'Save booking' }).click();
    await expect(dialog(page).getByRole('alert').last()).toContainText('not available for the selected dates');
  } finally {
    await deleteTestRoomsAndStays([room.id]);
  }
});

test('a stay moved to another room at 768 px, the difference shown before saving', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1000 });
  const tag = uniqueTag();
  const first = await createTestRoom(`${tag}a`, { price_per_night: 100 });
  const second = await createTestRoom(`${tag}b`, { price_per_night: 150 });
  try {
    await sql(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
         total_amount, total_cents, deposit_cents, balance_cents, source, nightly_rates)
       values ($1, $2, $3, current_date + 20, current_date + 22, 2, 'confirmed', 200, 20000, 6000, 14000, 'email',
         jsonb_build_array(jsonb_build_object('night', current_date + 20, 'price', 100, 'season', null),
                           jsonb_build_object('night', current_date + 21, 'price', 100, 'season', null)))`,
      [first.id, `Mover ${tag}`, `mover-${tag}@example.com`],
    );
    await signInToAdmin(page, DEMO.staff);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(`Mover ${tag}`)}`);
    const card = page.getByRole('article', { name: `Mover ${tag}` });
    await card.getByRole('button', { name: 'Move room' }).click();
    const change = page.getByRole('dialog', { name: 'Move room' });
    await change.getByLabel('Room', { exact: true }).selectOption(second.id);
    // 2 nights at 150 € instead of 100 €: +100 €
    await expect(change.getByTestId('change-difference')).toContainText('300');
    await expect(change.getByTestId('change-difference')).toContainText('+');
    await change.getByRole('button', { name: 'Save change' }).click();
    await expect(page.getByText(/Stay CG-[0-9A-Z]{6} changed/).first()).toBeVisible();
    await expect(card).toContainText(`E2E Room ${tag}b`);
    const [stored] = await sql<{ room_id: string; total_cents: number }>(
      `select room_id::text, total_cents from public.bookings where guest_name = $1`,
      [`Mover ${tag}`],
    );
    expect(stored).toEqual({ room_id: second.id, total_cents: 30000 });
    const mails = await sql(`select 1 from public.email_outbox where kind = 'stay_changed' and recipient = $1`, [
      `mover-${tag}@example.com`,
    ]);
    expect(mails).toHaveLength(1);
  } finally {
    await deleteTestRoomsAndStays([first.id, second.id]);
  }
});
