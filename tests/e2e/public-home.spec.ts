import { BookingDialog, expect, ROOMS, skipCookieBanner, sql, test } from './fixtures';

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
  });

  test('header, hero and room cards show the seeded content', async ({ page }) => {
    const content = Object.fromEntries(
      (
        await sql<{ key: string; value: string }>(
          "select key, value from public.site_content where key like 'contact_%' or key like 'hero_%'",
        )
      ).map((row) => [row.key, row.value]),
    );
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header).toContainText(content.contact_address);
    await expect(header.getByRole('link', { name: content.contact_phone })).toHaveAttribute('href', /^tel:\+39/);
    await expect(header.getByRole('link', { name: content.contact_email })).toHaveAttribute(
      'href',
      `mailto:${content.contact_email}`,
    );
    await expect(header.getByRole('button', { name: 'Book Now', exact: true })).toBeVisible();
    // Home is only in the mobile menu; the Admin Portal button is on every page but "/".
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link')).toHaveText([
      'Rooms',
      'Amenities',
      'Booking',
      'Location',
      'Reviews',
      'Contact',
    ]);
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);

    const hero = page.locator('#hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(content.hero_title);
    await expect(hero).toContainText(content.hero_location);
    await expect(hero).toContainText(`Rated ${content.hero_rating} from ${content.hero_review_count} reviews`);
    // the label comes from one active, still valid code (seed: COLOSSEO20, 20 %)
    await expect(hero.getByRole('button', { name: /^Book Now – Save \d+% with [A-Z0-9]+$/ })).toBeVisible();

    // Room cards in name order, each with its own promo badges (at most 2).
    const names = await page.locator('#rooms article h3').allTextContents();
    const seeded = Object.values(ROOMS).map((room) => room.name);
    expect(names.filter((name) => seeded.includes(name as never))).toEqual([...seeded].sort());
    const superiorKing = page.getByRole('article', { name: ROOMS.superiorKing.name });
    await expect(superiorKing).toContainText('€145.00');
    await expect(superiorKing).toContainText('25 m²');
    await expect(
      superiorKing.getByRole('list', { name: 'Promo codes for Superior King' }).getByRole('listitem'),
    ).toHaveText(['EARLYBIRD25 · 25% off', 'ROMA10 · 10% off']);
    // a room in maintenance cannot be booked from its card; an occupied one (a guest in tonight) can
    const twin = page.getByRole('article', { name: ROOMS.classicTwin.name });
    await expect(twin).toContainText('Currently unavailable');
    await expect(twin.getByRole('button', { name: /Book Now/ })).toBeDisabled();
    const cozy = page.getByRole('article', { name: ROOMS.cozySingle.name });
    await expect(cozy).not.toContainText('Currently unavailable');
    await expect(cozy.getByRole('button', { name: /Book Now/ })).toBeEnabled();
  });

  test('a room with more than two promo codes shows two badges and "+N more"', async ({ page }) => {
    const ids = [
      '30000000-0000-4000-8000-0000000e2e01',
      '30000000-0000-4000-8000-0000000e2e02',
      '30000000-0000-4000-8000-0000000e2e03',
    ];
    await sql('delete from public.room_promo_codes where id = any($1::uuid[])', [ids]);
    await sql(
      `insert into public.room_promo_codes (id, room_id, promo_code, discount_percentage, is_active, valid_until)
       select id, $2, code, pct, true, current_date + 30
         from unnest($1::uuid[], array['E2ESUITEA', 'E2ESUITEB', 'E2ESUITEC'], array[3, 2, 1]) as t(id, code, pct)`,
      [ids, ROOMS.romanticSuite.id],
    );
    try {
      await page.goto('/');
      const badges = page
        .getByRole('list', { name: `Promo codes for ${ROOMS.romanticSuite.name}` })
        .getByRole('listitem');
      await expect(badges).toHaveText(['E2ESUITEA · 3% off', 'E2ESUITEB · 2% off', '+1 more']);
    } finally {
      await sql('delete from public.room_promo_codes where id = any($1::uuid[])', [ids]);
    }
  });

  test('section links scroll to the sections below the rooms, which load on demand', async ({ page }) => {
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, heading] of [
      ['Reviews', 'What Our Guests Say'],
      ['Contact', 'Get in Touch'],
      ['Amenities', null],
    ] as const) {
      await mainNav.getByRole('link', { name: label }).click();
      const section = page.locator(`#${label.toLowerCase()}`);
      await expect(section).toBeInViewport();
      if (heading) await expect(section.getByRole('heading', { level: 2 })).toHaveText(heading);
    }
    await expect(page).toHaveURL(/\/$/); // scrolling on the home page, no navigation
    await expect(page.locator('#amenities').getByRole('listitem').first()).toBeVisible();
  });

  test('a visitor who jumps straight past the rooms sees the sections there, not grey placeholders', async ({
    page,
  }) => {
    // requestIdleCallback never fires here, so only the jump itself can load the sections
    await page.addInitScript(() => {
      Object.defineProperty(window, 'requestIdleCallback', { value: () => 0 });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Our Rooms' })).toBeVisible();
    await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
    await expect(page.locator('#contact').getByRole('heading', { level: 2 })).toHaveText('Get in Touch');
    await expect(page.locator('#reviews').getByRole('heading', { level: 2 })).toHaveText('What Our Guests Say');
    await expect(page.locator('[data-placeholder]')).toHaveCount(0);
  });

  test('the sections below the rooms load once the browser is idle, without any scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#location').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.locator('[data-placeholder]')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Book Now on a room card opens the booking dialog for that room', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: `Book Now – ${ROOMS.deluxeKing.name}` }).click();
    const dialog = new BookingDialog(page);
    await expect(dialog.root).toBeVisible();
    await expect(dialog.root).toContainText('Deluxe King · €165.00 per night');
    await expect(dialog.root.getByLabel('Room', { exact: true })).toHaveCount(0); // the room is given
    await dialog.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.root).toBeHidden();
  });
});
