// The money of a stay (issue 31), computed once in SQL (quote_stay and request_booking through
// private.stay_money): over 2,000 random
// stays (season and weekend nights, promo codes, extras of each pricing unit, both rates, each kind
// of deposit) the deposit plus the balance is the total to the cent, the amount a payment asks for
// is the amount quoted, and the refund on each day before arrival follows the policy. Then the
// ledger's rules: append-only, and who may read the policy, the extras and the payments.
// Works on a room and services of its own from current_date + 200 on; guests @money.test.example.com.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, dbDate, platform, signedInClient, sql } from '../support';

const EMAIL_DOMAIN = 'money.test.example.com';
let roomId: string;
let start: string;
const serviceIds: Record<'per_stay' | 'per_night' | 'per_person', string> = {
  per_stay: '',
  per_night: '',
  per_person: '',
};

beforeAll(async () => {
  start = await dbDate(200);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Money room', $1, 'classic', 'available', 97.35, 4) returning id::text`,
    [`MO-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  await sql(
    `insert into public.room_rate_seasons (room_id, name, starts_on, ends_on, price_per_night, weekend_price)
     values ($1, 'Money high', $2::date + 10, $2::date + 30, 133.33, 161.17)`,
    [roomId, start],
  );
  for (const [unit, price] of [
    ['per_stay', 35.5],
    ['per_night', 12.25],
    ['per_person', 18.99],
  ] as const) {
    const [row] = await sql<{ id: string }>(
      `insert into public.services (name, price, category, pricing_unit) values ($1, $2, 'general', $3) returning id::text`,
      [`Money ${unit}`, price, unit],
    );
    serviceIds[unit] = row.id;
  }
  await sql(
    `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, is_active)
     values ($1, 'ODD33', 33, true), ($1, 'SEVEN7', 7, true)`,
    [roomId],
  );
});

afterAll(async () => {
  // the ledger is append-only: only the owner, with triggers off for one transaction, clears test rows
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = '${roomId}';
    delete from public.bookings where room_id = '${roomId}';
  end $$`);
  await sql('delete from public.services where id = any($1::uuid[])', [Object.values(serviceIds)]);
  await sql('delete from public.rooms where id = $1', [roomId]);
});

describe('private.stay_money', () => {
  it('over 2,000 random stays: deposit + balance = total, the payment asks what was quoted, refunds follow the policy', async () => {
    const db = new pg.Client({ connectionString: platform().dbUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('create temp table money_checks (kind text, detail text) on commit drop');
      await db.query(
        `do $$
         declare
           v_codes text[] := array[null, 'SAVE15', 'WINTER20', 'WELCOME10', 'ODD33', 'SEVEN7'];
           v_code text; v_result jsonb;
           v_services uuid[] := array['${serviceIds.per_stay}', '${serviceIds.per_night}', '${serviceIds.per_person}']::uuid[];
           v_in date; v_out date; v_guests integer; v_pct integer; v_rate text; v_extras jsonb; v_money jsonb;
           v_booking public.bookings; v_start jsonb; v_expected integer; v_line integer; v_nights integer;
           v_free date; v_day date; v_sum integer; v_extra jsonb;
           v_schedule integer[]; v_policy_days integer; v_refund integer; v_quoted integer;
         begin
           -- request_booking asks who is asking (the proxy's header); each stay is removed again
           perform set_config('request.headers', '{"x-forwarded-for": "198.51.100.31"}', true);
           perform setseed(0.31);
           for i in 1..2000 loop
             -- a policy of its own for each stay: percent (0 to 100) or the first night, 0 to 30 free days
             update public.payment_policy set
               deposit_kind = case when random() < 0.25 then 'first_night' else 'percent' end::public.deposit_kind,
               deposit_percent = (array[0, 10, 25, 30, 33, 50, 100])[1 + floor(random() * 7)::int],
               free_cancellation_days = floor(random() * 31)::int,
               nonrefundable_discount_percent = 1 + floor(random() * 50)::int
             where singleton;
             v_in := '${start}'::date + floor(random() * 40)::int;
             v_out := v_in + 1 + floor(random() * 12)::int;
             v_nights := v_out - v_in;
             v_guests := 1 + floor(random() * 4)::int;
             v_code := v_codes[1 + floor(random() * 6)::int];
             v_rate := case when random() < 0.3 then 'non_refundable' else 'flexible' end;
             v_extras := '[]';
             for j in 1..3 loop
               if random() < 0.4 then
                 v_extras := v_extras || jsonb_build_object('service_id', v_services[j],
                   'quantity', case when j = 3 then 1 + floor(random() * v_guests)::int else 1 + floor(random() * 5)::int end);
               end if;
             end loop;
             v_money := to_jsonb(public.quote_stay('${roomId}', v_in, v_out, v_guests, v_code, v_extras, v_rate));
             v_pct := coalesce((v_money ->> 'discount_percentage')::int, 0);

             -- deposit + balance = total, none negative, total = nights (less the rate's discount) + extras
             if (v_money ->> 'deposit_cents')::int + (v_money ->> 'balance_cents')::int <> (v_money ->> 'total_cents')::int
                or (v_money ->> 'deposit_cents')::int < 0 or (v_money ->> 'balance_cents')::int < 0
                or (v_money ->> 'total_cents')::int <> (v_money ->> 'nights_cents')::int
                  - (v_money ->> 'nonrefundable_discount_cents')::int + (v_money ->> 'extras_cents')::int
                or (v_money ->> 'nights_cents')::int <> round((v_money ->> 'total')::numeric * 100) then
               insert into money_checks values ('sum differs', v_money::text);
               continue;
             end if;
             -- extras priced per unit: per stay * quantity, per night * quantity * nights, per person * persons
             v_sum := 0;
             for v_extra in select e from jsonb_array_elements(v_money -> 'extras') e loop
               v_line := (v_extra ->> 'unit_price_cents')::int * (v_extra ->> 'quantity')::int
                 * case when v_extra ->> 'pricing_unit' = 'per_night' then v_nights else 1 end;
               if v_line <> (v_extra ->> 'line_total_cents')::int then
                 insert into money_checks values ('extra mispriced', v_extra::text);
               end if;
               v_sum := v_sum + v_line;
             end loop;
             if v_sum <> (v_money ->> 'extras_cents')::int or jsonb_array_length(v_money -> 'extras') <> jsonb_array_length(v_extras) then
               insert into money_checks values ('extras differ', v_money::text);
             end if;
             -- the deposit the policy asks for
             v_expected := case
               when v_rate = 'non_refundable' then (v_money ->> 'total_cents')::int
               when (private.payment_policy()).deposit_kind = 'first_night' then least((v_money ->> 'total_cents')::int,
                 round(((v_money -> 'nightly' -> 0 ->> 'price')::numeric
                   - round((v_money -> 'nightly' -> 0 ->> 'price')::numeric * v_pct / 100.0, 2)) * 100)::int)
               else round((v_money ->> 'total_cents')::int * (private.payment_policy()).deposit_percent / 100.0)::int
             end;
             if (v_money ->> 'deposit_cents')::int <> v_expected then
               insert into money_checks values ('deposit differs', v_expected || ' ' || v_money::text);
             end if;

             -- requested, the booking stores what was quoted, and a payment asks exactly the quoted deposit
             v_result := to_jsonb(public.request_booking('${roomId}', v_in, v_out, v_guests, 'Money Guest', 'guest@${EMAIL_DOMAIN}',
               null, null, v_code, 'en', v_extras, v_rate));
             select * into v_booking from public.bookings where id = (v_result ->> 'booking_id')::uuid;
             if v_booking.total_cents <> (v_money ->> 'total_cents')::int
                or v_booking.deposit_cents <> (v_money ->> 'deposit_cents')::int
                or v_booking.balance_cents <> (v_money ->> 'balance_cents')::int
                or v_booking.free_cancellation_until is distinct from (v_money ->> 'free_cancellation_until')::date
                or v_booking.rate_plan <> v_rate
                or v_booking.total_amount * 100 <> (v_money ->> 'total_cents')::int
                or (v_result ->> 'deposit_cents')::int <> (v_money ->> 'deposit_cents')::int
                or (select coalesce(sum(line_total_cents), 0) from public.booking_extras where booking_id = v_booking.id)
                   <> v_booking.extras_cents
                or (select count(*) from public.booking_extras where booking_id = v_booking.id)
                   <> jsonb_array_length(v_money -> 'extras') then
               insert into money_checks values ('stored differs', v_money::text || ' stored ' || to_jsonb(v_booking)::text);
             end if;
             if v_booking.deposit_cents > 0 then
               v_start := public.payment_checkout_start(v_booking.reference, v_result ->> 'access_token',
                 '198.51.100.' || (i % 250));
               if (v_start ->> 'amount_cents')::int <> (v_money ->> 'deposit_cents')::int then
                 insert into money_checks values ('charge differs', v_start::text || ' ' || v_money::text);
               end if;
             end if;
             delete from private.rate_limit_hits;
             delete from private.booking_request_origins;

             -- the refund on each day from today to arrival: all that was paid until the last free day
             -- (flexible rate only), nothing after it
             v_free := (v_money ->> 'free_cancellation_until')::date;
             if (v_rate = 'non_refundable') <> (v_free is null)
                or (v_free is not null and v_free <> v_in - (private.payment_policy()).free_cancellation_days - 1) then
               insert into money_checks values ('free day differs', v_money::text);
             end if;
             -- the schedule the quote shows, read once: [from, until, refund] periods
             v_schedule := array(select array[(p ->> 'from')::date - date '2000-01-01', (p ->> 'until')::date - date '2000-01-01',
                 (p ->> 'refund_cents')::int] from jsonb_array_elements(v_money -> 'refund_schedule') p);
             v_policy_days := (private.payment_policy()).free_cancellation_days;
             -- the house's today (Rome), as the schedule counts it: UTC's date is a day behind after 23:00
             v_day := (private.clock_now() at time zone 'Europe/Rome')::date;
             while v_day <= v_in loop
               v_refund := private.refund_due(v_booking.deposit_cents, v_booking.free_cancellation_until, v_day);
               v_quoted := null;
               for k in 1..coalesce(array_length(v_schedule, 1), 0) loop
                 if v_quoted is null and v_day - date '2000-01-01' between v_schedule[k][1] and v_schedule[k][2] then
                   v_quoted := v_schedule[k][3];
                 end if;
               end loop;
               if v_refund <> (case when v_rate = 'flexible' and v_day <= v_in - v_policy_days - 1 then v_booking.deposit_cents else 0 end)
                  or (v_booking.deposit_cents > 0 and v_quoted is distinct from v_refund) then
                 insert into money_checks values ('refund differs', v_day || ' ' || v_money::text);
               end if;
               v_day := v_day + 1;
             end loop;
             delete from public.bookings where id = v_booking.id;
             insert into money_checks values ('checked', null);
           end loop;
         end
         $$`,
      );
      const { rows } = await db.query<{ kind: string; n: number; example: string | null }>(
        'select kind, count(*)::int as n, min(detail) as example from money_checks group by kind order by kind',
      );
      expect(rows.filter((r) => r.kind !== 'checked')).toEqual([]);
      expect(rows.find((r) => r.kind === 'checked')?.n).toBe(2000);
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }
  }, 600_000);

  it('refuses an unavailable extra, a quantity out of range, more persons than guests, the same extra twice', async () => {
    const money = (extras: unknown, guests = 2) =>
      sql(`select public.quote_stay($1, $2::date + 1, $2::date + 3, $3, null, $4::jsonb, 'flexible')`, [
        roomId,
        start,
        guests,
        JSON.stringify(extras),
      ]);
    await expect(money([{ service_id: crypto.randomUUID(), quantity: 1 }])).rejects.toThrow(/not available/);
    await expect(money([{ service_id: serviceIds.per_stay, quantity: 0 }])).rejects.toThrow(/valid quantity/);
    await expect(money([{ service_id: serviceIds.per_stay, quantity: 21 }])).rejects.toThrow(/valid quantity/);
    await expect(money([{ service_id: serviceIds.per_person, quantity: 3 }])).rejects.toThrow(/valid quantity/);
    await expect(
      money([
        { service_id: serviceIds.per_stay, quantity: 1 },
        { service_id: serviceIds.per_stay, quantity: 2 },
      ]),
    ).rejects.toThrow(/once/);
    await sql('update public.services set available = false where id = $1', [serviceIds.per_night]);
    await expect(money([{ service_id: serviceIds.per_night, quantity: 1 }])).rejects.toThrow(/not available/);
    await sql('update public.services set available = true where id = $1', [serviceIds.per_night]);
  });
});

describe('the ledger and the policy', () => {
  it('the ledger is append-only, even for the database owner', async () => {
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
       values ($1, 'Ledger Guest', 'ledger@${EMAIL_DOMAIN}', $2::date + 50, $2::date + 52, 2, 'confirmed') returning id::text`,
      [roomId, start],
    );
    const [row] = await sql<{ id: string }>(
      `insert into public.payments (booking_id, kind, amount_cents, method, actor) values ($1, 'balance', 5000, 'cash', 'staff')
       returning id::text`,
      [booking.id],
    );
    await expect(sql('update public.payments set amount_cents = 1 where id = $1', [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(sql('delete from public.payments where id = $1', [row.id])).rejects.toThrow(/append-only/);
    // a booking with payments is a business record: it cannot be deleted
    await expect(sql('delete from public.bookings where id = $1', [booking.id])).rejects.toThrow();
  });

  it('staff read the policy and cannot change it; admins change it; visitors see none of it', async () => {
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const { data: read } = await staff.from('payment_policy').select('deposit_percent');
    expect(read).toHaveLength(1);
    const { data: staffChanged } = await staff
      .from('payment_policy')
      .update({ deposit_percent: 99 })
      .eq('singleton', true)
      .select();
    expect(staffChanged ?? []).toEqual([]);
    const { data: anonRead } = await anonClient().from('payment_policy').select('*');
    expect(anonRead ?? []).toEqual([]);
    const before = await sql<{ deposit_percent: number }>('select deposit_percent from public.payment_policy');
    const { data: changed, error } = await admin
      .from('payment_policy')
      .update({ deposit_percent: 40 })
      .eq('singleton', true)
      .select('deposit_percent');
    expect(error).toBeNull();
    expect(changed).toEqual([{ deposit_percent: 40 }]);
    await sql('update public.payment_policy set deposit_percent = $1', [before[0].deposit_percent]);
  });

  it('only staff record a balance, only admins refund, visitors call neither nor the service-role functions', async () => {
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
       values ($1, 'Desk Guest', 'desk@${EMAIL_DOMAIN}', $2::date + 60, $2::date + 62, 2, 'confirmed') returning id::text`,
      [roomId, start],
    );
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const anon = anonClient();
    const args = { p_booking_id: booking.id, p_kind: 'balance' as const, p_method: 'cash', p_amount_cents: 12000 };
    expect((await anon.rpc('record_property_payment', args)).error).not.toBeNull();
    expect((await staff.rpc('record_property_payment', args)).error).toBeNull();
    expect((await staff.rpc('record_property_payment', { ...args, p_method: 'bitcoin' })).error?.message).toMatch(
      /cash or by card/,
    );
    const refund = { p_booking_id: booking.id, p_amount_cents: 100, p_reason: 'test' };
    expect((await staff.rpc('request_refund', refund)).error?.message).toMatch(/Only admins/);
    for (const fn of [
      'apply_stripe_event',
      'payment_checkout_start',
      'payment_session_state',
      'claim_refund_requests',
    ]) {
      const { error } = await anon.rpc(fn as 'claim_refund_requests', {});
      expect(error, fn).not.toBeNull();
    }
    const { data: rows } = await staff
      .from('payments')
      .select('kind, amount_cents, method')
      .eq('booking_id', booking.id);
    expect(rows).toEqual([{ kind: 'balance', amount_cents: 12000, method: 'cash' }]);
    expect((await anon.from('payments').select('id').eq('booking_id', booking.id)).data ?? []).toEqual([]);
  });
});
