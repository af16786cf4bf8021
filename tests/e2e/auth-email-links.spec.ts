import { createTestUser, deleteTestUser, emailedLink, expect, expectToast, signIn, test, uniqueTag } from './fixtures';

test('"Forgot password?" e-mails a reset link; the link leads to "Set a new password", then to /admin; it works once', async ({
  page,
}) => {
  const user = await createTestUser(uniqueTag());
  try {
    await page.goto('/auth');
    const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' });
    await signInPanel.getByLabel('Email').fill(user.email);
    await signInPanel.getByRole('button', { name: 'Forgot password?' }).click();

    // The address typed for sign-in is carried over; a bad one is refused before anything is sent.
    const email = page.getByLabel('Email');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(email).toHaveValue(user.email);
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    // An address without an account gets the very same answer.
    await email.fill(`nobody-${uniqueTag().toLowerCase()}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await signInPanel.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

    const link = await emailedLink(user.email, 'recovery');
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/reset-password/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page.getByText(`sign in as ${user.email}`)).toBeVisible();

    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await password.fill('short');
    await confirm.fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await password.fill('a-new-password-1');
    await confirm.fill('a-new-password-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await confirm.fill('a-new-password-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expectToast(page, 'Your password has been set.');
    await expect(page).toHaveURL(/\/admin#?$/);

    // The new password signs in, the old one no longer does, and the link cannot be used again.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, { email: user.email, password: user.password });
    await expectToast(page, 'Sign In Error');
    await signIn(page, { email: user.email, password: 'a-new-password-1' });
    await expect(page).toHaveURL(/\/admin#?$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto(link);
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  } finally {
    await deleteTestUser(user.id);
  }
});
