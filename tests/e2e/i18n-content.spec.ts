import type { Locator, Page } from '@playwright/test';
import {
  daysFromToday,
  expect,
  requestStayByApi,
  ROOMS,
  scrollToSection,
  skipCookieBanner,
  sql,
  test,
  uniqueEmail,
} from './fixtures';

// Content in the guest's language at 375 px (#43): the Italian pages name the rooms and services
// in Italian and give a room the same size as the English page; one headline rating on the home
// page; the dialog offers no more guests than the room sleeps and its French placeholder fits; on
// the private page what is due comes before the stay's details.

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

async function aboutRoom(page: Page, path: string, label: string): Promise<Locator> {
  await page.goto(path);
  const about = page.getByRole('region', { name: label });
  await expect(about).toBeVisible();
  return about;
}

test('an Italian room page shows the Italian name and bed layout and the same size as the English page', async ({
  page,
}) => {
  for (const [room, size] of [
    [ROOMS.standardKing, '20 m²'],
    [ROOMS.superiorQuadruple, '30 m²'],
  ] as const) {
    const english = await aboutRoom(page, `/room/${room.id}`, 'About this room');
    await expect(english).toContainText(size);
    const italian = await aboutRoom(page, `/it/room/${room.id}`, 'La camera');
    await expect(italian).toContainText(size);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Quadrupla Superior' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'La camera' })).toContainText('2 letti singoli e 1 letto king size');

  const french = await aboutRoom(page, `/fr/room/${ROOMS.standardKing.id}`, 'À propos de la chambre');
  await expect(french).toContainText('20 m²');
  await expect(page.getByRole('heading', { level: 1, name: 'Chambre Standard King' })).toBeVisible();
});

test('the Italian dialog names the services in Italian and offers no more guests than the room sleeps', async ({
  page,
}) => {
  await page.goto(`/it/room/${ROOMS.deluxeKing.id}`);
  await page.getByRole('button', { name: 'Verifica disponibilità' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prenota il tuo soggiorno' });
  await expect(dialog).toBeVisible();

  // the Deluxe King sleeps 2: the count stops there
  const guests = dialog.getByLabel('Numero di ospiti');
  await expect(guests.locator('option')).toHaveText(['1 ospite', '2 ospiti']);
  await expect(dialog).toContainText('Questa camera ospita fino a 2 persone.');

  await dialog.getByText('Servizi extra (facoltativi)').click();
  await expect(dialog).toContainText("Transfer dall'aeroporto di Ciampino");
  await expect(dialog).toContainText('Colazione in camera');
  await expect(dialog).not.toContainText('Ciampino Airport Transfer');
  await expect(dialog).not.toContainText('Breakfast in the Room');

  // a toast never covers the dialog's title
  await dialog.getByRole('button', { name: 'Prenota su WhatsApp' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // the dialog (its title at the top, its buttons at the bottom) starts below the toast
  const toastBox = (await toast.boundingBox())!;
  const dialogBox = (await dialog.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(dialogBox.y);
});

test('the date placeholder fits its field in every language', async ({ page }) => {
  for (const [path, check, label] of [
    ['', 'Check Availability', 'Check-in Date'],
    ['/it', 'Verifica disponibilità', 'Data di arrivo'],
    ['/fr', 'Voir les disponibilités', "Date d'arrivée"],
  ]) {
    await page.goto(`${path}/room/${ROOMS.deluxeKing.id}`);
    await page.getByRole('button', { name: check }).click();
    const field = page.getByRole('dialog').getByLabel(label);
    const sizes = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, width: Math.ceil(context.measureText(input.placeholder).width), room };
    });
    expect(sizes.width, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.room);
  }
  await expect(page.getByRole('dialog').getByLabel("Date d'arrivée")).toHaveAttribute(
    'placeholder',
    'Choisir une date',
  );
});

test('the home page shows one rating: the hero and the Reviews section give the same score and count', async ({
  page,
}) => {
  const rows = await sql<{ key: string; value: string }>(
    "select key, value from public.site_content where key in ('hero_rating', 'hero_review_count', 'reviews_headline_source')",
  );
  const content = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  expect(content.reviews_headline_source).toBe('typed');
  await page.goto('/');
  await expect(page.locator('#hero')).toContainText(
    `Rated ${content.hero_rating} from ${content.hero_review_count} reviews`,
  );
  const reviews = page.locator('#reviews');
  await scrollToSection(reviews);
  await expect(reviews).toContainText(`${content.hero_rating}out of 5 from ${content.hero_review_count} reviews`);
  await expect(reviews).not.toContainText('out of 10');

  await page.goto('/it/');
  const italian = page.locator('#reviews');
  await scrollToSection(italian);
  await expect(italian).toContainText(`su 5, da ${content.hero_review_count} recensioni`);
});

test('on the private page at 375 px the payment comes before the stay’s details', async ({ page }) => {
  const checkIn = daysFromToday(560);
  const email = uniqueEmail('content-due');
  await requestStayByApi({
    p_room_id: ROOMS.superiorKing.id,
    p_check_in: checkIn,
    p_check_out: daysFromToday(562),
    p_guests: 2,
    p_guest_name: 'Giulia Rossi',
    p_guest_email: email,
    p_language: 'it',
  });
  const [{ reference, token }] = await sql<{ reference: string; token: string }>(
    `select b.reference, private.issue_booking_token(b) as token from public.bookings b
      where room_id = $1 and check_in_date = $2`,
    [ROOMS.superiorKing.id, checkIn],
  );
  try {
    await page.goto(`/it/booking/${reference}?token=${token}`);
    const payment = page.getByRole('heading', { level: 2, name: 'Pagamento' });
    const stay = page.getByRole('heading', { level: 2, name: 'Il tuo soggiorno' });
    await expect(payment).toBeVisible();
    await expect(stay).toBeVisible();
    const [paymentBox, stayBox] = [(await payment.boundingBox())!, (await stay.boundingBox())!];
    expect(paymentBox.y).toBeLessThan(stayBox.y);
    // the payment's section is as wide as the stay's (no double padding)
    const sectionWidth = (heading: Locator) =>
      heading.locator('xpath=ancestor::section[1]').evaluate((node) => node.getBoundingClientRect().width);
    expect(Math.abs((await sectionWidth(payment)) - (await sectionWidth(stay)))).toBeLessThan(1);
  } finally {
    await sql('delete from public.bookings where reference = $1', [reference]);
  }
});
