// The set-based city tax and owed (issue 44 part 2, 20261205000000) against the per-stay
// computation they replaced: private.city_tax_nights called once per stay, and
// private.folio_totals_of once per checked-out stay. 240 stays of the file's own in 2093, one after
// another in 8 rooms of their own (removed afterwards): 1 to 14 nights (beyond the cap), 1 to 4
// booked guests and 0 to 5 checked in (more than booked), children turning 10 or 12 during the
// stay, residents of Rome, several exemptions per stay in their order, every status (cancelled and
// no-show stays are not counted), a rate change (new amount, cap and age) and two changes of the
// house's category mid-stay, stays crossing months and quarters; on the folio online deposits,
// balances, refunds, corrections, extras, city tax collected and corrected, booked extras, and
// nightly prices with a discount or a night without a price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInClient, sql, type Client } from '../support';

let staff: Client;

const setToday = (date: string) =>
  sql(`update private.clock_offset set offset_by = (($1::date + time '12:00') at time zone 'Europe/Rome') - now()`, [
    date,
  ]);
const resetClock = () => sql("update private.clock_offset set offset_by = interval '0'");

// The per-stay computation, as private.city_tax_register_nights was before 20261205000000.
const PER_STAY_NIGHTS = `
  select b.id as booking_id, n.night, n.rate_cents, n.persons, n.beyond_cap, n.under_age, n.resident,
    n.patient_companion, n.coach_driver_guide, n.police_armed_forces, n.disability_caregiver, n.house_staff,
    n.emergency_housing, n.volunteer, n.taxable, n.due_cents
  from public.bookings b
  cross join lateral private.city_tax_nights(b.check_in_date, b.check_out_date, b.guests,
    private.booking_birth_dates(b.id), private.booking_exempt_persons(b.id), private.booking_residents(b.id)) n
  where b.status in ('checked_in', 'checked_out')
    and b.check_in_date <= $2::date and b.check_out_date > $1::date
    and n.night between $1::date and $2::date`;

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  await sql(`do $$
  declare
    v_room uuid;
    v_day date;
    v_nights integer;
    v_booking uuid;
    v_checked_in integer;
    v_roll double precision;
    v_status public.booking_status;
  begin
    perform setseed(0.2093);
    -- a new rate from 1 May (cap 7 nights, under 12 exempt), the house's category 1st from 15 March to 9 September
    update public.city_tax_rates set valid_to = date '2093-04-30' where category = 'affittacamere_2' and valid_to is null;
    insert into public.city_tax_rates (category, valid_from, amount_cents, max_nights, exempt_under_age, note)
    values ('affittacamere_2', date '2093-05-01', 650, 7, 12, 'set-based test');
    insert into public.city_tax_house_categories (valid_from, category)
    values (date '2093-03-15', 'affittacamere_1'), (date '2093-09-10', 'affittacamere_2');
    for r in 1 .. 8 loop
      insert into public.rooms (name, room_number, room_type, status)
      values ('Set-based room ' || r, 'SET-' || r, 'twin', 'maintenance') returning id into v_room;
      v_day := date '2092-12-20' + r * 3;
      for s in 1 .. 30 loop
        v_nights := 1 + floor(random() * 14)::integer;
        v_roll := random();
        v_status := case when v_roll < 0.6 then 'checked_out' when v_roll < 0.72 then 'checked_in'
          when v_roll < 0.82 then 'cancelled' when v_roll < 0.9 then 'no_show' else 'confirmed' end;
        insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
          total_amount, extras_cents, nightly_rates)
        values (v_room, 'Set-based ' || r || '-' || s, 'guest@set-based.test.example.com', v_day, v_day + v_nights,
          1 + floor(random() * 4)::integer, v_status, 80 * v_nights + floor(random() * 40),
          case when random() < 0.2 then 2000 else 0 end,
          case when random() < 0.3 then (select jsonb_agg(jsonb_build_object('night', v_day + i,
              'price', case when random() < 0.08 then null else 75 + floor(random() * 10) end))
            from generate_series(0, v_nights - 1) i) end)
        returning id into v_booking;
        -- the guests checked in: some children (10th or 12th birthday near the stay), some residents of Rome
        v_checked_in := floor(random() * 6)::integer;
        insert into public.booking_guests (booking_id, position, birth_date, residence_state_code, residence_comune_code)
        select v_booking, g,
          case when random() < 0.3 then v_day - interval '10 years' + (floor(random() * 20) - 5) * interval '1 day'
            when random() < 0.2 then v_day - interval '12 years' + (floor(random() * 20) - 5) * interval '1 day'
            when random() < 0.8 then date '1960-01-01' + floor(random() * 15000)::integer end,
          '100000100', case when random() < 0.25 then '412058091' else '403015146' end
        from generate_series(1, v_checked_in) g;
        -- exemptions, recorded one after another
        for e in 1 .. floor(random() * 3)::integer loop
          insert into public.city_tax_exemptions (booking_id, reason, persons, declarant_name, created_at)
          values (v_booking, (enum_range(null::public.city_tax_exemption_reason))[1 + floor(random() * 7)::integer],
            1 + floor(random() * 2)::integer, 'Set-based declarant', now() + e * interval '1 minute');
        end loop;
        -- the folio: a deposit online, the balance, extras, the city tax collected; refunds and corrections
        if random() < 0.8 then
          insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at, provider_payment_intent_id)
          values (v_booking, 'charge', 2000 * v_nights, 'stripe', 'stripe', v_day - 20, 'pi_setbased_' || v_booking);
          if random() < 0.2 then
            insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at, provider_payment_intent_id)
            values (v_booking, 'refund', 500, 'stripe', 'stripe', v_day - 10, 'pi_setbased_' || v_booking);
          end if;
        end if;
        if random() < 0.8 then
          -- some settle the folio, some leave owing
          insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at)
          values (v_booking, 'balance', 6000 * v_nights + floor(random() * 8000)::integer, 'card', 'staff', v_day + time '15:00');
          if random() < 0.15 then
            insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at, correction)
            values (v_booking, 'balance', 1000, 'card', 'staff', v_day + time '16:00', true);
          end if;
        end if;
        if random() < 0.25 then
          insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at, description)
          values (v_booking, 'extra', 450, 'folio', 'staff', v_day + time '20:00', 'Set-based minibar');
        end if;
        if random() < 0.2 then
          insert into public.booking_extras (booking_id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents)
          values (v_booking, 'Set-based breakfast', (enum_range(null::public.service_pricing_unit))[1], 2, 1000, 2000);
        end if;
        if random() < 0.5 then
          -- late at night on the last day of a month: Rome's date is the next month's
          insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at)
          values (v_booking, 'city_tax', 600 * (1 + floor(random() * 4)::integer), 'cash', 'staff',
            (v_day + v_nights)::timestamp + time '22:30');
          if random() < 0.2 then
            insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at, correction)
            values (v_booking, 'city_tax', 300, 'cash', 'staff', (v_day + v_nights)::timestamp + time '23:00', true);
          end if;
        end if;
        v_day := v_day + v_nights + floor(random() * 3)::integer;
      end loop;
    end loop;
  end $$`);
}, 120_000);

afterAll(async () => {
  await resetClock();
  const rooms = `(select id from public.rooms where room_number like 'SET-%')`;
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id in (select id from public.bookings where room_id in ${rooms});
  end $$`);
  await sql(`delete from public.bookings where room_id in ${rooms}`);
  await sql(`delete from public.rooms where room_number like 'SET-%'`);
  await sql("delete from public.city_tax_rates where note = 'set-based test'");
  await sql(
    "update public.city_tax_rates set valid_to = null where valid_to = '2093-04-30' and category = 'affittacamere_2'",
  );
  await sql("delete from public.city_tax_house_categories where valid_from in ('2093-03-15', '2093-09-10')");
});

describe('the set-based city tax', () => {
  it('has the mixed cases it is meant to cover', async () => {
    const [row] = await sql<Record<string, number>>(
      `select sum(n.beyond_cap)::int as beyond_cap, sum(n.under_age)::int as under_age, sum(n.resident)::int as resident,
         sum(n.patient_companion + n.coach_driver_guide + n.police_armed_forces + n.disability_caregiver + n.house_staff
           + n.emergency_housing + n.volunteer)::int as exempt, count(distinct n.rate_cents)::int as rates
       from (${PER_STAY_NIGHTS}) n`,
      ['2093-01-01', '2093-12-31'],
    );
    expect(row.beyond_cap).toBeGreaterThan(0);
    expect(row.under_age).toBeGreaterThan(0);
    expect(row.resident).toBeGreaterThan(0);
    expect(row.exempt).toBeGreaterThan(0);
    expect(row.rates).toBeGreaterThanOrEqual(3);
  });

  it('gives each stay the nights private.city_tax_nights gives it, for any window', async () => {
    for (const [from, to] of [
      ['2093-01-01', '2093-12-31'],
      ['2093-03-20', '2093-04-10'],
      ['2093-05-01', '2093-05-01'],
      ['2092-12-25', '2093-01-05'],
    ]) {
      const [diff] = await sql<{ missing: number; extra: number; nights: number }>(
        `with per_stay as (${PER_STAY_NIGHTS}), set_based as (select * from private.city_tax_register_nights($1, $2))
         select (select count(*) from (table per_stay except all table set_based) a)::int as missing,
           (select count(*) from (table set_based except all table per_stay) b)::int as extra,
           (select count(*) from per_stay)::int as nights`,
        [from, to],
      );
      expect({ from, ...diff, nights: diff.nights > 0 }).toEqual({ from, missing: 0, extra: 0, nights: true });
    }
  });

  it('sums the register per stay and the GECOS figures per month, quarter and year as the per-stay nights do', async () => {
    const register = await staff.rpc('city_tax_register', { p_from: '2093-02-10', p_to: '2093-11-20' });
    expect(register.error).toBeNull();
    const expected = await sql(
      `select b.id as booking_id, b.reference, b.guest_name, b.check_in_date::text as check_in,
         b.check_out_date::text as check_out, b.status, b.guests as persons,
         sum(n.persons)::int as person_nights, sum(n.beyond_cap)::int as beyond_cap, sum(n.under_age)::int as under_age,
         sum(n.resident)::int as resident, sum(n.patient_companion)::int as patient_companion,
         sum(n.coach_driver_guide)::int as coach_driver_guide, sum(n.police_armed_forces)::int as police_armed_forces,
         sum(n.disability_caregiver)::int as disability_caregiver, sum(n.house_staff)::int as house_staff,
         sum(n.emergency_housing)::int as emergency_housing, sum(n.volunteer)::int as volunteer,
         sum(n.taxable)::int as taxable, sum(n.due_cents)::int as due_cents,
         (select coalesce(sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents), 0)::int
           from public.payments c where c.booking_id = b.id and c.kind = 'city_tax' and c.status = 'succeeded')
           as collected_cents
       from (${PER_STAY_NIGHTS}) n join public.bookings b on b.id = n.booking_id
       group by b.id order by b.check_in_date, b.reference`,
      ['2093-02-10', '2093-11-20'],
    );
    expect(register.data!.length).toBeGreaterThan(50);
    expect(register.data).toEqual(expected);

    for (const [period, from, to] of [
      ['month', '2092-12-15', '2094-01-10'],
      ['quarter', '2093-02-17', '2093-12-31'],
      ['year', '2092-06-30', '2094-01-01'],
    ]) {
      const periods = await staff.rpc('city_tax_periods', { p_from: from, p_to: to, p_period: period });
      expect(periods.error).toBeNull();
      const step = period === 'quarter' ? '3 months' : `1 ${period}`;
      const reference = await sql(
        `with periods as (
           select g::date as s, (g + $4::interval - interval '1 day')::date as e
           from generate_series(date_trunc($3, $1::date)::timestamp, date_trunc($3, $2::date)::timestamp, $4::interval) g
         ),
         nights as materialized (
           select * from (${PER_STAY_NIGHTS.replaceAll('$1::date', '$5::date').replaceAll('$2::date', '$6::date')}) n
         )
         select p.s::text as period_start, p.e::text as period_end,
           (select count(*)::int from public.bookings b where b.status in ('checked_in', 'checked_out')
             and b.check_in_date between p.s and p.e) as arrivals,
           (select coalesce(sum(b.guests), 0)::int from public.bookings b where b.status in ('checked_in', 'checked_out')
             and b.check_in_date between p.s and p.e) as arriving_guests,
           coalesce(sum(n.persons), 0)::int as person_nights, coalesce(sum(n.beyond_cap), 0)::int as beyond_cap,
           coalesce(sum(n.under_age), 0)::int as under_age, coalesce(sum(n.resident), 0)::int as resident,
           coalesce(sum(n.patient_companion), 0)::int as patient_companion,
           coalesce(sum(n.coach_driver_guide), 0)::int as coach_driver_guide,
           coalesce(sum(n.police_armed_forces), 0)::int as police_armed_forces,
           coalesce(sum(n.disability_caregiver), 0)::int as disability_caregiver,
           coalesce(sum(n.house_staff), 0)::int as house_staff, coalesce(sum(n.emergency_housing), 0)::int as emergency_housing,
           coalesce(sum(n.volunteer), 0)::int as volunteer, coalesce(sum(n.taxable), 0)::int as taxable,
           coalesce(sum(n.due_cents), 0)::int as due_cents,
           (select coalesce(sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents), 0)::int
             from public.payments c where c.kind = 'city_tax' and c.status = 'succeeded'
               and (c.created_at at time zone 'Europe/Rome')::date between p.s and p.e) as collected_cents
         from periods p left join nights n on n.night between p.s and p.e
         group by p.s, p.e order by p.s`,
        [
          from,
          to,
          period,
          step,
          (await sql<{ d: string }>(`select date_trunc($1, $2::date)::date::text as d`, [period, from]))[0].d,
          (
            await sql<{ d: string }>(
              `select (date_trunc($1, $2::date) + $3::interval - interval '1 day')::date::text as d`,
              [period, to, step],
            )
          )[0].d,
        ],
      );
      expect(periods.data).toEqual(reference);
    }
  });

  it("gives the year's quarters as city_tax_periods does", async () => {
    const annual = await staff.rpc('city_tax_annual', { p_year: 2093 });
    const quarters = await staff.rpc('city_tax_periods', {
      p_from: '2093-01-01',
      p_to: '2093-12-31',
      p_period: 'quarter',
    });
    expect(annual.error).toBeNull();
    expect(
      annual.data!.map(({ period_start, person_nights, exempt_nights, taxable, due_cents, collected_cents }) => ({
        period_start,
        person_nights,
        exempt_nights,
        taxable,
        due_cents,
        collected_cents,
      })),
    ).toEqual(
      quarters.data!.map((q) => ({
        period_start: q.period_start,
        person_nights: q.person_nights,
        exempt_nights: q.person_nights - q.taxable,
        taxable: q.taxable,
        due_cents: q.due_cents,
        collected_cents: q.collected_cents,
      })),
    );
  });
});

describe("the dashboard's owed", () => {
  it('is the open balance of each checked-out stay of the last year, as private.folio_totals_of has it', async () => {
    // a year after 1 February 2093: the stays that left before then are not counted
    await setToday('2094-02-01');
    try {
      const money = await staff.rpc('money_received');
      expect(money.error).toBeNull();
      const [expected] = await sql<{ owed_cents: number; owed_stays: number; open: number; settled: number }>(
        `select coalesce(sum(t.balance_cents) filter (where t.balance_cents > 0), 0)::int as owed_cents,
           (count(*) filter (where t.balance_cents > 0))::int as owed_stays,
           (count(*) filter (where t.balance_cents > 0 and b.room_id in (select id from public.rooms where room_number like 'SET-%')))::int as open,
           (count(*) filter (where t.balance_cents <= 0 and b.room_id in (select id from public.rooms where room_number like 'SET-%')))::int as settled
         from public.bookings b cross join lateral private.folio_totals_of(b) t
         where b.status = 'checked_out' and b.check_out_date >= private.rome_today() - 365`,
      );
      expect(expected.open).toBeGreaterThan(10);
      expect(expected.settled).toBeGreaterThan(10);
      expect({ owed_cents: money.data!.owed_cents, owed_stays: money.data!.owed_stays }).toEqual({
        owed_cents: expected.owed_cents,
        owed_stays: expected.owed_stays,
      });
    } finally {
      await resetClock();
    }
  });
});
