import type { Page } from '@playwright/test';
import { createTestRoom, deleteTestRooms, DEMO, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

interface HeroTitle {
  value: string;
  translations: { it?: string; fr?: string };
}

async function heroTitleInDb(): Promise<HeroTitle> {
  const [row] = await sql<HeroTitle>("select value, translations from public.site_content where key = 'hero_title'");
  return row;
}

async function openContent(page: Page) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Content' }).click();
  await expect(page.getByText('Edit all website content')).toBeVisible();
  return page.getByRole('region', { name: 'Hero', exact: true });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('staff edit the Italian hero title side by side with English and French; the other languages stay as they were', async ({
  page,
}) => {
  const original = await heroTitleInDb();
  expect(original.translations.it).toBeTruthy();
  expect(original.translations.fr).toBeTruthy();
  // keeps the original words so other tests reading the Italian page still find them
  const edited = `${original.translations.it} · E2E ${uniqueTag()}`;
  try {
    await signInToAdmin(page, DEMO.staff);
    const hero = await openContent(page);
    const english = hero.getByLabel('Title', { exact: true });
    const italian = hero.getByLabel('Title in Italian', { exact: true });
    const french = hero.getByLabel('Title in French', { exact: true });
    await expect(english).toHaveValue(original.value);
    await expect(italian).toHaveValue(original.translations.it!);
    await expect(french).toHaveValue(original.translations.fr!);
    await expect(hero.getByText('Missing in Italian')).toHaveCount(0);

    const save = page.getByRole('button', { name: 'Save All Changes' });
    await italian.fill(edited);
    await expect(page.getByText('1 unsaved change')).toBeVisible();
    await expect(page.getByText(': Hero: Title (Italian)')).toBeVisible();
    await save.click();
    await expect(page.getByText('Content updated successfully')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(italian).toHaveValue(edited);

    const saved = await heroTitleInDb();
    expect(saved.value).toBe(original.value);
    expect(saved.translations).toEqual({ ...original.translations, it: edited });

    await page.goto('/it/');
    await expect(heading(page)).toHaveText(edited);
    await page.goto('/');
    await expect(heading(page)).toHaveText(original.value);
    await page.goto('/fr/');
    await expect(heading(page)).toHaveText(original.translations.fr!);
  } finally {
    await sql("update public.site_content set value = $1, translations = $2 where key = 'hero_title'", [
      original.value,
      original.translations,
    ]);
  }
});

test('a cleared French text is marked missing and the French page falls back to English', async ({ page }) => {
  const original = await heroTitleInDb();
  try {
    await signInToAdmin(page, DEMO.staff);
    const hero = await openContent(page);
    const french = hero.getByLabel('Title in French', { exact: true });
    await expect(french).toHaveValue(original.translations.fr!);

    await french.fill('');
    await expect(hero.getByText('Missing in French')).toBeVisible();
    await expect(french).toHaveAttribute('placeholder', original.value);
    await expect(page.getByText('1 unsaved change')).toBeVisible();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('Content updated successfully')).toBeVisible();
    await expect(hero.getByText('Missing in French')).toBeVisible();

    const saved = await heroTitleInDb();
    expect(saved.value).toBe(original.value);
    expect(saved.translations).toEqual({ it: original.translations.it });

    await page.goto('/fr/');
    await expect(heading(page)).toHaveText(original.value);
    await page.goto('/it/');
    await expect(heading(page)).toHaveText(original.translations.it!);
  } finally {
    await sql("update public.site_content set value = $1, translations = $2 where key = 'hero_title'", [
      original.value,
      original.translations,
    ]);
  }
});

test("the room dialog edits a room's Italian name and amenity list; the French page keeps the English ones", async ({
  page,
}) => {
  const tag = uniqueTag();
  const room = await createTestRoom(tag, {
    name: `E2E Room ${tag}`,
    description: 'A room made by the browser tests.',
    amenities: ['WiFi', 'Shower'],
  });
  const italianName = `Camera E2E ${tag}`;
  try {
    await signInToAdmin(page, DEMO.staff);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Rooms' }).click();
    await page.getByRole('article', { name: room.name }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Room' });
    const italian = form.getByRole('group', { name: 'Italian' });
    const french = form.getByRole('group', { name: 'French' });
    await expect(italian.getByText('Missing in Italian')).toHaveCount(3);
    await italian.getByLabel('Name (Italian)').fill(italianName);
    await italian.getByLabel('Amenities (Italian)').fill('Wi-Fi\nDoccia\n');
    await expect(italian.getByText('Missing in Italian')).toHaveCount(1);
    await expect(french.getByText('Missing in French')).toHaveCount(3);
    await form.getByRole('button', { name: 'Update Room' }).click();
    await expect(page.getByText('Room updated successfully', { exact: true })).toBeVisible();

    const [saved] = await sql<{ name: string; amenities: string[]; translations: unknown }>(
      'select name, amenities, translations from public.rooms where id = $1',
      [room.id],
    );
    expect(saved).toEqual({
      name: room.name,
      amenities: ['WiFi', 'Shower'],
      translations: { it: { name: italianName, amenities: ['Wi-Fi', 'Doccia'] } },
    });

    await page.goto(`/it/room/${room.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(italianName);
    await expect(page.getByText('Doccia', { exact: true })).toBeVisible();
    await expect(page.getByText('A room made by the browser tests.')).toBeVisible();
    await page.goto(`/fr/room/${room.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(room.name);
    await expect(page.getByText('Shower', { exact: true })).toBeVisible();
  } finally {
    await deleteTestRooms({ ids: [room.id] });
  }
});

test("the amenity dialog edits an amenity's French name and description; the Italian page keeps the English ones", async ({
  page,
}) => {
  const tag = uniqueTag();
  const [amenity] = await sql<{ id: string; name: string }>(
    `insert into public.amenities (name, description, icon_name, category, is_active, display_order)
     values ($1, 'Made by the browser tests.', 'Home', 'general', true, 0) returning id, name`,
    [`E2E Amenity ${tag}`],
  );
  const frenchName = `Équipement E2E ${tag}`;
  try {
    await signInToAdmin(page, DEMO.staff);
    await page.goto('/admin/services');
    await page.getByRole('article', { name: amenity.name }).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Amenity' });
    const french = form.getByRole('group', { name: 'French' });
    await expect(french.getByLabel('Name (French)')).toHaveAttribute('placeholder', amenity.name);
    await french.getByLabel('Name (French)').fill(frenchName);
    await french.getByLabel('Description (French)').fill('Créé par les tests du navigateur.');
    await expect(french.getByText('Missing in French')).toHaveCount(0);
    await expect(form.getByRole('group', { name: 'Italian' }).getByText('Missing in Italian')).toHaveCount(2);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Amenity updated successfully', { exact: true })).toBeVisible();

    const [saved] = await sql('select name, description, translations from public.amenities where id = $1', [
      amenity.id,
    ]);
    expect(saved).toEqual({
      name: amenity.name,
      description: 'Made by the browser tests.',
      translations: { fr: { name: frenchName, description: 'Créé par les tests du navigateur.' } },
    });

    for (const [path, name, description] of [
      ['/fr/', frenchName, 'Créé par les tests du navigateur.'],
      ['/it/', amenity.name, 'Made by the browser tests.'],
    ]) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 3, name, exact: true });
      await expect(async () => {
        await page.keyboard.press('End');
        await expect(heading).toBeVisible({ timeout: 1000 });
      }).toPass();
      await expect(page.getByText(description, { exact: true })).toBeVisible();
    }
  } finally {
    await sql('delete from public.amenities where id = $1', [amenity.id]);
  }
});
