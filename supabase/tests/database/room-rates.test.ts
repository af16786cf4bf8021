// Seasonal rates and stay rules (issue 22): quote_stay's nightly prices across season boundaries
// and weekend nights, the stay rules request_booking refuses with quote_stay's sentences,
// overlapping seasons refused, promo discounts on seasonal totals rounded to cents, room_calendar
// leaking nothing, who may read and write seasons, the city tax quoted from the dated rates, the demo seasons of the seed,
// and the equality of the quoted and the stored total over thousands of random stays.
// Works on a room of its own from current_date + 120 on; guest e-mails @rates.test.example.com.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  anonClient,
  dbDate,
  deleteUsers,
  newUserClient,
  platform,
  signedInClient,
  sql,
  type Client,
} from '../support';

const EMAIL_DOMAIN = 'rates.test.example.com';
/** "Friday 11 December 2026", as the stay-rule sentences name a day. */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

let roomId: string;
/** The first Monday from current_date + 120 on: "Spring" covers its two weeks, "Summer" the next two. */
let monday: string;
let staff: Client;
const day = (offset: number, from = monday) => {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};
const longDay = (iso: string) => LONG_DATE.format(new Date(`${iso}T00:00:00Z`)).replace(',', '');

interface Quote {
  nights: number;
  nightly: { night: string; price: number; season: string | null }[];
  subtotal: number;
  discount_percentage: number;
  discount_amount: number;
  total: number;
  promo_code: string | null;
  city_tax: { per_person_per_night: number; nights_charged: number; guests: number; amount: number; payable: string };
  bookable: boolean;
  problems: { code: string; message: string; details: Record<string, unknown> | null }[];
}

async function quote(checkIn: string, checkOut: string, guests = 2, promo?: string, client: Client = anonClient()) {
  const { data, error } = await client.rpc('quote_stay', {
    p_room_id: roomId,
    p_check_in: checkIn,
    p_check_out: checkOut,
    p_guests: guests,
    p_promo_code: promo,
  });
  expect(error).toBeNull();
  return data as unknown as Quote;
}

function requestBooking(checkIn: string, checkOut: string, promo?: string) {
  return anonClient().rpc('request_booking', {
    p_room_id: roomId,
    p_check_in: checkIn,
    p_check_out: checkOut,
    p_guests: 2,
    p_guest_name: 'Rate Tester',
    p_guest_email: `rates@${EMAIL_DOMAIN}`,
    p_promo_code: promo,
  });
}

beforeAll(async () => {
  const start = await dbDate(120);
  const weekday = new Date(`${start}T00:00:00Z`).getUTCDay();
  monday = day((8 - weekday) % 7, start);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Rates room', $1, 'classic', 'available', 100, 2) returning id::text`,
    [`RT-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  await sql(
    `insert into public.room_rate_seasons
       (room_id, name, starts_on, ends_on, price_per_night, weekend_price, min_nights, weekend_min_nights,
        closed_arrival_days, closed_departure_days)
     values ($1, 'Spring', $2, $3, 120, 150, 2, 3, '{7}', '{1}'),
            ($1, 'Summer', $4, $5, 90.33, null, 1, null, '{}', '{}')`,
    [roomId, day(0), day(13), day(14), day(27)],
  );
  await sql(
    `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, is_active)
     values ($1, 'ODD33', 33, true), ($1, 'SEVEN7', 7, true)`,
    [roomId],
  );
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

beforeEach(async () => {
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = $1 or guest_email like $2', [roomId, `%@${EMAIL_DOMAIN}`]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql('truncate private.rate_limit_hits');
});

describe('quote_stay', () => {
  it('prices each night: the room price outside seasons, the season price, Friday and Saturday prices, across a season boundary', async () => {
    // Saturday and Sunday before Spring (the room's €100, no weekend price outside seasons), then two Spring weekdays
    const before = await quote(day(-2), day(2));
    expect(before.nightly.map((n) => [n.night, Number(n.price), n.season])).toEqual([
      [day(-2), 100, null],
      [day(-1), 100, null],
      [day(0), 120, 'Spring'],
      [day(1), 120, 'Spring'],
    ]);
    expect(before).toMatchObject({ nights: 4, subtotal: 440, total: 440, discount_amount: 0, bookable: true });

    // Thursday to Sunday in Spring: Friday and Saturday nights at the weekend price
    const weekend = await quote(day(3), day(6));
    expect(weekend.nightly.map((n) => Number(n.price))).toEqual([120, 150, 150]);
    expect(weekend.total).toBe(420);

    // Spring's last Saturday and Sunday, then Summer (cents)
    const across = await quote(day(12), day(16));
    expect(across.nightly.map((n) => [Number(n.price), n.season])).toEqual([
      [150, 'Spring'],
      [120, 'Spring'],
      [90.33, 'Summer'],
      [90.33, 'Summer'],
    ]);
    expect(across.total).toBe(450.66);
  });

  it('applies promo codes to the seasonal subtotal, rounded to cents, and shows the city tax apart', async () => {
    const cases: [string, number, number][] = [
      ['SAVE15', 67.6, 383.06], // 450.66 × 15 % = 67.599
      ['odd33', 148.72, 301.94], // 450.66 × 33 % = 148.7178
      ['SEVEN7', 31.55, 419.11], // 450.66 × 7 % = 31.5462
    ];
    for (const [code, discount, total] of cases) {
      const q = await quote(day(12), day(16), 2, code);
      expect(q, code).toMatchObject({
        subtotal: 450.66,
        discount_amount: discount,
        total,
        promo_code: code.toUpperCase(),
      });
    }
    // an unknown code gives no discount
    expect(await quote(day(12), day(16), 2, 'NOSUCHCODE')).toMatchObject({ discount_amount: 0, total: 450.66 });

    // city tax: €6 a person a night by default, at most 10 nights, never in the total
    const long = await quote(day(14), day(26), 2);
    expect(long.nights).toBe(12);
    expect(long.city_tax).toMatchObject({
      per_person_per_night: 6,
      nights_charged: 10,
      guests: 2,
      amount: 120,
      payable: 'at the property',
    });
    expect(long.total).toBe(Math.round(12 * 90.33 * 100) / 100);
  });

  it('names every reason a stay cannot be booked, and request_booking refuses with the same sentence, code and values', async () => {
    const friday = day(4);
    const minStay = `A stay arriving on ${longDay(friday)} must be at least 3 nights.`;
    const closedArrival = 'Check-in is not possible on Sundays for these dates. Please choose another arrival day.';
    const closedDeparture =
      'Check-out is not possible on Mondays for these dates. Please choose another departure day.';
    const stays: [string, string, { code: string; message: string; details: Record<string, unknown> }][] = [
      // Friday arrival: Spring's weekend minimum of 3
      [friday, day(6), { code: 'min_stay', message: minStay, details: { min_nights: 3, check_in: friday } }],
      [
        day(2),
        day(3),
        {
          code: 'min_stay',
          message: `A stay arriving on ${longDay(day(2))} must be at least 2 nights.`,
          details: { min_nights: 2, check_in: day(2) },
        },
      ], // weekday minimum 2
      [day(6), day(9), { code: 'closed_to_arrival', message: closedArrival, details: { check_in: day(6) } }], // Sunday
      [day(2), day(7), { code: 'closed_to_departure', message: closedDeparture, details: { check_out: day(7) } }], // Monday
    ];
    for (const [checkIn, checkOut, problem] of stays) {
      const q = await quote(checkIn, checkOut);
      expect(q.bookable, problem.message).toBe(false);
      expect(q.problems).toContainEqual(problem);
      const { data, error } = await requestBooking(checkIn, checkOut);
      expect(data).toBeNull();
      expect(error?.message).toBe(problem.message);
      // the code in the hint, the sentence's values as JSON in the details
      expect(error?.hint).toBe(problem.code);
      expect(JSON.parse(error?.details ?? 'null')).toEqual(problem.details);
    }
    // too many guests and a taken night
    expect((await quote(day(14), day(16), 3)).problems).toContainEqual({
      code: 'guests',
      message: 'This room accommodates at most 2 guests.',
      details: { max_guests: 2 },
    });
    const { error } = await requestBooking(day(20), day(22));
    expect(error).toBeNull();
    const taken = await quote(day(21), day(23));
    expect(taken.bookable).toBe(false);
    expect(taken.problems).toContainEqual({
      code: 'unavailable',
      message: 'This room is not available for the selected dates.',
      details: null,
    });
    // leaving on the morning of a taken night is allowed
    expect((await quote(day(18), day(20))).bookable).toBe(true);
    await sql('delete from public.bookings where room_id = $1', [roomId]);
  });

  it('stores the per-night breakdown and the quoted total with the booking', async () => {
    const q = await quote(day(12), day(16), 2, 'SAVE15');
    const { data, error } = await requestBooking(day(12), day(16), 'SAVE15');
    expect(error).toBeNull();
    const result = data as { booking_id: string; total_amount: number; price_per_night: number | null };
    expect(result.total_amount).toBe(q.total);
    expect(result.price_per_night).toBeNull(); // the nights differ
    const [row] = await sql<{ total_amount: string; discount_amount: string; nightly_rates: unknown }>(
      'select total_amount, discount_amount, nightly_rates from public.bookings where id = $1',
      [result.booking_id],
    );
    expect(Number(row.total_amount)).toBe(383.06);
    expect(Number(row.discount_amount)).toBe(67.6);
    expect(row.nightly_rates).toEqual(q.nightly);
    await sql('delete from public.bookings where id = $1', [result.booking_id]);
  });
});

describe('room_rate_seasons', () => {
  it('refuses overlapping seasons of one room, and bad values, with the constraint', async () => {
    const overlap = await staff
      .from('room_rate_seasons')
      .insert({ room_id: roomId, name: 'Clash', starts_on: day(10), ends_on: day(20), price_per_night: 99 });
    expect(overlap.error?.code).toBe('23P01');
    const backwards = await staff
      .from('room_rate_seasons')
      .insert({ room_id: roomId, name: 'Backwards', starts_on: day(40), ends_on: day(39), price_per_night: 99 });
    expect(backwards.error?.code).toBe('23514');
    const weekday = await staff.from('room_rate_seasons').insert({
      room_id: roomId,
      name: 'Day eight',
      starts_on: day(40),
      ends_on: day(45),
      price_per_night: 99,
      closed_arrival_days: [8],
    });
    expect(weekday.error?.code).toBe('23514');
  });

  it('lets staff add, edit and delete seasons (audited); visitors and users without a role only read', async () => {
    const season = { room_id: roomId, name: 'Autumn', starts_on: day(60), ends_on: day(70), price_per_night: 80 };
    const anon = anonClient();
    expect((await anon.from('room_rate_seasons').insert(season)).error?.code).toBe('42501');
    const { client: user, userId } = await newUserClient('rates');
    try {
      expect((await user.from('room_rate_seasons').insert(season)).error?.code).toBe('42501');
      const read = await user.from('room_rate_seasons').select('name').eq('room_id', roomId).order('starts_on');
      expect(read.data?.map((r) => r.name)).toEqual(['Spring', 'Summer']);
      const noUpdate = await user
        .from('room_rate_seasons')
        .update({ price_per_night: 1 })
        .eq('room_id', roomId)
        .select();
      expect(noUpdate.data ?? []).toEqual([]);
      const noDelete = await user.from('room_rate_seasons').delete().eq('room_id', roomId).select();
      expect(noDelete.data ?? []).toEqual([]);
    } finally {
      await deleteUsers(userId);
    }

    const created = await staff.from('room_rate_seasons').insert(season).select('id').single();
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect((await staff.from('room_rate_seasons').update({ price_per_night: 85 }).eq('id', id)).error).toBeNull();
    expect((await quote(day(60), day(61))).total).toBe(85);
    expect((await staff.from('room_rate_seasons').delete().eq('id', id)).error).toBeNull();
    const audit = await sql<{ action: string }>(
      `select action from public.audit_logs where table_name = 'room_rate_seasons' and record_id = $1 order by created_at`,
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);

    expect((await anon.rpc('room_calendar', { p_room_id: roomId, p_from: day(0), p_to: day(2) })).error).toBeNull();
  });

  it("quotes the city tax from the dated rates: an admin's new rate applies from its first night", async () => {
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const rate = { p_valid_from: day(14), p_amount_cents: 750 };
    expect((await staff.rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    expect((await anonClient().rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    const before = (await quote(day(13), day(15), 2)).city_tax;
    expect(before).toMatchObject({ amount_cents: 2400, per_person_per_night_cents: 600, nights_charged: 2 });
    expect((await admin.rpc('add_city_tax_rate', rate)).error).toBeNull();
    try {
      expect((await quote(day(14), day(15), 2)).city_tax).toMatchObject({ amount: 15, amount_cents: 1500 });
      // across the change, night by night; every guest counts (no ages before check-in)
      expect((await quote(day(13), day(15), 3)).city_tax).toMatchObject({
        amount_cents: 3 * 600 + 3 * 750,
        per_person_per_night: null,
        guests: 3,
        counted_for: 'every guest',
      });
    } finally {
      await sql('delete from public.city_tax_rates where valid_from = $1', [day(14)]);
      await sql('update public.city_tax_rates set valid_to = null where valid_to = $1', [day(13)]);
    }
  });
});

describe('room_calendar', () => {
  type Night = Record<string, unknown> & { night: string; available: boolean };
  const calendar = async (from: string, to: string, room: string | null = roomId) => {
    const { data, error } = await anonClient().rpc('room_calendar', {
      p_room_id: room as string,
      p_from: from,
      p_to: to,
    });
    expect(error).toBeNull();
    return data as unknown as Night[];
  };

  it("gives each night's price and rules, and a guest's booking changes only `available`", async () => {
    const before = await calendar(day(-3), day(30));
    expect(before).toHaveLength(33);
    expect(Object.keys(before[0]).sort()).toEqual(
      ['available', 'closed_to_arrival', 'closed_to_departure', 'min_nights', 'night', 'price'].sort(),
    );
    const byNight = Object.fromEntries(before.map((n) => [n.night, n]));
    expect(byNight[day(4)]).toEqual({
      night: day(4),
      available: true,
      price: 150,
      min_nights: 3,
      closed_to_arrival: false,
      closed_to_departure: false,
    });
    expect(byNight[day(6)]).toMatchObject({ price: 120, min_nights: 2, closed_to_arrival: true });
    expect(byNight[day(7)]).toMatchObject({ closed_to_departure: true });
    expect(byNight[day(-1)]).toMatchObject({ price: 100, min_nights: 1 });

    await sql(
      `insert into public.bookings (room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, status, special_requests)
       values ($1, 'Secret Guest', $2, '+39 06 123', $3, $4, 2, 999, 'confirmed', 'Anniversary')`,
      [roomId, `secret@${EMAIL_DOMAIN}`, day(20), day(22)],
    );
    const after = await calendar(day(-3), day(30));
    const changed = after.filter((n, i) => JSON.stringify(n) !== JSON.stringify(before[i]));
    expect(changed.map((n) => n.night)).toEqual([day(20), day(21)]);
    for (const n of changed) {
      const was = before.find((b) => b.night === n.night)!;
      expect({ ...n, available: was.available }).toEqual(was);
      expect(n.available).toBe(false);
    }
    expect(JSON.stringify(after)).not.toMatch(/Secret|secret@|Anniversary|999|confirmed/);
    await sql('delete from public.bookings where room_id = $1', [roomId]);
  });

  it('marks past nights taken, serves any room, and at most 18 months a call', async () => {
    const past = await calendar(await dbDate(-2), await dbDate(1));
    expect(past.map((n) => n.available)).toEqual([false, false, true]);
    const any = await calendar(day(0), day(7), null);
    expect(any).toHaveLength(7);
    expect(any.every((n) => n.available)).toBe(true);
    // the lowest free price: our room's Spring €120 is not below the cheapest seeded room (€110)
    expect(Math.min(...any.map((n) => Number(n.price)))).toBeLessThanOrEqual(110);
    const tooLong = await anonClient().rpc('room_calendar', { p_room_id: roomId, p_from: day(0), p_to: day(550) });
    expect(tooLong.error?.message).toBe('The calendar serves at most 18 months at a time.');
    expect((await calendar(day(0), day(549))).length).toBe(549);
  });
});

describe('the demo seasons', () => {
  it('seed Christmas, winter low season and Easter for the bookable rooms, Sunday closed to arrival in 301', async () => {
    const rows = await sql<{ room_number: string; name: string; closed: number[] }>(
      `select r.room_number, s.name, s.closed_arrival_days::int[] as closed from public.room_rate_seasons s
       join public.rooms r on r.id = s.room_id where r.room_number in ('101', '301') order by r.room_number, s.starts_on`,
    );
    expect(rows.map((r) => `${r.room_number} ${r.name} ${r.closed.join(',')}`)).toEqual([
      '101 Christmas & New Year ',
      '101 Winter low season ',
      '101 Easter ',
      '301 Christmas & New Year 7',
      '301 Winter low season 7',
      '301 Easter 7',
    ]);
  });
});

describe('the quoted total is the stored total', () => {
  it('for thousands of random stays across season boundaries, weekend nights and promo codes', async () => {
    const db = new pg.Client({ connectionString: platform().dbUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('create temp table stay_checks (kind text, detail text) on commit drop');
      // Everything runs as the database owner in one transaction that is rolled back: each stay is
      // quoted, then requested; a bookable stay's stored total and nights must equal the quote's, an
      // unbookable one must be refused with one of the quote's sentences.
      await db.query(
        `do $$
         declare
           v_codes text[] := array[null, 'SAVE15', 'WINTER20', 'WELCOME10', 'ODD33', 'SEVEN7'];
           v_in date; v_out date; v_code text; v_quote jsonb; v_result jsonb; v_row public.bookings;
         begin
           -- request_booking asks who is asking (the proxy's header); each stored stay is removed again,
           -- so the open-request and rate limits never apply
           perform set_config('request.headers', '{"x-forwarded-for": "198.51.100.22"}', true);
           perform setseed(0.22);
           for i in 1..3000 loop
             v_in := '${day(-12)}'::date + floor(random() * 50)::int;
             v_out := v_in + 1 + floor(random() * 9)::int;
             v_code := v_codes[1 + floor(random() * 6)::int];
             v_quote := to_jsonb(public.quote_stay('${roomId}', v_in, v_out, 2, v_code));
             begin
               v_result := to_jsonb(public.request_booking('${roomId}', v_in, v_out, 2, 'Random Stay', 'random@${EMAIL_DOMAIN}',
                 null, null, v_code));
               select * into v_row from public.bookings where id = (v_result ->> 'booking_id')::uuid;
               if not (v_quote ->> 'bookable')::boolean then
                 insert into stay_checks values ('booked although not bookable', v_quote::text);
               elsif v_row.total_amount <> (v_quote ->> 'total')::numeric
                  or v_row.nightly_rates <> v_quote -> 'nightly'
                  or v_row.discount_amount <> (v_quote ->> 'discount_amount')::numeric then
                 insert into stay_checks values ('total differs', v_quote::text || ' stored ' || to_jsonb(v_row)::text);
               else
                 insert into stay_checks values ('equal', null);
               end if;
               delete from public.bookings where id = v_row.id;
             exception when raise_exception then
               if (v_quote ->> 'bookable')::boolean
                  or not exists (select 1 from jsonb_array_elements(v_quote -> 'problems') p where p ->> 'message' = sqlerrm) then
                 insert into stay_checks values ('refused unlike the quote', sqlerrm || ' ' || v_quote::text);
               else
                 insert into stay_checks values ('refused as quoted', null);
               end if;
             end;
             delete from private.rate_limit_hits;
           end loop;
         end
         $$`,
      );
      const { rows } = await db.query<{ kind: string; n: number; example: string | null }>(
        'select kind, count(*)::int as n, min(detail) as example from stay_checks group by kind order by kind',
      );
      const counts = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
      expect(rows.filter((r) => !['equal', 'refused as quoted'].includes(r.kind))).toEqual([]);
      expect(counts.equal).toBeGreaterThan(1500);
      expect(counts['refused as quoted']).toBeGreaterThan(100);
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }
    // 3,000 quotes and requests (each request also issues a link and writes two e-mails)
  }, 300_000);
});
