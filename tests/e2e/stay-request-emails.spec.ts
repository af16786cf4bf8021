import type { Page } from '@playwright/test';
import { readInbox, type InboxMessage } from '../../supabase/tests/inbox';
import {
  beforeEachBooking,
  BookingDialog,
  createTestRoom,
  daysFromToday,
  DEMO,
  deleteTestRooms,
  expect,
  expectToast,
  pageScrollWidth,
  pickStay,
  referenceIn,
  requestStayByApi,
  resetRateLimits,
  seriousAxeViolations,
  signInToAdmin,
  SITE_CONTACT,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// A stay request through the Book Your Stay dialog: the host and the guest are e-mailed (the
// local platform's scheduler sends the outbox every 5 s into its inbox), the guest confirms from
// the e-mail's link, later cancels on the private page, and the nights are free again on the site
// and in the room's export feed (which lists 18 months ahead: the stay is within them).

beforeEachBooking();

/** The newest e-mail of this kind to `address` about `reference` (waits for the scheduler to send it). */
async function emailOf(address: string, kind: string, reference: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readInbox(process.env.E2E_API_URL!, address);
        found = messages.find((message) => message.kind === kind && message.subject.includes(reference));
        return Boolean(found);
      },
      { message: `${kind} e-mail to ${address} about ${reference}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** A link of the e-mail, moved onto the site under test (the e-mail's origin is config.toml's site_url). */
function linkOnThisSite(message: InboxMessage, label: string): string {
  const link = new RegExp(`${label}: (\\S+)`).exec(message.text)?.[1];
  expect(link, `"${label}" link in:\n${message.text}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The room's Airbnb export feed, as a channel fetches it. */
async function exportFeed(roomId: string): Promise<string> {
  const [{ export_token: token }] = await sql<{ export_token: string }>(
    `select export_token from public.channel_feeds where room_id = $1 and platform = 'airbnb'`,
    [roomId],
  );
  const response = await fetch(`${process.env.E2E_API_URL}/functions/v1/channel-calendar/${token}.ics`);
  expect(response.status).toBe(200);
  return response.text();
}

async function openDialog(page: Page, roomId: string) {
  await page.goto(`/room/${roomId}`);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();
  return dialog;
}

test('a request e-mails host and guest; the guest confirms from the e-mail, later cancels on the private page, and the nights are free again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await resetRateLimits();
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { price_per_night: 120 });
  const guestEmail = uniqueEmail('grace');
  const checkIn = daysFromToday(460);
  const checkOut = daysFromToday(463);
  try {
    // the request, through the dialog
    const dialog = await openDialog(page, room.id);
    await dialog.fill({ checkIn, checkOut, guests: 2, name: 'Grace Hopper', email: guestEmail });
    await expect(dialog.availability).toHaveText('Available for your dates');
    const { text } = await dialog.submitToWhatsApp();
    const reference = referenceIn(text);
    await expectToast(
      page,
      'Opening WhatsApp',
      "Redirecting to WhatsApp to complete your booking request. We've also e-mailed you a link to confirm your request.",
    );
    const [booking] = await sql<{ id: string; status: string; hold_minutes: number }>(
      `select id, status::text, round(extract(epoch from hold_expires_at - now()) / 60)::int as hold_minutes
         from public.bookings where reference = $1`,
      [reference],
    );
    expect(booking).toMatchObject({ status: 'pending', hold_minutes: 30 });
    expect(await exportFeed(room.id)).toContain(`booking-${booking.id}@`);

    // the host's e-mail, with a link to the request in the admin
    const host = await emailOf(SITE_CONTACT.email, 'request_received_host', reference);
    expect(host.text).toContain('Grace Hopper');
    expect(linkOnThisSite(host, 'Open the request in the admin')).toBe(`/admin/bookings?search=${reference}`);

    // the guest's acknowledgement; its Confirm link opens the private page on its button
    const ack = await emailOf(guestEmail, 'request_acknowledgement', reference);
    expect(ack.text).toContain(room.name);
    const confirmPath = linkOnThisSite(ack, 'Confirm your request');
    expect(confirmPath).toMatch(new RegExp(`^/booking/${reference}\\?token=[A-Za-z0-9_-]+&action=confirm$`));
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { name: 'Waiting for your confirmation' })).toBeVisible();
    await expect(page.getByText(/\((29|30) min left\)/)).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirm your request' });
    await expect(confirm).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // on a phone the page fits the screen
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 720 });
    // opening the link confirms nothing: e-mail scanners open links too
    const [unconfirmed] = await sql(`select guest_confirmed_at from public.bookings where id = $1`, [booking.id]);
    expect(unconfirmed.guest_confirmed_at).toBeNull();

    await confirm.click();
    await expectToast(page, 'Request confirmed', 'Thank you. The host will answer you by e-mail.');
    await expect(page.getByRole('heading', { name: 'Confirmed by you, waiting for the host' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm your request' })).toHaveCount(0);
    await expect(page).toHaveURL((url) => !url.searchParams.has('action'));
    const [confirmed] = await sql<{ guest_confirmed_at: Date | null; hold_hours: number }>(
      `select guest_confirmed_at, round(extract(epoch from hold_expires_at - now()) / 3600)::int as hold_hours
         from public.bookings where id = $1`,
      [booking.id],
    );
    expect(confirmed.guest_confirmed_at).not.toBeNull();
    expect(confirmed.hold_hours).toBe(48);
    await emailOf(SITE_CONTACT.email, 'request_confirmed_by_guest_host', reference);

    // the host follows the e-mail's link: the request's card, its hold and its e-mails
    await signInToAdmin(page, DEMO.staff);
    await page.goto(linkOnThisSite(host, 'Open the request in the admin'));
    const card = page.getByRole('article', { name: 'Grace Hopper' });
    await expect(card).toContainText(reference);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(card.getByTestId('booking-hold')).toContainText(/Hold ends in (1 day 23 h|2 days)/);
    await expect(card.getByText('Confirmed by guest', { exact: true })).toBeVisible();
    await card.getByText(/^E-mails \(\d\)$/).click();
    const emails = card.getByTestId('booking-email');
    await expect(emails.filter({ hasText: 'New request (to the host)' })).toContainText('Sent');
    await expect(emails.filter({ hasText: 'Request received, with the confirm link (to the guest)' })).toContainText(
      'Sent',
    );

    // later: the private link again, and the free cancellation
    const privatePath = linkOnThisSite(ack, 'Confirm your request').replace('&action=confirm', '');
    await page.goto(privatePath);
    await expect(page.getByRole('heading', { name: 'Confirmed by you, waiting for the host' })).toBeVisible();
    await expect(page.getByTestId('cancellation-terms')).toHaveText(/^Free cancellation until \d{1,2} \w+ \d{4}\./);
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel this request?' });
    await cancelDialog.getByRole('button', { name: 'Yes, cancel request' }).click();
    await expectToast(page, 'Request cancelled');
    await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
    const [cancelled] = await sql<{ status: string }>(`select status::text from public.bookings where id = $1`, [
      booking.id,
    ]);
    expect(cancelled.status).toBe('cancelled');
    await emailOf(SITE_CONTACT.email, 'booking_cancelled_by_guest_host', reference);
    await emailOf(guestEmail, 'booking_cancelled', reference);

    // the nights are free on the site, and gone from the room's export feed
    expect(await exportFeed(room.id)).not.toContain(`booking-${booking.id}@`);
    const again = await openDialog(page, room.id);
    await pickStay(again.root, checkIn, checkOut);
    await expect(again.availability).toHaveText('Available for your dates');

    // another token, or none, reaches nothing: the one plain page
    for (const path of [`/booking/${reference}?token=not-the-token`, `/booking/${reference}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    await sql('delete from public.bookings where room_id = $1', [room.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});

test('a third open request from the same address is refused with the server’s reason', async ({ page }) => {
  await resetRateLimits();
  const tag = uniqueTag();
  const room = await createTestRoom(tag);
  try {
    // two open requests from this machine (every browser test comes from 127.0.0.1)
    for (const [offset, name] of [
      [0, 'First Request'],
      [3, 'Second Request'],
    ] as const) {
      await requestStayByApi({
        p_room_id: room.id,
        p_check_in: daysFromToday(470 + offset),
        p_check_out: daysFromToday(471 + offset),
        p_guests: 1,
        p_guest_name: name,
        p_guest_email: uniqueEmail('open'),
      });
    }

    const dialog = await openDialog(page, room.id);
    await dialog.fill({
      checkIn: daysFromToday(476),
      checkOut: daysFromToday(477),
      name: 'Third Request',
      email: uniqueEmail('third'),
    });
    await expect(dialog.availability).toHaveText('Available for your dates');
    await dialog.submit.click();
    await expectToast(
      page,
      'Error',
      "You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.",
    );
    await expect(dialog.root).toBeVisible();
    expect(await sql('select 1 from public.bookings where room_id = $1', [room.id])).toHaveLength(2);
  } finally {
    await resetRateLimits();
    await sql('delete from public.bookings where room_id = $1', [room.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});
