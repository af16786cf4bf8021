import { createTestUser, DEMO, deleteTestUser, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

test('the demo admin gives a new user the staff role with Manage Role', async ({ page }) => {
  const user = await createTestUser(uniqueTag());
  try {
    await signInToAdmin(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText('Manage user accounts and roles')).toBeVisible();
    await expect(page.getByText(/^Users \(\d+\)$/)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email.toUpperCase());
    await expect(page.getByText('Users (1)')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row).toContainText(user.name);
    await expect(row.getByText('No roles')).toBeVisible();

    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Role' });
    await expect(dialog.getByLabel('Role')).toHaveValue('guest');
    await dialog.getByLabel('Role').selectOption('staff');
    await dialog.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(row.getByText('Staff', { exact: true })).toBeVisible();
    await expect(row.getByText('No roles')).toHaveCount(0);
    const roles = await sql<{ role: string }>('select role::text from public.user_roles where user_id = $1', [user.id]);
    expect(roles).toEqual([{ role: 'staff' }]);
  } finally {
    await deleteTestUser(user.id);
  }
});
