// A double booking from a channel's feed (issue 40 §4): the admin presses Sync now on a room's iCal
// feed (no API key), the result shows in a toast, the Dashboard lists the alert with a link to the
// booking it collides with, and the host's inbox gets one host_alert e-mail about it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readInbox } from '../../supabase/tests/inbox';
import {
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

function serveFeed(uid: string, checkIn: string, checkOut: string) {
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${compact(checkIn)}`,
    `DTEND;VALUE=DATE:${compact(checkOut)}`,
    `UID:${uid}`,
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(body));
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/overlap.ics`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

test('a double booking from a feed shows on the dashboard with its booking, and in the host inbox', async ({
  page,
}) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag);
  const uid = `e2e-overlap-${tag.toLowerCase()}@booking.com`;
  const [booking] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Paola Neri', $2, $3, $4, 2, 'confirmed') returning id::text, reference`,
    [room.id, `paola-${tag.toLowerCase()}@example.com`, daysFromToday(520), daysFromToday(523)],
  );
  const feed = await serveFeed(uid, daysFromToday(521), daysFromToday(524));
  const [{ host }] = await sql<{ host: string }>('select private.host_email() as host');
  try {
    await sql(
      `update public.channel_feeds set import_url = $2, etag = null where room_id = $1 and platform = 'booking'`,
      [room.id, feed.url],
    );
    await skipCookieBanner(page);
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/integrations');
    const panel = page.getByTestId('platform-booking');
    await expect(panel.getByRole('heading', { name: 'Booking.com' })).toBeVisible({ timeout: 30_000 });
    await panel.getByText(/^Room calendars/).click();
    const row = panel.getByTestId(`feed-booking-${room.id}`);
    // no API key entered or stored: Sync now imports this calendar at once
    await row.getByRole('button', { name: /^Sync now/ }).click();
    await expectToast(page, 'Calendar synced: double booking to resolve');

    await page.goto('/admin');
    const alerts = page.getByTestId('desk-alerts');
    const item = alerts.getByRole('listitem').filter({ hasText: uid });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item.getByText('Double booking from a channel')).toBeVisible();
    await item.getByRole('link', { name: `Open booking ${booking.reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?search=${booking.reference}$`));

    // the scheduler sends the outbox into the local inbox every few seconds: one e-mail, not two
    await expect
      .poll(
        async () =>
          (await readInbox(process.env.E2E_API_URL!, host)).filter(
            (message) => message.kind === 'host_alert' && message.subject.includes(booking.reference),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
  } finally {
    await feed.close();
    await sql(`delete from public.security_alerts where alert_type = 'channel_conflict' and dedup_key like $1`, [
      `%:${uid}`,
    ]);
    await sql('delete from public.email_outbox where booking_id = $1', [booking.id]);
    await sql('delete from public.external_blocks where room_id = $1', [room.id]);
    await sql('delete from public.bookings where id = $1', [booking.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});
