import { DEMO, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

async function heroTitleInDb(): Promise<string> {
  const [row] = await sql<{ value: string }>("select value from public.site_content where key = 'hero_title'");
  return row.value;
}

test('an edited hero title is saved with Save All Changes and shown on the home page', async ({ page }) => {
  const original = await heroTitleInDb();
  // keeps the original words so other tests reading the home page in parallel still find them
  const edited = `${original} · E2E ${uniqueTag()}`;
  try {
    await signInToAdmin(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Content' }).click();
    await expect(page.getByText('Edit all website content')).toBeVisible();
    for (const section of ['Hero', 'Rooms', 'Location', 'Reviews', 'Booking Form', 'Contact Information']) {
      await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
    }

    const save = page.getByRole('button', { name: 'Save All Changes' });
    const title = page.getByRole('region', { name: 'Hero', exact: true }).getByLabel('Title', { exact: true });
    await expect(title).toHaveValue(original);
    await expect(save).toBeDisabled();

    await title.fill(edited);
    await expect(page.getByText('1 unsaved change')).toBeVisible();
    await save.click();
    await expect(page.getByText('Content updated successfully')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(title).toHaveValue(edited);
    expect(await heroTitleInDb()).toBe(edited);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  } finally {
    await sql("update public.site_content set value = $1 where key = 'hero_title'", [original]);
  }
  expect(await heroTitleInDb()).toBe(original);
});
