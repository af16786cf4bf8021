import { DEMO, expect, expectToast, signInToAdmin, sql, test } from './fixtures';

// The ISTAT days sent to Ross1000 (issue 41 §2), at 375 px: the seeded week is listed as sent, a
// refused day (in 1995: no stay, so its record is an empty day the stand-in accepts) shows its reason and the warning that it holds the days after it, Retry sends it
// through the local stand-in, and the admin sees the Ross1000 account masked.
let refusedDay: string;

test.beforeAll(async () => {
  [{ day: refusedDay }] = await sql<{ day: string }>(
    `insert into public.istat_days (day, status, attempts, last_attempt_at, error_code, error_text, errors, record_hash)
     values ('1995-01-16', 'refused', 1, now(), 'STATO_RESIDENZA', 'Stato di residenza mancante o non valido',
       '[{"record": "CG-E2E001-01", "code": "STATO_RESIDENZA", "text": "Stato di residenza mancante o non valido"}]', 'e2e')
     on conflict (day) do update set status = 'refused', sent_at = null, error_code = excluded.error_code,
       error_text = excluded.error_text, errors = excluded.errors, record_hash = 'e2e'
     returning day::text`,
  );
});

test.afterAll(async () => {
  await sql('delete from public.istat_days where day = $1', [refusedDay]);
});

test('the Ross1000 days: sent, refused with the reason, retried', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInToAdmin(page, DEMO.admin);
  await page.goto('/admin/city-tax');
  const days = page.getByRole('region', { name: 'Sent to Ross1000' });
  await expect(page.getByRole('status').filter({ hasText: 'was refused by Ross1000' })).toBeVisible();

  await page.locator('#istat-month').fill(refusedDay.slice(0, 7));
  const row = page.getByTestId('ross1000-day').filter({ hasText: 'Stato di residenza mancante o non valido' });
  await expect(row).toContainText('Refused');
  await expect(row).toContainText('CG-E2E001-01');
  await row.getByRole('button', { name: /again$/ }).click();
  await expectToast(page, 'Sent to Ross1000');
  await expect(page.getByRole('status').filter({ hasText: 'was refused by Ross1000' })).toHaveCount(0);
  await expect(days.getByTestId('ross1000-day').filter({ hasText: 'Refused' })).toHaveCount(0);

  await expect(page.getByTestId('ross1000-account')).toContainText('structure 058091-AFF-00042');
  // nothing wider than the phone's screen
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
