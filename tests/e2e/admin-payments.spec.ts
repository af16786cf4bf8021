import { DEMO, expect, expectToast, signInToAdmin, sql, test } from './fixtures';

// Seeded CG-DEMO05 (Sophie Martin): its deposit paid online through Stripe, the balance still due.
// The ledger is append-only, so the balance recorded here stays for the rest of the run; no other
// test reads this booking's payments.
const SOPHIE = { id: '20000000-0000-4000-8000-000000000005', guest: 'Sophie Martin', reference: 'CG-DEMO05' };

test('staff record the balance paid at the house and the payment timeline shows it', async ({ page }) => {
  const [{ balance_cents: balance }] = await sql<{ balance_cents: number }>(
    'select balance_cents from public.bookings where id = $1',
    [SOPHIE.id],
  );
  const euros = (balance / 100).toFixed(2);

  await signInToAdmin(page, DEMO.staff);
  await page.goto(`/admin/bookings?q=${SOPHIE.reference}`);
  const card = page.getByRole('article', { name: SOPHIE.guest });
  const timeline = card.getByRole('list', { name: 'Payment timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Deposit paid online');
  await expect(timeline).toContainText('pi_demo05');
  // staff may record money, only admins refund it
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Record balance paid' }).click();
  const form = card.getByRole('form', { name: 'Record balance paid' });
  await form.getByLabel('Amount (€)').fill(euros);
  await form.getByLabel('Paid by').selectOption('card');
  await form.getByRole('button', { name: 'Save' }).click();

  await expectToast(page, 'Balance recorded');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  const line = timeline.getByRole('listitem').nth(1);
  await expect(line).toContainText('Balance paid · Card · by staff');
  await expect(line).toContainText(`€${Number(euros).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`);

  const rows = await sql<{ kind: string; method: string; amount_cents: number; actor: string }>(
    `select kind::text, method, amount_cents, actor from public.payments
     where booking_id = $1 and kind = 'balance'`,
    [SOPHIE.id],
  );
  expect(rows).toEqual([{ kind: 'balance', method: 'card', amount_cents: balance, actor: 'staff' }]);
});
