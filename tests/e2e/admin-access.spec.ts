import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import type { Database } from '../../src/types/database';
import { createTestUser, DEMO, deleteTestUser, expect, signInToAdmin, sql, test, uniqueTag } from './fixtures';

const ADMIN_ONLY_ENTRIES = ['Users', 'Integrations', 'Security'];
const SHARED_ENTRIES = [
  'Dashboard',
  'Visual Design',
  'Rooms',
  'Amenities & Services',
  'Bookings',
  'Calendar',
  'Content',
  'Reviews',
];

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Admin navigation' });
}

async function rolesOf(userId: string): Promise<string[]> {
  const rows = await sql<{ role: string }>(
    'select role::text from public.user_roles where user_id = $1 order by role',
    [userId],
  );
  return rows.map((row) => row.role);
}

test('a visitor who is not signed in is sent from /admin to /auth', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();

  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user without a role sees Access Denied and can sign out', async ({ page }) => {
  await signInToAdmin(page, DEMO.guest);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need staff or admin privileges to access this area')).toBeVisible();
  await expect(page.getByText('Admin Dashboard')).toHaveCount(0);
  await expect(sidebar(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the demo admin sees every sidebar entry, including Users', async ({ page }) => {
  await signInToAdmin(page, DEMO.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  for (const entry of [...SHARED_ENTRIES, ...ADMIN_ONLY_ENTRIES]) {
    await expect(sidebar(page).getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
});

test('the demo staff account does not see Users and is refused at /admin/users', async ({ page }) => {
  await signInToAdmin(page, DEMO.staff);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  for (const entry of SHARED_ENTRIES) {
    await expect(sidebar(page).getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  for (const entry of ADMIN_ONLY_ENTRIES) {
    await expect(sidebar(page).getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need admin privileges to access this area')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the server refuses the role function and role writes to the demo staff account', async () => {
  const target = await createTestUser(uniqueTag());
  try {
    const staff = createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data: session, error: signInError } = await staff.auth.signInWithPassword(DEMO.staff);
    expect(signInError).toBeNull();
    const staffId = session.user!.id;

    const promote = await staff.rpc('set_user_role', { p_user_id: target.id, p_role: 'admin' });
    expect(promote.error).not.toBeNull();
    expect(promote.error!.message).toContain('Only administrators can change user roles.');

    const promoteSelf = await staff.rpc('set_user_role', { p_user_id: staffId, p_role: 'admin' });
    expect(promoteSelf.error).not.toBeNull();

    const insert = await staff.from('user_roles').insert({ user_id: target.id, role: 'admin' });
    expect(insert.error).not.toBeNull();

    expect(await rolesOf(target.id)).toEqual([]);
    expect(await rolesOf(staffId)).toEqual(['staff']);
    await staff.auth.signOut();
  } finally {
    await deleteTestUser(target.id);
  }
});

test('the sidebar collapses with Ctrl+B and stays collapsed after a reload', async ({ page, context }) => {
  await signInToAdmin(page, DEMO.admin);
  const aside = page.locator('aside').filter({ has: sidebar(page) });
  const sidebarCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'sidebar:state')?.value;

  await expect(aside).toHaveAttribute('data-state', 'expanded');
  const label = sidebar(page).getByText('Bookings', { exact: true });
  const labelWidth = async () => Math.round((await label.boundingBox())?.width ?? 0);
  await expect.poll(labelWidth).toBeGreaterThan(20);

  await page.keyboard.press('Control+b');
  await expect(aside).toHaveAttribute('data-state', 'collapsed');
  // icon-only: 3rem wide; the entry's text is only for screen readers (1px), with a tooltip title
  await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(48);
  await expect.poll(labelWidth).toBeLessThanOrEqual(1);
  await expect(sidebar(page).getByRole('link', { name: 'Bookings', exact: true })).toHaveAttribute('title', 'Bookings');
  expect(await sidebarCookie()).toBe('false');

  await page.reload();
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(aside).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Control+b');
  await expect(aside).toHaveAttribute('data-state', 'expanded');
  await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(256);
  await expect.poll(labelWidth).toBeGreaterThan(20);
  expect(await sidebarCookie()).toBe('true');
});
