import {
  beforeEachBooking,
  BookingForm,
  bookingByReference,
  captureNewTabUrl,
  daysFromToday,
  expect,
  expectToast,
  longDate,
  referenceIn,
  resetRateLimits,
  ROOMS,
  test,
  uniqueEmail,
} from './fixtures';

beforeEachBooking();

test('the on-page form offers available rooms and 1 to 4 guests, and enables its button once the required fields are set', async ({
  page,
}) => {
  const form = new BookingForm(page);
  await form.open();
  const roomOptions = await form.root.getByLabel('Room', { exact: true }).locator('option').allTextContents();
  for (const room of [
    ROOMS.superiorKing,
    ROOMS.deluxeKing,
    ROOMS.standardKing,
    ROOMS.superiorQuadruple,
    ROOMS.romanticSuite,
  ]) {
    expect(roomOptions).toContain(`${room.name} – €${room.price.toFixed(2)} / night`);
  }
  expect(roomOptions.join('\n')).toContain(ROOMS.cozySingle.name); // occupied tonight: its free nights sell
  expect(roomOptions.join('\n')).not.toContain(ROOMS.classicTwin.name); // maintenance
  await expect(form.root.getByLabel('Guests').locator('option')).toHaveText([
    '1 Guest',
    '2 Guests',
    '3 Guests',
    '4 Guests',
  ]);
  await expect(form.root.getByLabel('Guests')).toHaveValue('2');

  await expect(form.submit).toBeDisabled();
  // the disabled button says what it waits for
  await expect(form.submit).toHaveAccessibleDescription(
    'Missing information: check-in date, check-out date, room, full name, email.',
  );
  await form.fill({
    checkIn: daysFromToday(700),
    checkOut: daysFromToday(701),
    name: 'Alan Turing',
    email: 'alan@example.com',
  });
  await expect(form.submit).toBeDisabled(); // no room yet
  await expect(form.submit).toHaveAccessibleDescription('Missing information: room.');
  await form.fill({
    checkIn: daysFromToday(700),
    checkOut: daysFromToday(701),
    name: 'Alan Turing',
    email: 'alan@example.com',
    roomName: ROOMS.deluxeKing.name,
  });
  await expect(form.submit).toBeEnabled();
  await expect(form.submit).toHaveAccessibleDescription('');
  await expect(form.root).toContainText('€165.00 × 1 night');

  await form.root.getByLabel('Special Requests (optional)').fill('Twelve chars');
  await expect(form.root.getByText('12/1000')).toBeVisible();
});

test('a room that is not offered is refused with "Please select a valid room." and nothing is sent', async ({
  page,
}) => {
  const bookingCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/request_booking')) bookingCalls.push(request.url());
  });
  const form = new BookingForm(page);
  await form.open();
  await form.fill({
    checkIn: daysFromToday(702),
    checkOut: daysFromToday(704),
    name: 'Mallory',
    email: 'mallory@example.com',
    roomName: ROOMS.standardKing.name,
  });
  // Tamper with the room choice: a value that is not one of the rooms offered.
  const roomSelect = form.root.getByLabel('Room', { exact: true });
  const ghostRoom = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
  await roomSelect.evaluate(
    (select: HTMLSelectElement, value) => select.add(new Option('Ghost room', value)),
    ghostRoom,
  );
  await roomSelect.selectOption(ghostRoom);
  await form.submit.click();
  await expectToast(page, 'Booking Error', 'Please select a valid room.');
  expect(bookingCalls).toEqual([]);
});

test("the guest count stops at the chosen room's max_guests, and a higher count follows the room down", async ({
  page,
}) => {
  const form = new BookingForm(page);
  await form.open();
  const guests = form.root.getByLabel('Guests');
  const room = form.root.getByLabel('Room', { exact: true });
  const pick = async (name: string) => {
    const option = room.locator('option', { hasText: name });
    await room.selectOption({ value: (await option.getAttribute('value'))! });
  };
  // the Superior Quadruple sleeps 4 (the form's own limit), the Deluxe King 2
  await pick(ROOMS.superiorQuadruple.name);
  await expect(guests.locator('option')).toHaveText(['1 Guest', '2 Guests', '3 Guests', '4 Guests']);
  await guests.selectOption('4');
  await pick(ROOMS.deluxeKing.name);
  await expect(guests.locator('option')).toHaveText(['1 Guest', '2 Guests']);
  await expect(guests).toHaveValue('2');
});

test('a valid request is stored as a pending booking, opens WhatsApp with the total and clears the form', async ({
  page,
}) => {
  await resetRateLimits();
  const room = ROOMS.deluxeKing;
  const stay = {
    checkIn: daysFromToday(650),
    checkOut: daysFromToday(652),
    guests: 1,
    name: 'Katherine Johnson',
    email: uniqueEmail('katherine'),
    phone: '+1 757 555 0100',
    specialRequests: 'Quiet room, high floor if possible.',
    roomName: room.name,
  };
  const form = new BookingForm(page);
  await form.open();
  await form.fill(stay);
  await expect(form.root).toContainText('€165.00 × 2 nights');
  await expect(form.root).toContainText('Total€330.00');

  const url = await captureNewTabUrl(page, () => form.submit.click());
  const text = url.searchParams.get('text') ?? '';
  const lines = text.split('\n');
  for (const line of [
    `Room: ${room.name} (Room ${room.number})`,
    `Check-in: ${longDate(stay.checkIn)}`,
    `Check-out: ${longDate(stay.checkOut)}`,
    'Nights: 2 nights',
    'Guests: 1',
    'Price per night: €165.00',
    'Total: €330.00',
    `Name: ${stay.name}`,
    `Email: ${stay.email}`,
    `Phone: ${stay.phone}`,
    `Special requests: ${stay.specialRequests}`,
  ]) {
    expect(lines, `WhatsApp message:\n${text}`).toContain(line);
  }
  await expectToast(
    page,
    'Opening WhatsApp',
    "Redirecting to WhatsApp to complete your booking request. Total: €330.00. We've also e-mailed you a link to confirm your request.",
  );

  for (const field of [
    'Check-in Date',
    'Check-out Date',
    'Full Name',
    'Email',
    'Phone (optional)',
    'Special Requests (optional)',
  ]) {
    await expect(form.root.getByLabel(field, { exact: true })).toHaveValue('');
  }
  await expect(form.root.getByLabel('Room', { exact: true })).toHaveValue('');
  await expect(form.root.getByLabel('Guests')).toHaveValue('2');
  // under the form, the request's deposit as the server computed it (30 % of €330.00) and the way to pay it
  const offer = page.getByRole('region', { name: `Request ${referenceIn(text)} sent: secure it with the deposit` });
  await expect(offer.getByTestId('offer-deposit')).toHaveText('€99.00');
  await expect(offer.getByTestId('offer-balance')).toHaveText('€231.00');
  await expect(offer.getByRole('button', { name: 'Pay the deposit (€99.00)' })).toBeEnabled();

  expect(await bookingByReference(referenceIn(text))).toEqual({
    room_id: room.id,
    status: 'pending',
    check_in_date: stay.checkIn,
    check_out_date: stay.checkOut,
    guests: 1,
    guest_name: stay.name,
    guest_email: stay.email,
    guest_phone: stay.phone,
    special_requests: stay.specialRequests,
    promo_code: null,
    total_amount: 330,
    discount_amount: 0,
  });
});
