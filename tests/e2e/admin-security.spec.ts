import { DEMO, expect, expectToast, signInToAdmin, sql, test, uniqueTag } from './fixtures';

const activeAlertsFor = async (email: string) =>
  (
    await sql<{ id: string }>(
      `select id::text from public.security_alerts
       where alert_type = 'failed_logins_account' and dedup_key = $1 and status = 'active'`,
      [`email:${email}`],
    )
  ).map((row) => row.id);

test('five failed sign-ins from /auth raise an alert that the admin sees and resolves', async ({ page }) => {
  const email = `target-${uniqueTag().toLowerCase()}@example.com`;
  // the suites share one address (127.0.0.1): start this test with a fresh rate-limit minute
  await sql('delete from private.security_logger_hits');

  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill(`wrong-password-${attempt}`);
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/auth/v1/token')),
      panel.getByRole('button', { name: 'Sign In' }).click(),
    ]);
  }
  await expectToast(page, 'Sign In Error');
  // the reports are batched and sent two seconds after the last one
  await expect.poll(() => activeAlertsFor(email), { timeout: 15_000 }).toHaveLength(1);
  const [alertId] = await activeAlertsFor(email);

  await signInToAdmin(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security Monitoring' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Active Alerts' }).click();
  const alert = page.getByRole('listitem').filter({ hasText: `5 failed logins for ${email} within 15 minutes` });
  await expect(alert.getByText('ACTIVE', { exact: true })).toBeVisible();
  await alert.getByRole('button', { name: /^Resolve alert/ }).click();
  await expectToast(page, 'Alert Resolved', 'Security alert has been marked as resolved');
  // the tab lists active alerts; a resolved one is behind the Status filter
  await expect(alert).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('resolved');
  await expect(alert.getByText('RESOLVED', { exact: true })).toBeVisible();
  await expect(alert.getByRole('button', { name: /^Resolve alert/ })).toHaveCount(0);
  // the search box filters the alerts too
  await page.getByLabel('Search security events').fill('no alert says this');
  await expect(alert).toHaveCount(0);
  await page.getByLabel('Search security events').fill(email);
  await expect(alert).toHaveCount(1);

  const recorded = await sql(
    `select 1 from public.security_logs
     where event_type = 'admin_action' and description = 'Resolve Security Alert' and metadata ->> 'alert_id' = $1`,
    [alertId],
  );
  expect(recorded).toHaveLength(1);

  // the audit trail shows the change made by the admin
  await page.getByRole('tab', { name: 'Audit Trail' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Audit trail' })
      .getByRole('listitem')
      .filter({ hasText: 'security_alerts' })
      .filter({ hasText: 'User: 00000000' })
      .first(),
  ).toBeVisible();
});

test('staff are refused the Security screen', async ({ page }) => {
  await signInToAdmin(page, DEMO.staff);
  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Security Monitoring' })).toHaveCount(0);
});
