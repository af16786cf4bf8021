// The folio at the desk (issue 39 §2): who may read and write it, extras added during the stay and
// payments against the balance with their method, refusals with their codes (never a 500), the
// city tax in one home (booking card and register read the same lines), check-out that asks
// first, and an early departure. Set-up: folio-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, newUserClient, sql } from '../support';
import { setUpFolio, stay, paidOnline, folioOf, cityTaxRate, staff, admin } from './folio-fixtures';

setUpFolio(10);

const today = async () => (await sql<{ d: string }>(`select private.rome_today()::text as d`))[0].d;

describe('who reads and writes the folio', () => {
  it('staff read a folio; anon and a user with no role read and write nothing; nobody writes the lines by hand', async () => {
    const booking = await stay({ from: -1, nights: 2, status: 'checked_in' });
    const { data, error } = await staff.rpc('booking_folio', { p_booking_id: booking.id });
    expect(error).toBeNull();
    expect(data!.totals!.charged_cents).toBeGreaterThanOrEqual(booking.total);

    const { client: nobody } = await newUserClient('folio');
    for (const client of [anonClient(), nobody]) {
      expect((await client.rpc('booking_folio', { p_booking_id: booking.id })).error?.code).toBe('42501');
      const paid = await client.rpc('record_property_payment', {
        p_booking_id: booking.id,
        p_kind: 'balance',
        p_method: 'cash',
        p_amount_cents: 100,
      });
      expect(paid.error).not.toBeNull();
      const extra = await client.rpc('add_folio_extra', {
        p_booking_id: booking.id,
        p_service_id: null as never,
        p_description: 'Transfer',
        p_quantity: 1,
        p_unit_price_cents: 100,
      });
      expect(extra.error).not.toBeNull();
      expect((await client.from('city_tax_collections').select('id')).data ?? []).toEqual([]);
      const insert = await client.from('city_tax_collections').insert({
        booking_id: booking.id,
        amount_cents: 600,
        method: 'cash',
      } as never);
      expect(insert.error).not.toBeNull();
    }
    // staff too write the ledger only through the functions
    const direct = await staff.from('payments').insert({
      booking_id: booking.id,
      kind: 'balance',
      amount_cents: 100,
      method: 'cash',
      actor: 'staff',
    });
    expect(direct.error?.code).toBe('42501');
    expect((await folioOf(booking.id)).totals.paid_cents).toBe(0);
  });

  it("the bookings list's folios of a page: each as booking_folio gives it, unknown ids left out; staff only", async () => {
    const first = await stay({ from: -1, nights: 2, status: 'checked_in' });
    const second = await stay({ from: 3, nights: 1, status: 'confirmed' });
    const missing = '00000000-0000-4000-8000-00000000dead';
    const { data, error } = await staff.rpc('booking_folios', { p_booking_ids: [first.id, second.id, missing] });
    expect(error).toBeNull();
    const byId = new Map(data!.map((folio) => [folio.booking_id, folio]));
    expect([...byId.keys()].sort()).toEqual([first.id, second.id].sort());
    for (const booking of [first, second]) {
      expect(byId.get(booking.id)).toEqual((await staff.rpc('booking_folio', { p_booking_id: booking.id })).data);
    }

    const { client: nobody } = await newUserClient('folios');
    for (const client of [anonClient(), nobody]) {
      expect((await client.rpc('booking_folios', { p_booking_ids: [first.id] })).error?.code).toBe('42501');
    }
  });

  it('an unknown stay answers booking_not_found (400), never a 500', async () => {
    const missing = '00000000-0000-4000-8000-00000000dead';
    for (const call of [
      staff.rpc('booking_folio', { p_booking_id: missing }),
      staff.rpc('booking_city_tax', { p_booking_id: missing }),
      staff.rpc('record_property_payment', {
        p_booking_id: missing,
        p_kind: 'balance',
        p_method: 'cash',
        p_amount_cents: 100,
      }),
    ]) {
      const { error, status } = await call;
      expect(status).toBe(400);
      expect(error?.hint).toBe('booking_not_found');
    }
  });
});

describe('at the desk', () => {
  it('adds an extra during the stay, takes payments with their method, corrects a line by a new one', async () => {
    const booking = await stay({ from: -2, nights: 3, status: 'checked_in', guests: 1, deposit: 9000 });
    await paidOnline(booking.id, 9000);
    const extra = await staff.rpc('add_folio_extra', {
      p_booking_id: booking.id,
      p_service_id: null as never,
      p_description: 'Airport transfer',
      p_quantity: 2,
      p_unit_price_cents: 3500,
    });
    expect(extra.error).toBeNull();
    const before = (await folioOf(booking.id)).totals;
    expect(before.extras_cents).toBe(7000);
    expect(before.stay_balance_cents).toBe(booking.total - 9000 + 7000);

    for (const method of ['card', 'bank_transfer', 'stripe'] as const) {
      const { error } = await staff.rpc('record_property_payment', {
        p_booking_id: booking.id,
        p_kind: 'balance',
        p_method: method,
        p_amount_cents: 1000,
      });
      expect(error).toBeNull();
    }
    const lines = (await folioOf(booking.id)).lines.filter((l) => l.kind === 'balance');
    expect(lines.map((l) => [l.side, l.amount_cents])).toEqual([
      ['payment', -1000],
      ['payment', -1000],
      ['payment', -1000],
    ]);

    const reversed = await staff.rpc('reverse_folio_line', {
      p_line_id: extra.data!,
      p_reason: 'Cancelled by the guest',
    });
    expect(reversed.error).toBeNull();
    const again = await staff.rpc('reverse_folio_line', { p_line_id: extra.data!, p_reason: 'Twice' });
    expect(again.error?.hint).toBe('line_already_corrected');
    const after = await folioOf(booking.id);
    expect(after.totals.extras_cents).toBe(0);
    expect(after.totals.balance_cents).toBe(after.lines.reduce((a, l) => a + l.amount_cents, 0));
    // the ledger keeps both lines
    const [count] = await sql<{ n: number }>(
      `select count(*)::int as n from public.payments where booking_id = $1 and kind = 'extra'`,
      [booking.id],
    );
    expect(count.n).toBe(2);
  });

  it('an amount out of range gets its refusal code, not "integer out of range"', async () => {
    const booking = await stay({ from: -1, nights: 2, status: 'checked_in' });
    const huge = await staff.rpc('add_folio_extra', {
      p_booking_id: booking.id,
      p_service_id: null as never,
      p_description: 'Suite upgrade',
      p_quantity: 30,
      p_unit_price_cents: 100_000_000,
    });
    expect(huge.status).toBe(400);
    expect(huge.error?.hint).toBe('amount_out_of_range');
    const many = await staff.rpc('add_folio_extra', {
      p_booking_id: booking.id,
      p_service_id: null as never,
      p_description: 'Suite upgrade',
      p_quantity: 100,
      p_unit_price_cents: 1_000_000,
    });
    expect(many.error?.hint).toBe('amount_out_of_range');
    for (const cents of [0, -5, 2_000_000_000]) {
      const paid = await staff.rpc('record_property_payment', {
        p_booking_id: booking.id,
        p_kind: 'balance',
        p_method: 'cash',
        p_amount_cents: cents,
      });
      expect(paid.error?.hint).toBe('amount_out_of_range');
    }
    const method = await staff.rpc('record_property_payment', {
      p_booking_id: booking.id,
      p_kind: 'balance',
      p_method: 'cheque',
      p_amount_cents: 100,
    });
    expect(method.error?.hint).toBe('payment_method_invalid');
  });

  it('the city tax has one home: the booking card records it, the register and the stay read it once', async () => {
    const rate = await cityTaxRate();
    const booking = await stay({ from: -2, nights: 2, status: 'checked_in', guests: 2 });
    const due = 2 * 2 * rate.cents;
    const { error } = await staff.rpc('record_property_payment', {
      p_booking_id: booking.id,
      p_kind: 'city_tax',
      p_method: 'cash',
      p_amount_cents: due,
    });
    expect(error).toBeNull();
    const tax = await staff.rpc('booking_city_tax', { p_booking_id: booking.id });
    expect(tax.data).toMatchObject({ due_cents: due, collected_cents: due, open_cents: 0 });
    const from = (await sql<{ d: string }>(`select (current_date - 2)::text as d`))[0].d;
    const register = await staff.rpc('city_tax_register', { p_from: from, p_to: await today() });
    expect(register.data!.find((r) => r.booking_id === booking.id)).toMatchObject({
      due_cents: due,
      collected_cents: due,
    });
    // the register's own way of recording (the view) writes the same lines
    const correction = await staff
      .from('city_tax_collections')
      .insert({ booking_id: booking.id, amount_cents: -rate.cents, method: 'cash' } as never)
      .select('id, amount_cents')
      .single();
    expect(correction.error).toBeNull();
    expect(correction.data).toMatchObject({ amount_cents: -rate.cents });
    const folio = (await folioOf(booking.id)).totals;
    expect(folio).toMatchObject({ city_tax_collected_cents: due - rate.cents, city_tax_open_cents: rate.cents });
    const rows = await staff
      .from('city_tax_collections')
      .select('amount_cents')
      .eq('booking_id', booking.id)
      .order('collected_at');
    expect(rows.data!.map((r) => r.amount_cents)).toEqual([due, -rate.cents]);
    // nobody changes or removes a line: a correction is a new one
    for (const client of [staff, admin]) {
      expect(
        (await client.from('city_tax_collections').update({ amount_cents: 1 }).eq('booking_id', booking.id)).error,
      ).not.toBeNull();
      expect((await client.from('city_tax_collections').delete().eq('booking_id', booking.id)).error).not.toBeNull();
    }
    expect((await folioOf(booking.id)).totals.city_tax_collected_cents).toBe(due - rate.cents);
  });
});

describe('check-out', () => {
  it('asks when money is open: settle now, or check out with it left owing (owed on the dashboard)', async () => {
    const rate = await cityTaxRate();
    const booking = await stay({ from: -2, nights: 2, status: 'checked_in', guests: 1, deposit: 6000 });
    await paidOnline(booking.id, 6000);
    const open = await staff.rpc('check_out_booking', { p_booking_id: booking.id });
    expect(open.error?.hint).toBe('balance_open');
    expect(JSON.parse(open.error!.details)).toMatchObject({
      stay_balance_cents: booking.total - 6000,
      city_tax_open_cents: 2 * rate.cents,
    });
    const before = (await staff.rpc('money_received')).data!;
    const owing = await staff.rpc('check_out_booking', { p_booking_id: booking.id, p_leave_owing: true });
    expect(owing.error).toBeNull();
    expect(owing.data).toMatchObject({
      status: 'checked_out',
      left_owing_cents: booking.total - 6000 + 2 * rate.cents,
    });
    const after = (await staff.rpc('money_received')).data!;
    expect(Number(after.owed_cents) - Number(before.owed_cents)).toBe(booking.total - 6000 + 2 * rate.cents);
    expect(after.owed_stays! - before.owed_stays!).toBe(1);

    const settled = await stay({ from: -3, nights: 3, status: 'checked_in', guests: 1, deposit: 0 });
    const paid = await staff.rpc('check_out_booking', { p_booking_id: settled.id, p_settle_method: 'card' });
    expect(paid.error).toBeNull();
    expect(paid.data).toMatchObject({ settled_cents: settled.total + 3 * rate.cents, left_owing_cents: 0 });
    // both lines are written in one transaction (the same time): compared in any order
    const lines = (await folioOf(settled.id)).lines.filter((l) => l.side === 'payment');
    expect(lines.map((l) => [l.kind, l.amount_cents])).toEqual(
      expect.arrayContaining([
        ['city_tax_paid', -3 * rate.cents],
        ['balance', -settled.total],
      ]),
    );
    expect(lines).toHaveLength(2);
  });

  it('an early departure asks which nights are charged, keeps the booked date and recomputes the city tax', async () => {
    const rate = await cityTaxRate();
    const booking = await stay({
      from: -2,
      nights: 5,
      status: 'checked_in',
      guests: 2,
      nightCents: [10000, 10000, 12000, 12000, 10000],
      discountCents: 5400,
      deposit: 0,
    });
    const ask = await staff.rpc('check_out_booking', { p_booking_id: booking.id, p_leave_owing: true });
    expect(ask.error?.hint).toBe('nights_choice_needed');
    const done = await staff.rpc('check_out_booking', {
      p_booking_id: booking.id,
      p_nights: 'stayed',
      p_leave_owing: true,
    });
    expect(done.error).toBeNull();
    const [row] = await sql<{ check_out: string; booked: string; total: number; nights: number; status: string }>(
      `select check_out_date::text as check_out, booked_check_out_date::text as booked, total_cents as total,
         jsonb_array_length(nightly_rates) as nights, status::text from public.bookings where id = $1`,
      [booking.id],
    );
    expect(row).toMatchObject({ check_out: await today(), nights: 2, status: 'checked_out' });
    expect(row.booked).toBe((await sql<{ d: string }>(`select (current_date + 3)::text as d`))[0].d);
    // two of five nights (20,000 of 54,000 cents), the 10 % discount kept in proportion
    expect(row.total).toBe(Math.round(((54000 - 5400) * 20000) / 54000));
    const folio = await folioOf(booking.id);
    expect(folio.lines.filter((l) => l.kind === 'night')).toHaveLength(2);
    expect(folio.totals.city_tax_due_cents).toBe(2 * 2 * rate.cents);
    const [audit] = await sql<{ n: number }>(
      `select count(*)::int as n from public.audit_logs where table_name = 'bookings' and record_id = $1
         and new_values -> 'check_out' ->> 'nights' = 'stayed' and user_id is not null`,
      [booking.id],
    );
    expect(audit.n).toBe(1);
  });

  it('refuses a stay not checked in, and admins see the policy figure before a refund', async () => {
    const booking = await stay({ from: 30, nights: 2, status: 'confirmed' });
    expect((await staff.rpc('check_out_booking', { p_booking_id: booking.id })).error?.hint).toBe('not_checked_in');
    await paidOnline(booking.id, 5000);
    const { data } = await admin.rpc('booking_folio', { p_booking_id: booking.id });
    expect(data).toMatchObject({ refundable_online_cents: 5000 });
    expect(data!.policy_refund_today_cents).toBeLessThanOrEqual(5000);
  });
});

describe('the demo stays', () => {
  it('show a stay paid in full, one with a balance, one with the city tax owed, an early departure and a refund', async () => {
    const folios = await sql<{ reference: string; t: Record<string, number>; nights: number; booked: string | null }>(
      `select b.reference, to_jsonb(private.folio_totals_of(b)) as t, b.booked_check_out_date::text as booked,
         (select count(*)::int from private.folio_lines(b) l where l.kind = 'night') as nights
       from public.bookings b where b.reference in ('CG-DEMO01', 'CG-DEMO05', 'CG-DEMO03', 'CG-DEMO15', 'CG-DEMO11', 'CG-DEMO04')`,
    );
    const of = (reference: string) => folios.find((f) => f.reference === reference)!;
    expect(of('CG-DEMO01').t).toMatchObject({ balance_cents: 0 });
    expect(of('CG-DEMO01').t.paid_cents).toBeGreaterThan(0);
    expect(of('CG-DEMO05').t.paid_online_cents).toBeGreaterThan(0);
    expect(of('CG-DEMO05').t.stay_balance_cents).toBeGreaterThan(0);
    expect(of('CG-DEMO03').t).toMatchObject({ stay_balance_cents: 0 });
    expect(of('CG-DEMO03').t.city_tax_open_cents).toBeGreaterThan(0);
    expect(of('CG-DEMO15')).toMatchObject({ nights: 3, booked: expect.any(String) });
    expect(of('CG-DEMO15').t).toMatchObject({ balance_cents: 0, city_tax_due_cents: 1800 });
    expect(of('CG-DEMO11').t.refunded_cents).toBeGreaterThan(0);
    expect(of('CG-DEMO11').t.balance_cents).toBe(0);
    expect(of('CG-DEMO04').t.stay_balance_cents).toBe(25500);
  });
});
