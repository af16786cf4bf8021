import type { Page } from '@playwright/test';
import { totpCode } from '../../supabase/local/auth/totp';
import { DEMO_TOTP_SECRET } from '../../supabase/local/keys';
import {
  DEMO,
  createTestUser,
  deleteTestUser,
  expect,
  expectToast,
  seriousAxeViolations,
  signIn,
  signInToAdmin,
  sql,
  test,
  uniqueTag,
} from './fixtures';

// Issue 42 §1, end to end: an admin sets up an authenticator app (QR code and key, first code),
// signs out, signs in with password and code and reaches the police file; with the password alone
// the portal asks for the code and the database refuses the police file to that session.

const POLICE_FILE = /Police report \(Alloggiati Web\)/;

/** The browser's access token (supabase-js keeps the session in localStorage). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('cgh-auth') ?? '{}') as { access_token: string }).access_token,
  );
}

/** The police file of today, asked of the database with the page's session. */
async function policeFileAnswer(page: Page) {
  const token = await accessToken(page);
  const response = await fetch(`${process.env.E2E_API_URL}/rest/v1/rpc/police_file_day`, {
    method: 'POST',
    headers: {
      apikey: process.env.E2E_ANON_KEY!,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_day: new Date().toISOString().slice(0, 10) }),
  });
  return { status: response.status, body: (await response.json()) as { hint?: string } };
}

async function enterCode(page: Page, secret: string, button: string) {
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: button }).click();
}

test('an admin sets up two-factor sign-in, then needs the code to reach the police file', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser(uniqueTag());
  await sql("insert into public.user_roles (user_id, role) values ($1, 'admin')", [user.id]);
  try {
    // with the password alone (two factors not required here, no factor yet) the portal opens
    await signInToAdmin(page, user);
    await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: /QR code to add Colosseum Guest House/ })).toBeVisible();
    expect(await seriousAxeViolations(page), 'axe on the set-up').toEqual([]);
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // a wrong code first: refused, said so
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() - 5 * 60_000));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByText(/That code is not right/)).toBeVisible();
    await enterCode(page, secret, 'Verify and turn on');
    await expectToast(page, 'Two-factor sign-in is on');
    await expect(page.getByRole('button', { name: 'Remove factor' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // the password alone: the portal asks for the code, and the database refuses the police file
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.goto('/admin/arrivals');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page.getByText(POLICE_FILE)).toHaveCount(0);
    expect(await seriousAxeViolations(page), 'axe on the code screen').toEqual([]);
    const refused = await policeFileAnswer(page);
    expect(refused.status).toBe(403);
    expect(refused.body.hint).toBe('aal2_required');

    // with the code: the portal and the police file
    await enterCode(page, secret, 'Verify');
    await expect(page.getByText(POLICE_FILE)).toBeVisible();
    expect((await policeFileAnswer(page)).status).toBe(200);
  } finally {
    await deleteTestUser(user.id);
  }
});

test("the seeded mfa-admin signs in with password and the demo secret's code", async ({ page }) => {
  await signIn(page, DEMO.mfaAdmin);
  await expect(page.getByText('Enter the code from your authenticator app to open the admin portal.')).toBeVisible();
  await enterCode(page, DEMO_TOTP_SECRET, 'Verify');
  await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users' }).click();
  const row = page.getByRole('row').filter({ hasText: 'mfa-admin@example.com' });
  await expect(row.getByText('Two-factor', { exact: true })).toBeVisible();
});
