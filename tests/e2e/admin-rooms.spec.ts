import type { Locator, Page } from '@playwright/test';
import {
  createTestRoom,
  DEMO,
  deleteTestRooms,
  expect,
  pngFile,
  serviceClient,
  signInToAdmin,
  sql,
  test,
  uniqueTag,
} from './fixtures';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function openRoomsScreen(page: Page) {
  await signInToAdmin(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Rooms' }).click();
  await expect(page.getByRole('heading', { name: 'Rooms', level: 1 })).toBeVisible();
}

function roomCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

test('the demo admin creates a room with a photo and a promo code, and the home page shows both', async ({ page }) => {
  const tag = uniqueTag();
  const name = `E2E Suite ${tag}`;
  const roomNumber = `E${tag}`.slice(0, 20);
  const code = `e2e${tag}`.slice(0, 20);
  try {
    await signInToAdmin(page, DEMO.admin);
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page.getByText('Admin Dashboard')).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Rooms' }).click();
    await expect(page.getByText('Manage your hotel rooms and their availability')).toBeVisible();

    // the room, with a photo
    await page.getByRole('button', { name: 'Add Room' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Room' });
    await form.getByLabel('Room Name').fill(name);
    await form.getByLabel('Room Number').fill(roomNumber);
    await form.getByLabel('Room Type').selectOption('suite');
    await form.getByLabel('Description', { exact: true }).fill('A room made by the browser tests.');
    await form.getByLabel('Price per Night (€)').fill('123.50');
    await form.getByLabel('Max Guests').fill('3');
    await form.getByLabel('Room Image').setInputFiles(pngFile('e2e-room.png'));
    await expect(form.getByRole('img', { name: 'Selected image preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Create Room' }).click();
    await expect(toast(page, 'Room created successfully')).toBeVisible();
    await expect(form).toBeHidden();

    const card = roomCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByText(`Room ${roomNumber} · Suite`)).toBeVisible();
    await expect(card.getByText('0 promo codes')).toBeVisible();
    await expect(card.getByRole('img', { name })).toHaveAttribute(
      'src',
      /\/storage\/v1\/object\/public\/room-images\/rooms\//,
    );

    const [row] = await sql<{ id: string; image_url: string | null; price_per_night: string; max_guests: number }>(
      'select id, image_url, price_per_night::text, max_guests from public.rooms where room_number = $1',
      [roomNumber],
    );
    expect(row).toMatchObject({ price_per_night: '123.50', max_guests: 3 });
    expect(row.image_url).toContain(`/room-images/rooms/room-${row.id}-`);
    const photo = await page.request.get(row.image_url!);
    expect(photo.ok()).toBe(true);
    expect(photo.headers()['content-type']).toContain('image/png');

    // a promo code for it (typed in lower case, stored upper case, default discount 15)
    await card.getByRole('button', { name: 'Promo Codes' }).click();
    const promos = page.getByRole('dialog', { name: 'Promo Codes' });
    await expect(promos.getByText('No promo codes found')).toBeVisible();
    await promos.getByRole('button', { name: 'Add Promo Code' }).click();
    await promos.getByLabel('Promo Code', { exact: true }).fill(code);
    await expect(promos.getByLabel('Discount (%)')).toHaveValue('15');
    await promos.getByRole('button', { name: 'Create Promo Code' }).click();
    await expect(toast(page, 'Promo code created successfully')).toBeVisible();
    const promoCard = promos.getByLabel(code.toUpperCase(), { exact: true });
    await expect(promoCard).toContainText('15% off');
    await expect(promoCard).toContainText('Active');
    await page.keyboard.press('Escape');
    await expect(promos).toBeHidden();
    await expect(card.getByText('1 promo code', { exact: true })).toBeVisible();

    const codes = await sql<{ promo_code: string; discount_percentage: number; is_active: boolean }>(
      'select promo_code, discount_percentage, is_active from public.room_promo_codes where room_id = $1',
      [row.id],
    );
    expect(codes).toEqual([{ promo_code: code.toUpperCase(), discount_percentage: 15, is_active: true }]);

    // the public home page lists the room with its photo and promo badge
    await page.goto('/');
    const publicCard = page.getByRole('article', { name });
    await publicCard.scrollIntoViewIfNeeded();
    await expect(publicCard).toBeVisible();
    await expect(publicCard.getByRole('img', { name })).toHaveAttribute('src', row.image_url!);
    await expect(publicCard.getByRole('list', { name: `Promo codes for ${name}` })).toContainText(
      `${code.toUpperCase()} · 15% off`,
    );
  } finally {
    await deleteTestRooms({ names: [name] });
  }
});

test('the gallery takes two uploads, makes the second primary and reorders them', async ({ page }) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { name: `E2E Gallery ${tag}` });
  const imagesInDb = () =>
    sql<{ alt_text: string; is_primary: boolean; display_order: number }>(
      'select alt_text, is_primary, display_order from public.room_images where room_id = $1 order by display_order, created_at',
      [room.id],
    );
  try {
    await openRoomsScreen(page);
    await roomCard(page, room.name).getByRole('button', { name: 'Gallery' }).click();
    const gallery = page.getByRole('dialog', { name: 'Room Gallery' });
    await expect(gallery.getByText('No images yet')).toBeVisible();

    await gallery
      .getByLabel('Upload gallery images')
      .setInputFiles([pngFile('first.png', [190, 60, 40]), pngFile('second.png', [40, 90, 160])]);
    const images = gallery.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
    await expect(images).toHaveCount(2);
    await expect(gallery.getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    // the first picture of a room becomes its primary
    await expect(images.nth(0)).toHaveAccessibleName('Image 1 (primary)');
    await expect(images.nth(0).getByRole('img')).toHaveAttribute('alt', 'first');
    await expect(images.nth(1)).toHaveAccessibleName('Image 2');
    await expect(images.nth(1).getByRole('img')).toHaveAttribute('alt', 'second');
    await expect(images.nth(0).getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();
    await expect(images.nth(1).getByRole('button', { name: 'Move image 2 down' })).toBeDisabled();
    expect(await imagesInDb()).toEqual([
      { alt_text: 'first', is_primary: true, display_order: 0 },
      { alt_text: 'second', is_primary: false, display_order: 1 },
    ]);

    // the second becomes the primary
    await images.nth(1).getByRole('button', { name: 'Set Primary' }).click();
    await expect(toast(page, 'Primary image updated')).toBeVisible();
    await expect(images.nth(1)).toHaveAccessibleName('Image 2 (primary)');
    await expect(images.nth(0)).toHaveAccessibleName('Image 1');
    await expect(images.nth(0).getByRole('button', { name: 'Set Primary' })).toBeVisible();
    await expect(images.nth(1).getByRole('button', { name: 'Set Primary' })).toHaveCount(0);
    expect(await imagesInDb()).toEqual([
      { alt_text: 'first', is_primary: false, display_order: 0 },
      { alt_text: 'second', is_primary: true, display_order: 1 },
    ]);

    // and moves to the front
    await gallery.getByRole('button', { name: 'Move image 2 up' }).click();
    await expect(images.nth(0)).toHaveAccessibleName('Image 1 (primary)');
    await expect(images.nth(0).getByRole('img')).toHaveAttribute('alt', 'second');
    await expect(images.nth(1).getByRole('img')).toHaveAttribute('alt', 'first');
    await expect.poll(imagesInDb).toEqual([
      { alt_text: 'second', is_primary: true, display_order: 0 },
      { alt_text: 'first', is_primary: false, display_order: 1 },
    ]);

    // the order survives closing and reopening the dialog
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();
    await roomCard(page, room.name).getByRole('button', { name: 'Gallery' }).click();
    await expect(images.nth(0).getByRole('img')).toHaveAttribute('alt', 'second');
    await expect(images.nth(0)).toHaveAccessibleName('Image 1 (primary)');

    const { data: stored } = await serviceClient().storage.from('room-images').list(room.id);
    expect((stored ?? []).filter((file) => file.name.endsWith('.png'))).toHaveLength(2);
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});

test("an admin's room edit shows on the public pages of the same browser at once", async ({ page }) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag, { name: `E2E Before ${tag}` });
  const renamed = `E2E After ${tag}`;
  try {
    await openRoomsScreen(page);
    // the public home page, reached inside the app, caches the rooms list
    const brandLink = page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', {
      name: 'Colosseum Guest House',
    });
    await brandLink.click();
    await expect(page.getByRole('article', { name: room.name })).toBeAttached();
    await page.goBack();

    const card = roomCard(page, room.name);
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Room' });
    await form.getByLabel('Room Name').fill(renamed);
    await form.getByRole('button', { name: 'Update Room' }).click();
    await expect(toast(page, 'Room updated successfully')).toBeVisible();

    await brandLink.click();
    await expect(page.getByRole('article', { name: renamed })).toBeAttached();
    await expect(page.getByRole('article', { name: room.name })).toHaveCount(0);
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});
