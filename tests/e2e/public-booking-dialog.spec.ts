import type { Page } from '@playwright/test';
import {
  beforeEachBooking,
  BookingDialog,
  bookingByReference,
  calendarDay,
  calendarDayName,
  daysFromToday,
  expect,
  expectToast,
  holdRoom,
  longDate,
  pickStay,
  referenceIn,
  resetRateLimits,
  ROOMS,
  SITE_CONTACT,
  sql,
  test,
  uniqueEmail,
  type SeedRoom,
} from './fixtures';

beforeEachBooking();

/** Opens /room/:id and its booking dialog through "Check Availability". */
async function openDialogOnRoomPage(page: Page, room: SeedRoom) {
  await page.goto(`/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(room.name);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.root).toContainText(`${room.name} · €${room.price.toFixed(2)} per night`);
  return dialog;
}

test('home → room page → dialog with a promo code → WhatsApp opens with the request, the pending booking is stored; the same stay again is refused', async ({
  page,
  context,
}) => {
  await resetRateLimits();
  const room = ROOMS.superiorKing;
  const stay = {
    checkIn: daysFromToday(610),
    checkOut: daysFromToday(613),
    guests: 2,
    name: 'Ada Lovelace',
    email: uniqueEmail('ada'),
    phone: '+44 20 7946 0018',
    specialRequests: 'Late arrival around 22:00, feather-free pillows please.',
  };

  await page.goto('/');
  await page.getByRole('link', { name: `View Details of ${room.name}` }).click();
  await expect(page).toHaveURL(`/room/${room.id}`);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toContainText('Superior King · €145.00 per night');

  await dialog.fill(stay);
  await expect(dialog.availability).toHaveText('Available for your dates');
  await expect(dialog.root).toContainText('€145.00 × 3 nights');
  await expect(dialog.root).toContainText('Total€435.00');

  // A valid code (typed lower-case: codes are matched upper-cased) locks the field and shows the discount …
  await dialog.applyPromo('roma10');
  await expectToast(page, 'Promo Code Applied!', '10% discount has been applied to your booking.');
  await expect(dialog.promoInput).toHaveAttribute('readonly', '');
  await expect(dialog.promoButton()).toHaveAccessibleName('10% off – remove promo code');
  await expect(dialog.root).toContainText('Discount (10%)-€43.50');
  await expect(dialog.root).toContainText('Total€391.50');
  // … pressing the button again removes it …
  await dialog.promoButton().click();
  await expect(dialog.promoButton()).toHaveAccessibleName('Apply');
  await expect(dialog.promoInput).not.toHaveAttribute('readonly');
  await expect(dialog.root).not.toContainText('Discount (');
  await expect(dialog.root).toContainText('Total€435.00');
  // … and it can be applied again.
  await dialog.applyPromo('ROMA10');
  await expect(dialog.root).toContainText('Total€391.50');

  const { url, text } = await dialog.submitToWhatsApp();
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${SITE_CONTACT.whatsapp}`);
  const reference = referenceIn(text);
  for (const line of [
    `Room: ${room.name} (Room ${room.number})`,
    `Check-in: ${longDate(stay.checkIn)}`,
    `Check-out: ${longDate(stay.checkOut)}`,
    'Nights: 3 nights',
    'Guests: 2',
    'Price per night: €145.00',
    'Subtotal: €435.00',
    'Discount 10% (ROMA10): -€43.50',
    'Total: €391.50',
    `Name: ${stay.name}`,
    `Email: ${stay.email}`,
    `Phone: ${stay.phone}`,
    `Special requests: ${stay.specialRequests}`,
  ]) {
    expect(text.split('\n'), `WhatsApp message:\n${text}`).toContain(line);
  }
  await expectToast(
    page,
    'Opening WhatsApp',
    "Redirecting to WhatsApp to complete your booking request. We've also e-mailed you a link to confirm your request.",
  );
  await expect(dialog.root).toBeHidden();

  // The request is stored as a pending booking, priced by the server.
  expect(await bookingByReference(reference)).toEqual({
    room_id: room.id,
    status: 'pending',
    check_in_date: stay.checkIn,
    check_out_date: stay.checkOut,
    guests: 2,
    guest_name: stay.name,
    guest_email: stay.email,
    guest_phone: stay.phone,
    special_requests: stay.specialRequests,
    promo_code: 'ROMA10',
    total_amount: 391.5,
    discount_amount: 43.5,
  });

  // Then the request's deposit (30 % of €391.50), which the guest may leave for later.
  const sent = page.getByRole('dialog', { name: 'Request sent' });
  await expect(sent.getByTestId('offer-deposit')).toHaveText('€117.45');
  await sent.getByRole('button', { name: 'Close' }).click();
  await expect(sent).toBeHidden();

  // The dialog was reset: guests back to 2, fields empty, no code.
  let popups = 0;
  page.on('popup', () => popups++);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(dialog.root.getByLabel('Full Name')).toHaveValue('');
  await expect(dialog.root.getByLabel('Check-in Date')).toHaveValue('');
  await expect(dialog.root.getByLabel('Number of Guests')).toHaveValue('2');
  await expect(dialog.promoInput).toHaveValue('');

  // The same room and dates again: those nights are taken now, struck through and not selectable.
  const takenDay = await calendarDay(dialog.root, stay.checkIn);
  await expect(takenDay).toHaveAccessibleName(`${calendarDayName(stay.checkIn)}, not available`);
  await expect(takenDay).toBeDisabled();
  await expect(dialog.root.getByLabel('Check-in Date')).toHaveValue('');
  expect(popups).toBe(0);
  expect(context.pages()).toHaveLength(1);
  const stored = await sql(
    "select 1 from public.bookings where room_id = $1 and check_in_date = $2 and status <> 'cancelled'",
    [room.id, stay.checkIn],
  );
  expect(stored).toHaveLength(1);
});

const INVALID_CODES = [
  {
    kind: 'not yet valid',
    room: ROOMS.superiorKing,
    code: 'EARLYBIRD25',
    title: 'Promo Code Not Yet Valid',
    text: 'This promo code is not yet active.',
  },
  {
    kind: 'expired',
    room: ROOMS.standardKing,
    code: 'ESTATE15',
    title: 'Promo Code Expired',
    text: 'This promo code has expired.',
  },
  {
    kind: 'limit reached',
    room: ROOMS.superiorQuadruple,
    code: 'FULLHOUSE30',
    title: 'Promo Code Limit Reached',
    text: 'This promo code has reached its usage limit.',
  },
  {
    kind: 'inactive code',
    room: ROOMS.deluxeKing,
    code: 'OLDPROMO50',
    title: 'Invalid Promo Code',
    text: 'Please check your promo code and try again.',
  },
  {
    kind: "another room's code",
    room: ROOMS.superiorKing,
    code: 'QUAD12',
    title: 'Invalid Promo Code',
    text: 'Please check your promo code and try again.',
  },
  {
    kind: 'unknown code',
    room: ROOMS.superiorKing,
    code: 'NOSUCHCODE',
    title: 'Invalid Promo Code',
    text: 'Please check your promo code and try again.',
  },
] as const;

for (const { kind, room, code, title, text } of INVALID_CODES) {
  test(`promo code ${code} (${kind}, ${room.name}) shows "${title}" and gives no discount`, async ({ page }) => {
    const dialog = await openDialogOnRoomPage(page, room);
    await dialog.fill({
      checkIn: daysFromToday(690),
      checkOut: daysFromToday(692),
      name: 'Promo Tester',
      email: 'promo@example.com',
    });
    await dialog.applyPromo(code);
    await expectToast(page, title, text);
    await expect(dialog.promoButton()).toHaveAccessibleName('Apply');
    await expect(dialog.promoInput).toBeEditable();
    await expect(dialog.root).not.toContainText('Discount (');
    await expect(dialog.root).toContainText(`Total€${(room.price * 2).toFixed(2)}`);
  });
}

test('the dialog asks for the required fields and offers 1 to 8 guests, or as many as the room sleeps', async ({
  page,
}) => {
  // no room chosen yet: the spec's 1 to 8
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Book Now', exact: true }).click();
  await expect(new BookingDialog(page).root.getByLabel('Number of Guests').locator('option')).toHaveText(
    Array.from({ length: 8 }, (_, i) => (i === 0 ? '1 Guest' : `${i + 1} Guests`)),
  );
  // the Deluxe King sleeps 2
  const dialog = await openDialogOnRoomPage(page, ROOMS.deluxeKing);
  await expect(dialog.root.getByLabel('Number of Guests').locator('option')).toHaveText(['1 Guest', '2 Guests']);
  await expect(dialog.root).toContainText('This room sleeps up to 2 guests.');
  await expect(dialog.root.getByLabel('Number of Guests')).toHaveValue('2');
  await expect(dialog.root.getByRole('button', { name: 'Apply' })).toBeDisabled(); // no code typed
  await dialog.root.getByLabel('Full Name').fill('Only A Name');
  await dialog.submit.click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields including dates.');
  await expect(dialog.root).toBeVisible();
  // check-out may not be on or before check-in: once check-in is picked, only later days are offered
  await (await calendarDay(dialog.root, daysFromToday(500))).click();
  await expect(dialog.root.getByLabel('Check-in Date')).toHaveValue(/\d{4}$/);
  await expect(await calendarDay(dialog.root, daysFromToday(500))).toBeDisabled();
  await expect(await calendarDay(dialog.root, daysFromToday(501))).toBeEnabled();
});

test('Book Now in the header: the room list holds only rooms free for the dates, and a built-in code applies', async ({
  page,
}) => {
  await resetRateLimits();
  const room = ROOMS.standardKing;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Book Now', exact: true }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toContainText('Choose your dates and room.');
  const roomSelect = dialog.root.getByLabel('Room', { exact: true });

  // A room booked for the dates is left out, and a room in maintenance is never offered; an occupied
  // room (a guest in tonight) sells its free nights.
  const release = await holdRoom(room.id, daysFromToday(440), daysFromToday(443));
  try {
    await pickStay(dialog.root, daysFromToday(441), daysFromToday(442));
    await expect(roomSelect.locator('option', { hasText: ROOMS.superiorKing.name })).toHaveCount(1);
    await expect(roomSelect.locator('option', { hasText: room.name })).toHaveCount(0);
    await expect(roomSelect.locator('option', { hasText: ROOMS.classicTwin.name })).toHaveCount(0);
    await expect(roomSelect.locator('option', { hasText: ROOMS.cozySingle.name })).toHaveCount(1);
  } finally {
    await release();
  }

  const stay = {
    checkIn: daysFromToday(630),
    checkOut: daysFromToday(634),
    roomName: room.name,
    guests: 1,
    name: 'Grace Hopper',
    email: uniqueEmail('grace'),
  };
  await dialog.fill(stay);
  await expect(dialog.availability).toHaveText('Available for your dates');
  await dialog.applyPromo('welcome10');
  await expectToast(page, 'Promo Code Applied!', '10% discount has been applied to your booking.');
  await expect(dialog.root).toContainText('€110.00 × 4 nights');
  await expect(dialog.root).toContainText('Discount (10%)-€44.00');
  await expect(dialog.root).toContainText('Total€396.00');

  const { text } = await dialog.submitToWhatsApp();
  const lines = text.split('\n');
  expect(lines).toContain(`Room: ${room.name} (Room ${room.number})`);
  expect(lines).toContain('Discount 10% (WELCOME10): -€44.00');
  expect(lines).toContain('Total: €396.00');
  expect(lines).toContain('Phone: Not provided');
  expect(lines).toContain('Special requests: None');
  expect(await bookingByReference(referenceIn(text))).toMatchObject({
    room_id: room.id,
    status: 'pending',
    guests: 1,
    guest_phone: null,
    special_requests: null,
    promo_code: 'WELCOME10',
    total_amount: 396,
    discount_amount: 44,
  });
});
