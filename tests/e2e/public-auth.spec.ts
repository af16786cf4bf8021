import type { Page } from '@playwright/test';
import { DEMO, emailedLink, expect, expectToast, signIn, sql, test, uniqueEmail } from './fixtures';

/** The /auth page's sign-up tab. */
async function openSignUp(page: Page) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
  return {
    name: panel.getByLabel('Name (optional)'),
    email: panel.getByLabel('Email'),
    password: panel.getByLabel('Password'),
    submit: panel.getByRole('button', { name: 'Sign Up' }),
    error: panel.locator('#signup-error'),
  };
}

let createdAccount: string | undefined;
test.afterEach(async () => {
  // accounts made by a test are removed afterwards (their profile goes with them)
  if (createdAccount) await sql('delete from auth.users where email = $1', [createdAccount]);
  createdAccount = undefined;
});

test('sign-up checks its fields, creates the account (name from the e-mail), which signs in once its e-mailed link is followed: /admin says Access Denied without a role', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  const password = 'correct-horse-42';
  createdAccount = email;
  const signUp = await openSignUp(page);

  await signUp.submit.click();
  await expect(signUp.error).toHaveText('Email and password are required');
  await signUp.email.fill('not-an-address');
  await signUp.password.fill(password);
  await signUp.submit.click();
  await expect(signUp.error).toHaveText('Please enter a valid email address');
  await signUp.email.fill(email);
  await signUp.password.fill('seven77');
  await signUp.submit.click();
  await expect(signUp.error).toHaveText('Password must be at least 8 characters');

  await signUp.password.fill(password);
  await signUp.submit.click();
  await expectToast(page, 'Account created successfully! Please check your email to confirm.');
  const profiles = await sql(
    'select p.name from public.profiles p join auth.users u on u.id = p.user_id where u.email = $1',
    [email],
  );
  expect(profiles).toEqual([{ name: email.split('@')[0] }]);

  // The browser tests' platform has e-mail confirmation on (config.toml's [auth.email]
  // enable_confirmations): the account cannot sign in until the link in its e-mail is followed.
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, { email, password });
  await expectToast(page, 'Sign In Error', 'Email not confirmed');
  await expect(page).toHaveURL(/\/auth$/);

  // The confirmation link signs the new account in on /admin, where a user without a role is
  // refused. Sign out, then sign in with the confirmed account.
  await page.goto(await emailedLink(email, 'signup'));
  await expect(page).toHaveURL(/\/admin#?$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, { email, password });
  await expectToast(page, 'Signed in successfully!');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('sign-in checks its fields and reports a wrong password', async ({ page }) => {
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  const submit = panel.getByRole('button', { name: 'Sign In' });
  await submit.click();
  await expect(panel.locator('#signin-error')).toHaveText('Email and password are required');
  await panel.getByLabel('Email').fill(DEMO.staff.email);
  await panel.getByLabel('Password').fill('12345');
  await submit.click();
  await expect(panel.locator('#signin-error')).toHaveText('Password must be at least 6 characters');
  await panel.getByLabel('Password').fill('wrong-password');
  await submit.click();
  await expectToast(page, 'Sign In Error');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in staff member is taken to /admin, also when opening /auth again', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);
});
