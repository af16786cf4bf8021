import {
  createTestUser,
  DEMO,
  deleteTestUser,
  emailedLink,
  expect,
  expectToast,
  signInToAdmin,
  sql,
  test,
  uniqueTag,
} from './fixtures';

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

test('an admin invites a new member of staff; the invitee sets a password from the e-mail and lands in the portal as staff', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const email = `e2e-invite-${tag.toLowerCase()}@example.com`;
  try {
    await signInToAdmin(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name (optional)').fill(`Invited ${tag}`);
    await expect(dialog.getByLabel('Role')).toHaveValue('staff');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(page, 'Invitation sent');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(`Invited ${tag}`);
    await expect(row.getByText('Staff', { exact: true })).toBeVisible();

    // An address that already has an account is refused with the reason.
    await page.getByRole('button', { name: 'Invite User' }).click();
    await dialog.getByLabel('Email').fill(DEMO.staff.email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(
      page,
      'Failed to send the invitation',
      'A user with this email address has already been registered.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The invitee, in a browser of their own.
    const invitee = await browser.newContext();
    try {
      const inviteePage = await invitee.newPage();
      await inviteePage.goto(await emailedLink(email, 'invite'));
      await expect(inviteePage.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await inviteePage.getByLabel('New password', { exact: true }).fill('invited-password-1');
      await inviteePage.getByLabel('Confirm new password').fill('invited-password-1');
      await inviteePage.getByRole('button', { name: 'Set password' }).click();
      await expect(inviteePage).toHaveURL(/\/admin#?$/);
      await expect(inviteePage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(inviteePage.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
    } finally {
      await invitee.close();
    }
  } finally {
    await sql('delete from auth.users where email = $1', [email]);
  }
});
