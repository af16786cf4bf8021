import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BookingDialog,
  calendarDay,
  createTestRoom,
  daysFromToday,
  deleteTestRooms,
  DEMO,
  expect,
  expectToast,
  signInToAdmin,
  skipCookieBanner,
  sql,
  test,
  uniqueTag,
} from './fixtures';

const compact = (date: string) => date.replaceAll('-', '');

/** A Booking.com-style export with one closed stay, served on this machine. */
function serveFeed(checkIn: string, checkOut: string): Promise<{ url: string; close: () => Promise<void> }> {
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Booking.com//NONSGML Booking Calendar//EN',
    'BEGIN:VEVENT',
    'DTSTAMP:20261120T101500Z',
    `DTSTART;VALUE=DATE:${compact(checkIn)}`,
    `DTEND;VALUE=DATE:${compact(checkOut)}`,
    'UID:e2e-closed-stay@booking.com',
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(body));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/booking-room.ics`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

test('the admin links a Booking.com calendar, syncs, sees the counts and the block on the calendar; the public dialog refuses those dates', async ({
  page,
}) => {
  const room = await createTestRoom(uniqueTag());
  const checkIn = daysFromToday(500);
  const checkOut = daysFromToday(503);
  const feed = await serveFeed(checkIn, checkOut);
  try {
    await skipCookieBanner(page);
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/integrations');
    const panel = page.getByTestId('platform-booking');
    // the first visit loads the screen's chunk and five queries: allow a busy machine some time
    await expect(panel.getByRole('heading', { name: 'Booking.com' })).toBeVisible({ timeout: 30_000 });

    // no key: the spec's refusal
    await panel.getByRole('button', { name: 'Sync Rooms' }).click();
    await expectToast(page, 'Missing API Key', 'Please enter your Booking.com API key first');

    await panel.getByText(/^Room calendars/).click();
    const row = panel.getByTestId(`feed-booking-${room.id}`);
    await row.getByLabel('Import calendar URL').fill(feed.url);
    await row.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Import calendar URL saved');
    await expect(row.getByLabel('Export calendar URL')).toHaveValue(
      /\/functions\/v1\/channel-calendar\/[0-9a-f]{48}\.ics$/,
    );

    await panel.getByLabel('API Key').fill('bk-e2e-secret-4321');
    await panel.getByRole('button', { name: 'Sync Rooms' }).click();
    await expectToast(page, 'Sync Successful');
    await expect(panel.getByRole('status')).toContainText('1 created');
    await expect(panel.getByText('Stored key: ••••••••4321')).toBeVisible();
    await expect(panel.getByLabel('API Key')).toHaveValue('');

    await page.goto(`/admin/calendar?from=${checkIn}`);
    const roomRow = page.getByTestId(`calendar-room-${room.id}`);
    await expect(roomRow.locator('[data-kind="external"]')).toHaveAttribute(
      'title',
      `Booking.com calendar · CLOSED - Not available · ${checkIn} → ${checkOut}`,
    );

    await page.goto(`/room/${room.id}`);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = new BookingDialog(page);
    // the imported nights are taken in the booking calendar: not selectable
    const day = await calendarDay(dialog.root, daysFromToday(501));
    await expect(day).toHaveAccessibleName(/, not available$/);
    await expect(day).toBeDisabled();
  } finally {
    await feed.close();
    await sql(`delete from private.platform_api_keys where platform = 'booking'`);
    await deleteTestRooms({ ids: [room.id] });
  }
});

test('staff open the calendar from the sidebar, add and remove a manual block, and are refused Integrations', async ({
  page,
}) => {
  const room = await createTestRoom(uniqueTag());
  const from = daysFromToday(520);
  const until = daysFromToday(523);
  try {
    await skipCookieBanner(page);
    await signInToAdmin(page, DEMO.staff);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.goto(`/admin/calendar?from=${from}`);

    await page.getByRole('button', { name: 'Add manual block' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add manual block' });
    await dialog.getByRole('button', { name: 'Add block' }).click();
    await expect(dialog.getByText('Please choose a room.')).toBeVisible();
    await dialog.getByLabel('Room').selectOption(room.id);
    await dialog.getByLabel('From').fill(from);
    await dialog.getByLabel('Until (check-out day)').fill(until);
    await dialog.getByLabel('Reason').selectOption('owner_stay');
    await dialog.getByLabel('Note (optional)').fill('Family visit');
    await dialog.getByRole('button', { name: 'Add block' }).click();
    await expectToast(page, 'Manual block added');

    const block = page
      .getByTestId(`calendar-room-${room.id}`)
      .getByRole('button', { name: `Manual block · Owner stay · Family visit · ${from} → ${until}. Remove` });
    await expect(block).toBeVisible();
    const stored = await sql('select reason::text from public.manual_blocks where room_id = $1', [room.id]);
    expect(stored).toEqual([{ reason: 'owner_stay' }]);

    // the same nights again: the database refuses, the dialog says why
    await page.getByRole('button', { name: 'Add manual block' }).click();
    await dialog.getByLabel('Room').selectOption(room.id);
    await dialog.getByLabel('From').fill(daysFromToday(521));
    await dialog.getByLabel('Until (check-out day)').fill(daysFromToday(522));
    await dialog.getByRole('button', { name: 'Add block' }).click();
    await expectToast(page, 'Error', 'Failed to add manual block. This room is not available for the selected dates.');
    await page.keyboard.press('Escape');

    page.once('dialog', (confirm) => void confirm.accept());
    await block.click();
    await expectToast(page, 'Manual block removed');
    await expect(block).toHaveCount(0);

    await page.goto('/admin/integrations');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync Rooms' })).toHaveCount(0);
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});
