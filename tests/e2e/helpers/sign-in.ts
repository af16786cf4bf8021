// Signing in through the site's own /auth page.
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
  staff: { email: 'staff@example.com', password: 'staff-demo-2026' },
  guest: { email: 'guest@example.com', password: 'guest-demo-2026' },
  /** the cleaner: the Housekeeping list only */
  housekeeping: { email: 'housekeeping@example.com', password: 'housekeeping-demo-2026' },
  /** an admin with a seeded authenticator (DEMO_TOTP_SECRET): password, then code */
  mfaAdmin: { email: 'mfa-admin@example.com', password: 'mfa-admin-demo-2026' },
} as const;
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel(/email/i).first().fill(account.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Signs in through /auth and waits for the admin area (or its Access Denied page). */
export async function signInToAdmin(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/admin\/?$/);
}
