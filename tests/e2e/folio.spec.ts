import {
  DEMO,
  createTestRoom,
  deleteTestRooms,
  expect,
  expectToast,
  signInToAdmin,
  sql,
  test,
  uniqueTag,
} from './fixtures';

// The folio at the desk (issue 39): a stay of the test's own room, checked in today, 1 guest, 3
// nights booked at €85.00 (€255.00), nothing paid yet. The arrivals desk records the city tax, the
// booking card and the City-tax register show it once; check-out with the balance open asks first,
// and leaving before the booked departure asks which nights are charged.
let roomId: string;
let stay: { id: string; reference: string };
const GUEST = 'Folio Desk Guest';

test.beforeAll(async () => {
  roomId = (await createTestRoom(uniqueTag(), { status: 'maintenance' })).id;
  [stay] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
       total_amount, total_cents, deposit_cents, balance_cents, nightly_rates)
     values ($1, $2, 'folio.desk@example.com', private.rome_today(), private.rome_today() + 3, 1, 'checked_in', 255, 25500, 0, 25500,
       (select jsonb_agg(jsonb_build_object('night', private.rome_today() + n, 'price', 85.00)) from generate_series(0, 2) n))
     returning id::text, reference`,
    [roomId, GUEST],
  );
});

test.afterAll(async () => {
  // the ledger is append-only: triggers off to clear the test's lines
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id = '${stay.id}';
  end $$`);
  await sql('delete from public.bookings where id = $1', [stay.id]);
  await deleteTestRooms({ ids: [roomId] });
});

test('the arrivals desk takes the city tax; the booking card and the register show it once; check-out asks first', async ({
  page,
}) => {
  const [{ rate }] = await sql<{ rate: number }>(
    `select amount_cents as rate from public.city_tax_rates
     where category = private.city_tax_category(current_date)
       and current_date >= valid_from and (valid_to is null or current_date <= valid_to)`,
  );
  const tax = `€${((3 * rate) / 100).toFixed(2)}`;

  await signInToAdmin(page, DEMO.staff);
  await page.goto('/admin/arrivals');
  const arrival = page.getByTestId(`arrival-${stay.reference}`);
  await expect(arrival.getByTestId(`arrival-money-${stay.reference}`)).toHaveText(
    `Balance due €255.00 · City tax ${tax}`,
  );
  await arrival.getByRole('button', { name: `City tax ${tax} in cash` }).click();
  await expectToast(page, 'City tax recorded');
  await expect(arrival.getByTestId(`arrival-money-${stay.reference}`)).toHaveText(
    'Balance due €255.00 · City tax collected',
  );

  await page.goto(`/admin/bookings?q=${stay.reference}`);
  const card = page.getByRole('article', { name: GUEST });
  await expect(card.getByTestId('folio-balance')).toHaveText('€255.00');
  await expect(card.getByTestId('folio-city-tax-open')).toHaveText('€0.00');

  await page.goto('/admin/city-tax');
  const line = page.getByTestId(`tax-line-${stay.reference}`);
  await expect(line).toContainText(tax);
  await line.getByRole('button', { name: 'Record' }).click();
  // collected at the desk: the register does not offer it again
  await expect(page.getByTestId(`collected-${stay.id}`)).toContainText('Collected in full');
  await expect(page.getByRole('form', { name: `Collection for ${stay.reference}` })).toHaveCount(0);

  await page.goto(`/admin/bookings?q=${stay.reference}`);
  await card.getByRole('button', { name: 'Check Out' }).click();
  const dialog = page.getByRole('dialog', { name: `Check out ${GUEST}` });
  await expect(dialog).toContainText('Money is still open on this stay.');
  await expect(dialog).toContainText('€255.00');
  // leaving before the booked departure: the nights stayed are charged by default (flexible rate)
  await expect(dialog.getByRole('radio', { name: /The nights stayed \(1\)/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Settle by card' }).click();
  await expectToast(page, 'Checked out');

  const [after] = await sql<{ status: string; nights: number; total: number; booked: string | null; left: string }>(
    `select status::text, jsonb_array_length(nightly_rates) as nights, total_cents as total,
       booked_check_out_date::text as booked, check_out_date::text as left
     from public.bookings where id = $1`,
    [stay.id],
  );
  expect(after).toMatchObject({ status: 'checked_out', nights: 1, total: 8500 });
  expect(after.booked).not.toBeNull();
  const lines = await sql<{ kind: string; method: string; amount_cents: number }>(
    `select kind::text, method, amount_cents from public.payments where booking_id = $1 order by created_at`,
    [stay.id],
  );
  // the city tax of 1 night stayed: 2 nights' tax were collected too many, the card settles the stay
  expect(lines.map((l) => [l.kind, l.method])).toEqual([
    ['city_tax', 'cash'],
    ['balance', 'card'],
  ]);
});
