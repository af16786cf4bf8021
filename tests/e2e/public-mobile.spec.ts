import type { Locator, Page } from '@playwright/test';
import {
  BookingDialog,
  bookingByReference,
  daysFromToday,
  expect,
  pageScrollWidth,
  referenceIn,
  resetRateLimits,
  ROOMS,
  scrollToSection,
  skipCookieBanner,
  stubWhatsApp,
  test,
  uniqueEmail,
} from './fixtures';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 667 }, hasTouch: true });

test.beforeEach(async ({ page, context }) => {
  await skipCookieBanner(page);
  await stubWhatsApp(context);
});

async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The element's box lies within the 375 px wide viewport. */
async function expectWithinWidth(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
}

test('at 375×667 the mobile menu lists Home and the sections, and no page overflows sideways', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('article', { name: ROOMS.superiorKing.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Book Now', exact: true })).toBeHidden();

  const menu = await openMobileMenu(page);
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'Rooms',
    'Amenities',
    'Booking',
    'Location',
    'Reviews',
    'Contact',
  ]);
  await expect(menu.getByRole('button', { name: 'Book Now' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // every section drawn (scroll to the footer), then no horizontal overflow
  await page.goto('/#contact');
  await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
  await scrollToSection(page.locator('#footer'));
  await scrollToSection(page.getByRole('form', { name: 'Booking request' }));
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(WIDTH);

  await page.goto(`/room/${ROOMS.superiorQuadruple.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROOMS.superiorQuadruple.name);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(WIDTH);
  await expectWithinWidth(page.getByRole('link', { name: 'Admin Portal' }));
});

test('at 375×667 the mobile menu links bring their section into view, Home the hero title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('article', { name: ROOMS.superiorKing.name })).toBeVisible();

  let menu = await openMobileMenu(page);
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeInViewport();

  menu = await openMobileMenu(page);
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
});

test('at 375×667 the booking dialog from the mobile menu fits the screen and sends a request', async ({ page }) => {
  await resetRateLimits();
  const room = ROOMS.romanticSuite;
  await page.goto('/');
  const menu = await openMobileMenu(page);
  await menu.getByRole('button', { name: 'Book Now' }).click();
  const dialog = new BookingDialog(page);
  await expect(dialog.root).toBeVisible();
  await expectWithinWidth(dialog.root);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(WIDTH);

  const stay = {
    checkIn: daysFromToday(670),
    checkOut: daysFromToday(672),
    roomName: room.name,
    name: 'Mary Jackson',
    email: uniqueEmail('mary'),
    phone: '+39 333 555 0101',
  };
  await dialog.fill(stay);
  await expect(dialog.availability).toHaveText('Available for your dates');
  await expect(dialog.root).toContainText('Total€480.00');
  await dialog.submit.scrollIntoViewIfNeeded();
  await expectWithinWidth(dialog.submit);

  const { text } = await dialog.submitToWhatsApp();
  expect(text.split('\n')).toContain(`Room: ${room.name} (Room ${room.number})`);
  expect(text.split('\n')).toContain('Total: €480.00');
  await expect(dialog.root).toBeHidden();
  expect(await bookingByReference(referenceIn(text))).toMatchObject({
    room_id: room.id,
    status: 'pending',
    total_amount: 480,
  });
});
