import {
  BookingDialog,
  calendarDay,
  daysFromToday,
  expect,
  holdRoom,
  pickStay,
  ROOMS,
  skipCookieBanner,
  test,
} from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('a room page shows the room, its gallery, the booking card and the location card', async ({ page }) => {
  const room = ROOMS.deluxeKing;
  await page.goto(`/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(room.name);
  await expect(page).toHaveTitle(`${room.name} · Colosseum Guest House`);
  const main = page.getByRole('main');
  await expect(main).toContainText('Via dei Serpenti 42, Rome');
  await expect(main).toContainText('€165.00 / night');
  await expect(main.getByRole('button', { name: 'Book Now' })).toBeVisible();

  const gallery = page.getByLabel(`Photos of ${room.name}`);
  await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', /\S/);

  const about = page.getByRole('region', { name: 'About this room' });
  for (const fact of ['35 m²', 'Up to 2 guests', '1 king bed', '1 private bathroom', 'marble bathroom']) {
    await expect(about).toContainText(fact);
  }
  const amenities = page.getByRole('region', { name: 'Amenities' });
  await expect(amenities.getByRole('listitem')).toContainText(['WiFi', 'Air Conditioning', 'TV', 'Mini Bar']);

  const card = page.getByRole('region', { name: 'Book this room' });
  await expect(card).toContainText('Room typeDeluxe');
  await expect(card).toContainText('Max guests2');
  await expect(card).toContainText('ViewCity View');
  await expect(card.getByRole('button', { name: 'Check Availability' })).toBeVisible();
  await expect(card).toContainText('Free cancellation until 24 hours before check-in');
  await expect(page.getByRole('region', { name: 'Location' })).toContainText('Colosseum5 min walk');

  // Visitors get no gallery editing; the fixed Admin Portal button leads to /admin.
  await expect(page.getByRole('link', { name: 'Edit Gallery' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
});

test("the room's own size, guests and bed layout", async ({ page }) => {
  await page.goto(`/room/${ROOMS.superiorQuadruple.id}`);
  const about = page.getByRole('region', { name: 'About this room' });
  for (const fact of ['30 m²', 'Up to 4 guests', '2 single beds and 1 king bed']) {
    await expect(about).toContainText(fact);
  }
  await expect(page.getByRole('region', { name: 'Book this room' })).toContainText('Max guests4');
});

test('Check Availability opens the dialog for this room and tells whether it is free for the dates', async ({
  page,
}) => {
  const room = ROOMS.superiorKing;
  await page.goto(`/room/${room.id}`);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toContainText(`${room.name} · €145.00 per night`);

  const release = await holdRoom(room.id, daysFromToday(420), daysFromToday(423));
  try {
    // the held nights are struck through and cannot be picked
    for (const day of [421, 422]) await expect(await calendarDay(dialog.root, daysFromToday(day))).toBeDisabled();
  } finally {
    await release();
  }
  await pickStay(dialog.root, daysFromToday(400), daysFromToday(402));
  await expect(dialog.availability).toHaveText('Available for your dates');
  await expect(dialog.root).toContainText('€145.00 × 2 nights');

  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
});

test('Back to Rooms and the header links lead to the home page sections', async ({ page }) => {
  await page.goto(`/room/${ROOMS.standardKing.id}`);
  await page.getByRole('link', { name: 'Back to Rooms' }).click();
  await expect(page).toHaveURL(/\/#rooms$/);
  await expect(page.locator('#rooms')).toBeInViewport();

  await page.goto(`/room/${ROOMS.standardKing.id}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeInViewport();
});

for (const [what, id] of [
  ['an unknown room id', '10000000-0000-4000-8000-00000000ffff'],
  ['a malformed room id', 'not-a-room'],
] as const) {
  test(`${what} shows "Room not found" with a Back to Home link`, async ({ page }) => {
    await page.goto(`/room/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Room not found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#hero')).toBeVisible();
  });
}
