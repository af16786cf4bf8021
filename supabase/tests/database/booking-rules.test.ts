// The booking rules the database keeps, through supabase-js: request_booking (every validation
// error, every promo outcome, server pricing, the rate limit, concurrent requests),
// check_promo_code, room_is_available, available_room_ids, and booking status transitions.
// Requests use dates from current_date + 90 on (seed bookings lie within -30..+60) and guest
// e-mails @rules.test.example.com; both, the promo counters and the rate limit are reset here.
// The seed's rate seasons are set aside while this file runs (its prices are the rooms' flat ones)
// and put back afterwards; room-rates.test.ts tests the seasons.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  anonClient,
  dbDate,
  deleteUsers,
  newUserClient,
  serviceClient,
  signedInClient,
  sql,
  type Client,
} from '../support';

const EMAIL_DOMAIN = 'rules.test.example.com';
const TOO_MANY = 'Too many booking requests. Please try again in a few minutes.';
const PROMO = {
  ROMA10: '30000000-0000-4000-8000-000000000001',
  LASTONE15: '30000000-0000-4000-8000-000000000003',
} as const;

interface BookingArgs {
  p_room_id: string | null;
  p_check_in: string | null;
  p_check_out: string | null;
  p_guests: number | null;
  p_guest_name: string;
  p_guest_email: string;
  p_guest_phone?: string | null;
  p_special_requests?: string | null;
  p_promo_code?: string | null;
}

// ---------------------------------------------------------------- dates and fixtures
let today: string;
/** today + n days (computed from the database's current_date, calendar arithmetic in UTC) */
const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
/** `iso` plus n days */
const dayAfter = (iso: string, n: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 90;
/** A date range no other request of this file uses (from +90 on, a day's gap between ranges). */
const freshRange = (nights = 2) => {
  const start = nextFreeDay;
  nextFreeDay += nights + 1;
  return { p_check_in: day(start), p_check_out: day(start + nights) };
};

const request = (overrides: Partial<BookingArgs> = {}): BookingArgs => ({
  p_room_id: SEED.room(1),
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Ada Lovelace',
  p_guest_email: `ada@${EMAIL_DOMAIN}`,
  ...overrides,
});

/**
 * request_booking as a guest calls it. The open-request limit (2 per address and e-mail, tested in
 * stay-requests.test.ts) is lifted after each stored request: every request here comes from one
 * address and e-mail, and this file tests the other rules.
 */
async function requestBooking(args: BookingArgs, client: Client = anonClient()) {
  const result = await client.rpc('request_booking', args as never);
  if (!result.error) await sql('truncate private.booking_request_origins');
  return result;
}

const bookingCount = async () => (await sql<{ n: number }>('select count(*)::int as n from public.bookings'))[0].n;
const promoUses = async () =>
  Object.fromEntries(
    (
      await sql<{ id: string; current_uses: number }>(
        'select id::text, current_uses from public.room_promo_codes order by id',
      )
    ).map((r) => [r.id, r.current_uses]),
  );
const bookingRow = async (id: string) =>
  (
    await sql<{ row: Record<string, unknown> }>('select to_jsonb(b) as row from public.bookings b where id = $1', [id])
  )[0]?.row ?? null;

const deleteBooking = (id: string) => sql('delete from public.bookings where id = $1', [id]);

/** Calls request_booking and expects the refusal `message`, with no booking stored and no promo use counted. */
async function expectBookingRefused(args: BookingArgs, message: string, client?: Client) {
  const [bookings, uses] = [await bookingCount(), await promoUses()];
  const { data, error } = await requestBooking(args, client);
  expect(data).toBeNull();
  expect(error?.code, error?.message).toBe('P0001');
  expect(error?.message).toBe(message);
  expect(await bookingCount()).toBe(bookings);
  expect(await promoUses()).toEqual(uses);
}

let seedPromoUses: Record<string, number>;
let staff: Client;
let admin: Client;
/** rooms created by this file (deleted at the end with their bookings) */
const ownRooms: string[] = [];

async function createRoom(price: string, status = 'available', maxGuests = 2): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Rules room', $1, 'classic', $2, $3, $4) returning id::text`,
    [`R-${Math.random().toString(36).slice(2, 8)}`, status, price, maxGuests],
  );
  ownRooms.push(row.id);
  return row.id;
}

let seedSeasons: unknown[] = [];

beforeAll(async () => {
  today = await dbDate(0);
  seedSeasons =
    (await sql<{ rows: unknown[] | null }>('select jsonb_agg(s) as rows from public.room_rate_seasons s'))[0].rows ??
    [];
  await sql('delete from public.room_rate_seasons');
  seedPromoUses = await promoUses();
  [staff, admin] = await Promise.all([
    signedInClient(DEMO.staff.email, DEMO.staff.password),
    signedInClient(DEMO.admin.email, DEMO.admin.password),
  ]);
});

beforeEach(async () => {
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterAll(async () => {
  await sql('delete from public.bookings where guest_email like $1', [`%@${EMAIL_DOMAIN}`]);
  await sql('delete from public.bookings where room_id = any($1::uuid[])', [ownRooms]);
  await sql('delete from public.rooms where id = any($1::uuid[])', [ownRooms]);
  for (const [id, uses] of Object.entries(seedPromoUses)) {
    await sql('update public.room_promo_codes set current_uses = $2 where id = $1 and current_uses <> $2', [id, uses]);
  }
  await sql('truncate private.rate_limit_hits');
  await sql(
    'insert into public.room_rate_seasons select * from jsonb_populate_recordset(null::public.room_rate_seasons, $1::jsonb)',
    [JSON.stringify(seedSeasons)],
  );
  expect(await promoUses()).toEqual(seedPromoUses);
});

// ---------------------------------------------------------------- request_booking: refusals
describe('request_booking refuses bad input and stores nothing', () => {
  const long = (n: number) => 'x'.repeat(n);
  const CASES: [string, () => Partial<BookingArgs>, string][] = [
    ['empty name', () => ({ p_guest_name: '   ' }), 'Please enter your name.'],
    ['name over 100 characters', () => ({ p_guest_name: long(101) }), 'Name must be at most 100 characters.'],
    ['empty e-mail', () => ({ p_guest_email: '' }), 'Please enter your email address.'],
    ['malformed e-mail', () => ({ p_guest_email: 'ada at example' }), 'Please enter a valid email address.'],
    [
      'e-mail over 254 characters',
      () => ({ p_guest_email: `${long(250)}@${EMAIL_DOMAIN}` }),
      'Please enter a valid email address.',
    ],
    [
      'phone over 20 characters',
      () => ({ p_guest_phone: '+39 06 1234 5678 9012' }),
      'Phone number must be at most 20 characters.',
    ],
    ['phone with letters', () => ({ p_guest_phone: 'call me maybe' }), 'Please enter a valid phone number.'],
    [
      'special requests over 1000 characters',
      () => ({ p_special_requests: long(1001) }),
      'Special requests must be at most 1000 characters.',
    ],
    ['no check-in date', () => ({ p_check_in: null }), 'Please choose check-in and check-out dates.'],
    ['no check-out date', () => ({ p_check_out: null }), 'Please choose check-in and check-out dates.'],
    [
      'check-in yesterday',
      () => ({ p_check_in: day(-1), p_check_out: day(2) }),
      'Check-in date cannot be in the past.',
    ],
    [
      'check-out on the check-in day',
      () => ({ p_check_in: day(120), p_check_out: day(120) }),
      'Check-out date must be after check-in date.',
    ],
    [
      'check-out before check-in',
      () => ({ p_check_in: day(122), p_check_out: day(120) }),
      'Check-out date must be after check-in date.',
    ],
    [
      'check-in beyond two years',
      () => ({ p_check_in: day(731), p_check_out: day(733) }),
      'Check-in date must be within the next two years.',
    ],
    ['31 nights', () => ({ p_check_in: day(300), p_check_out: day(331) }), 'A stay can be at most 30 nights.'],
    ['0 guests', () => ({ p_guests: 0 }), 'Guests must be between 1 and 8.'],
    ['9 guests', () => ({ p_guests: 9 }), 'Guests must be between 1 and 8.'],
    ['no guests', () => ({ p_guests: null }), 'Guests must be between 1 and 8.'],
    ['no room', () => ({ p_room_id: null }), 'Please select a valid room.'],
    ['unknown room', () => ({ p_room_id: '10000000-0000-4000-8000-0000000000ff' }), 'Please select a valid room.'],
    ['occupied room', () => ({ p_room_id: SEED.room(5), p_guests: 1 }), 'This room is not available for booking.'],
    ['room in maintenance', () => ({ p_room_id: SEED.room(6) }), 'This room is not available for booking.'],
    [
      'more guests than the room takes',
      () => ({ p_room_id: SEED.room(4), p_guests: 5 }),
      'This room accommodates at most 4 guests.',
    ],
    [
      'dates overlapping a booking',
      () => ({ p_room_id: SEED.room(1), p_check_in: day(15), p_check_out: day(16) }),
      'This room is not available for the selected dates.',
    ],
    [
      'dates enclosing a booking',
      () => ({ p_room_id: SEED.room(1), p_check_in: day(13), p_check_out: day(18) }),
      'This room is not available for the selected dates.',
    ],
    [
      'promo code not yet valid',
      () => ({ p_room_id: SEED.room(1), p_promo_code: 'EARLYBIRD25' }),
      'This promo code is not yet active.',
    ],
    [
      'expired promo code',
      () => ({ p_room_id: SEED.room(3), p_promo_code: 'estate15' }),
      'This promo code has expired.',
    ],
    [
      'exhausted promo code',
      () => ({ p_room_id: SEED.room(4), p_promo_code: 'FULLHOUSE30' }),
      'This promo code has reached its usage limit.',
    ],
    [
      'promo code of another room',
      () => ({ p_room_id: SEED.room(1), p_promo_code: 'QUAD12' }),
      'This promo code is not valid for the selected room.',
    ],
    [
      'inactive promo code',
      () => ({ p_room_id: SEED.room(2), p_promo_code: 'OLDPROMO50' }),
      'Invalid promo code. Please check your promo code and try again.',
    ],
    [
      'unknown promo code',
      () => ({ p_promo_code: 'FREESTAY' }),
      'Invalid promo code. Please check your promo code and try again.',
    ],
  ];

  it.each(CASES)('%s', async (_, overrides, message) => {
    await expectBookingRefused(request(overrides()), message);
  });
});

// ---------------------------------------------------------------- request_booking: success and pricing
describe('request_booking prices on the server and stores a pending booking', () => {
  interface Case {
    label: string;
    room: () => string;
    nights: number;
    guests?: number;
    promo?: string;
    price: number;
    pct: number;
    subtotal: number;
    discount: number;
    total: number;
    storedCode: string | null;
    /** the promo row whose use is counted */
    counted?: string;
  }
  let centsRoom: string;
  beforeAll(async () => {
    centsRoom = await createRoom('33.33');
  });

  const CASES: Case[] = [
    {
      label: 'no promo code',
      room: () => SEED.room(1),
      nights: 3,
      price: 145,
      pct: 0,
      subtotal: 435,
      discount: 0,
      total: 435,
      storedCode: null,
    },
    {
      label: 'ROMA10 typed in lower case',
      room: () => SEED.room(1),
      nights: 3,
      promo: ' roma10 ',
      price: 145,
      pct: 10,
      subtotal: 435,
      discount: 43.5,
      total: 391.5,
      storedCode: 'ROMA10',
      counted: PROMO.ROMA10,
    },
    {
      label: 'COLOSSEO20 on its room',
      room: () => SEED.room(2),
      nights: 2,
      promo: 'COLOSSEO20',
      price: 165,
      pct: 20,
      subtotal: 330,
      discount: 66,
      total: 264,
      storedCode: 'COLOSSEO20',
      counted: '30000000-0000-4000-8000-000000000002',
    },
    {
      label: 'QUAD12 on the quadruple, 4 guests',
      room: () => SEED.room(4),
      nights: 1,
      guests: 4,
      promo: 'QUAD12',
      price: 210,
      pct: 12,
      subtotal: 210,
      discount: 25.2,
      total: 184.8,
      storedCode: 'QUAD12',
      counted: '30000000-0000-4000-8000-000000000004',
    },
    {
      label: 'fallback SAVE15',
      room: () => SEED.room(7),
      nights: 2,
      promo: 'SAVE15',
      price: 240,
      pct: 15,
      subtotal: 480,
      discount: 72,
      total: 408,
      storedCode: 'SAVE15',
    },
    {
      label: 'fallback WINTER20',
      room: () => SEED.room(3),
      nights: 5,
      promo: 'winter20',
      price: 110,
      pct: 20,
      subtotal: 550,
      discount: 110,
      total: 440,
      storedCode: 'WINTER20',
    },
    {
      label: 'fallback WELCOME10, 30 nights (the longest stay)',
      room: () => SEED.room(2),
      nights: 30,
      promo: 'WELCOME10',
      price: 165,
      pct: 10,
      subtotal: 4950,
      discount: 495,
      total: 4455,
      storedCode: 'WELCOME10',
    },
    {
      label: 'discount rounded to cents',
      room: () => centsRoom,
      nights: 3,
      promo: 'SAVE15',
      price: 33.33,
      pct: 15,
      subtotal: 99.99,
      discount: 15,
      total: 84.99,
      storedCode: 'SAVE15',
    },
  ];

  it.each(CASES)('$label', async (c) => {
    const uses = await promoUses();
    const args = request({
      p_room_id: c.room(),
      ...freshRange(c.nights),
      p_guests: c.guests ?? 2,
      p_guest_name: '  Grace Hopper ',
      p_guest_email: ` grace@${EMAIL_DOMAIN} `,
      p_guest_phone: '+39 333 123 4567',
      p_special_requests: 'Late arrival.',
      p_promo_code: c.promo ?? null,
    });
    const { data, error } = await requestBooking(args);
    expect(error).toBeNull();
    const result = data as Record<string, unknown>;
    // the stay's price as before; the deposit, balance and extras the answer also carries are
    // checked by payment-money.test.ts
    expect(result).toMatchObject({
      booking_id: expect.any(String),
      reference: expect.stringMatching(/^CG-[2-9A-HJ-NP-Z]{6}$/),
      nights: c.nights,
      price_per_night: c.price,
      subtotal: c.subtotal,
      discount_percentage: c.pct,
      discount_amount: c.discount,
      total_amount: c.total,
      hold_expires_at: expect.any(String),
      // each night at the room's price (the seasons are set aside here), and the city tax apart
      nightly: Array.from({ length: c.nights }, (_, i) => ({
        night: dayAfter(args.p_check_in!, i),
        price: c.price,
        season: null,
      })),
      city_tax: expect.objectContaining({ nights_charged: Math.min(c.nights, 10), guests: c.guests ?? 2 }),
    });
    expect(await bookingRow(result.booking_id as string)).toMatchObject({
      reference: result.reference,
      room_id: c.room(),
      status: 'pending',
      guest_name: 'Grace Hopper',
      guest_email: `grace@${EMAIL_DOMAIN}`,
      guest_phone: '+39 333 123 4567',
      special_requests: 'Late arrival.',
      check_in_date: args.p_check_in,
      check_out_date: args.p_check_out,
      guests: c.guests ?? 2,
      total_amount: c.total,
      discount_amount: c.discount,
      promo_code: c.storedCode,
    });
    // only the code's own row counts a use; fallbacks and no code count nothing
    const expectedUses = { ...uses };
    if (c.counted) expectedUses[c.counted] += 1;
    expect(await promoUses()).toEqual(expectedUses);
  });

  it('is open to anon, signed-in users and the service role alike', async () => {
    const user = await newUserClient('rules');
    try {
      for (const client of [anonClient(), user.client, serviceClient()]) {
        const { data, error } = await requestBooking(request({ p_room_id: SEED.room(7) }), client);
        expect(error).toBeNull();
        expect(await bookingRow((data as { booking_id: string }).booking_id)).toMatchObject({ status: 'pending' });
      }
    } finally {
      await deleteUsers(user.userId);
    }
  });

  it('blank phone and special requests are stored as null; the check-out day may be the next check-in day', async () => {
    // seed booking CG-DEMO07 holds room 1 from +14 to +17: arriving on +17 and leaving on +14 both fit
    for (const range of [
      { p_check_in: day(17), p_check_out: day(19) },
      { p_check_in: day(12), p_check_out: day(14) },
    ]) {
      const { data, error } = await requestBooking(request({ ...range, p_guest_phone: '  ', p_special_requests: ' ' }));
      expect(error).toBeNull();
      const id = (data as { booking_id: string }).booking_id;
      expect(await bookingRow(id)).toMatchObject({
        guest_phone: null,
        special_requests: null,
        check_in_date: range.p_check_in,
      });
      await deleteBooking(id); // within the seed's dates: leave them as they were
    }
  });

  it('a cancelled booking does not block its dates', async () => {
    // seed booking CG-DEMO11 (room 3, +3..+5) is cancelled
    const { data, error } = await requestBooking(
      request({ p_room_id: SEED.room(3), p_check_in: day(3), p_check_out: day(5) }),
    );
    expect(error).toBeNull();
    await deleteBooking((data as { booking_id: string }).booking_id);
  });
});

// ---------------------------------------------------------------- rate limit
describe('request_booking rate limit', () => {
  it('refuses the 11th request from one address within 10 minutes and stores nothing, whatever X-Forwarded-For says', async () => {
    const room = await createRoom('50.00');
    for (let i = 0; i < 10; i += 1) {
      const { error } = await requestBooking(request({ p_room_id: room }));
      expect(error, `request ${i + 1}`).toBeNull();
    }
    await expectBookingRefused(request({ p_room_id: room }), TOO_MANY);
    // a forged client address does not reset the count: the gateway reports the real one
    const spoofed = anonClient();
    const forged = await spoofed
      .rpc('request_booking', request({ p_room_id: room }) as never)
      .setHeader('x-forwarded-for', '203.0.113.99');
    expect(forged.error?.message).toBe(TOO_MANY);
    expect((await sql('select 1 from public.bookings where room_id = $1', [room])).length).toBe(10);
  });

  it('invalid requests do not use up the allowance', async () => {
    for (let i = 0; i < 12; i += 1) {
      const { error } = await requestBooking(request({ p_guest_name: '' }));
      expect(error?.message).toBe('Please enter your name.');
    }
    expect((await requestBooking(request({ p_room_id: SEED.room(7) }))).error).toBeNull();
  });
});

// ---------------------------------------------------------------- concurrency
describe('concurrent requests', () => {
  it('several requests for the same room and dates at once: exactly one succeeds', async () => {
    const args = request({ p_room_id: SEED.room(2), ...freshRange(3) });
    const results = await Promise.all(Array.from({ length: 6 }, () => requestBooking(args, anonClient())));
    const succeeded = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(succeeded).toHaveLength(1);
    expect(refused.map((r) => r.error?.message)).toEqual(
      Array(5).fill('This room is not available for the selected dates.'),
    );
    const stored = await sql<{ id: string }>(
      'select id::text from public.bookings where room_id = $1 and check_in_date = $2 and check_out_date = $3',
      [args.p_room_id, args.p_check_in, args.p_check_out],
    );
    expect(stored.map((r) => r.id)).toEqual([(succeeded[0].data as { booking_id: string }).booking_id]);
  });

  it('the last use of LASTONE15 requested twice at once goes to one request only', async () => {
    await sql('update public.room_promo_codes set current_uses = max_uses - 1 where id = $1', [PROMO.LASTONE15]);
    try {
      const requests = [freshRange(2), freshRange(2)].map((range) =>
        request({ p_room_id: SEED.room(3), ...range, p_promo_code: 'LASTONE15' }),
      );
      const results = await Promise.all(requests.map((args) => requestBooking(args, anonClient())));
      const succeeded = results.filter((r) => r.error === null);
      const refused = results.filter((r) => r.error !== null);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0].data).toMatchObject({
        discount_percentage: 15,
        subtotal: 220,
        discount_amount: 33,
        total_amount: 187,
      });
      // the other request fails as a whole: no booking without the discount it asked for
      expect(refused.map((r) => r.error?.message)).toEqual(['This promo code has reached its usage limit.']);
      const [promo] = await sql<{ current_uses: number; max_uses: number }>(
        'select current_uses, max_uses from public.room_promo_codes where id = $1',
        [PROMO.LASTONE15],
      );
      expect(promo.current_uses).toBe(promo.max_uses);
      const stored = await sql<{ promo_code: string }>(
        `select promo_code from public.bookings where room_id = $1 and check_in_date = any($2::date[])`,
        [SEED.room(3), requests.map((r) => r.p_check_in)],
      );
      expect(stored).toEqual([{ promo_code: 'LASTONE15' }]);
      expect(
        (await anonClient().rpc('check_promo_code', { p_code: 'LASTONE15', p_room_id: SEED.room(3) })).data,
      ).toEqual({
        status: 'limit_reached',
        discount_percentage: null,
      });
    } finally {
      await sql('update public.room_promo_codes set current_uses = $2 where id = $1', [
        PROMO.LASTONE15,
        seedPromoUses[PROMO.LASTONE15],
      ]);
    }
  });
});

// ---------------------------------------------------------------- check_promo_code
describe('check_promo_code', () => {
  const valid = (pct: number) => ({ status: 'valid', discount_percentage: pct });
  const outcome = (status: string) => ({ status, discount_percentage: null });
  const CASES: [string | null, number | null, { status: string; discount_percentage: number | null }][] = [
    ['ROMA10', 1, valid(10)],
    [' roma10 ', 1, valid(10)],
    ['ROMA10', null, valid(10)],
    ['ROMA10', 2, outcome('not_found')],
    ['COLOSSEO20', 2, valid(20)],
    ['LASTONE15', 3, valid(15)],
    ['QUAD12', 4, valid(12)],
    ['QUAD12', 1, outcome('not_found')],
    ['EARLYBIRD25', 1, outcome('not_yet_valid')],
    ['ESTATE15', 3, outcome('expired')],
    ['FULLHOUSE30', 4, outcome('limit_reached')],
    ['FULLHOUSE30', null, outcome('limit_reached')],
    ['OLDPROMO50', 2, outcome('not_found')],
    ['OLDPROMO50', null, outcome('not_found')],
    ['SAVE15', 1, valid(15)],
    ['WINTER20', null, valid(20)],
    ['welcome10', 7, valid(10)],
    ['FREESTAY', 1, outcome('not_found')],
    ['', null, outcome('not_found')],
    [null, null, outcome('not_found')],
  ];

  it.each(CASES)('%j for room %s', async (code, room, expected) => {
    const uses = await promoUses();
    const { data, error } = await anonClient().rpc('check_promo_code', {
      p_code: code as string,
      p_room_id: room ? SEED.room(room) : undefined,
    });
    expect(error).toBeNull();
    expect(data).toEqual(expected);
    expect(await promoUses()).toEqual(uses); // looking a code up never counts a use
  });

  it('with several rows for a code, a valid one wins; a database row shadows a fallback code of the same name', async () => {
    const roomA = await createRoom('100.00');
    const roomB = await createRoom('100.00');
    await sql(
      `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, valid_until) values
         ($1, 'MULTI', 30, current_date - 1), ($2, 'MULTI', 20, null), ($1, 'SAVE15', 40, current_date - 1)`,
      [roomA, roomB],
    );
    const check = async (code: string, room?: string) =>
      (await anonClient().rpc('check_promo_code', { p_code: code, p_room_id: room })).data;
    expect(await check('MULTI')).toEqual(valid(20));
    expect(await check('MULTI', roomA)).toEqual(outcome('expired'));
    expect(await check('MULTI', roomB)).toEqual(valid(20));
    expect(await check('SAVE15', roomA)).toEqual(outcome('expired'));
    expect(await check('SAVE15', roomB)).toEqual(valid(15));
    await expectBookingRefused(request({ p_room_id: roomA, p_promo_code: 'SAVE15' }), 'This promo code has expired.');
  });
});

// ---------------------------------------------------------------- availability
describe('room_is_available and available_room_ids', () => {
  const SEED_ROOMS = [1, 2, 3, 4, 5, 6, 7].map(SEED.room);
  const available = async (room: string, from: number, to: number) => {
    const { data, error } = await anonClient().rpc('room_is_available', {
      p_room_id: room,
      p_check_in: day(from),
      p_check_out: day(to),
    });
    expect(error).toBeNull();
    return data;
  };
  const availableSeedRooms = async (from: number, to: number) => {
    const { data, error } = await anonClient().rpc('available_room_ids', {
      p_check_in: day(from),
      p_check_out: day(to),
    });
    expect(error).toBeNull();
    return (data as string[]).filter((id) => SEED_ROOMS.includes(id));
  };

  it.each([
    ['room 1 over its pending booking (+14..+17)', 1, 15, 16, false],
    ['room 1 leaving on its booking check-in day', 1, 11, 14, true],
    ['room 1 arriving on its booking check-out day', 1, 17, 19, true],
    ['room 3 over a cancelled booking only', 3, 3, 5, true],
    ['room 5 (occupied)', 5, 200, 201, false],
    ['room 6 (maintenance)', 6, 200, 201, false],
    ['room 7, far ahead', 7, 200, 201, true],
  ] as const)('%s', async (_, room, from, to, expected) => {
    expect(await available(SEED.room(room), from, to)).toBe(expected);
  });

  it('an unknown room is not available', async () => {
    expect(await available('10000000-0000-4000-8000-0000000000ff', 200, 201)).toBe(false);
  });

  it('lists the available rooms cheapest first, without the booked and unavailable ones', async () => {
    expect(await availableSeedRooms(200, 202)).toEqual([3, 1, 2, 4, 7].map(SEED.room));
    expect(await availableSeedRooms(15, 16)).toEqual([3, 2, 4, 7].map(SEED.room));
  });

  it('follows bookings: a requested stay blocks the room, cancelling frees it', async () => {
    const range = freshRange(2);
    const from = range.p_check_in;
    expect(
      (
        await anonClient().rpc('room_is_available', {
          p_room_id: SEED.room(7),
          p_check_in: from,
          p_check_out: range.p_check_out,
        })
      ).data,
    ).toBe(true);
    const { data } = await requestBooking(request({ p_room_id: SEED.room(7), ...range }));
    const bookingId = (data as { booking_id: string }).booking_id;
    expect(
      (
        await anonClient().rpc('room_is_available', {
          p_room_id: SEED.room(7),
          p_check_in: from,
          p_check_out: range.p_check_out,
        })
      ).data,
    ).toBe(false);
    expect(
      (await anonClient().rpc('available_room_ids', { p_check_in: from, p_check_out: range.p_check_out })).data,
    ).not.toContain(SEED.room(7));
    expect((await staff.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId)).error).toBeNull();
    expect(
      (
        await anonClient().rpc('room_is_available', {
          p_room_id: SEED.room(7),
          p_check_in: from,
          p_check_out: range.p_check_out,
        })
      ).data,
    ).toBe(true);
    expect(
      (await anonClient().rpc('available_room_ids', { p_check_in: from, p_check_out: range.p_check_out })).data,
    ).toContain(SEED.room(7));
  });

  it.each([
    ['no dates', null, null, 'Please choose check-in and check-out dates.'],
    ['check-out on check-in', 200, 200, 'Check-out date must be after check-in date.'],
    ['check-out before check-in', 201, 200, 'Check-out date must be after check-in date.'],
  ] as const)('refuses %s', async (_, from, to, message) => {
    const dates = {
      p_check_in: from === null ? (null as unknown as string) : day(from),
      p_check_out: to === null ? (null as unknown as string) : day(to),
    };
    for (const result of [
      await anonClient().rpc('room_is_available', { p_room_id: SEED.room(1), ...dates }),
      await anonClient().rpc('available_room_ids', dates),
    ]) {
      expect(result.error?.code).toBe('P0001');
      expect(result.error?.message).toBe(message);
    }
  });
});

// ---------------------------------------------------------------- status transitions
describe('booking status transitions', () => {
  type Status = 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'cancelled';
  const STATUSES: Status[] = ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'];
  const ALLOWED = new Set([
    'pending>confirmed',
    'pending>cancelled',
    'confirmed>checked_in',
    'confirmed>cancelled',
    'checked_in>checked_out',
    'checked_in>cancelled',
  ]);
  const PAIRS = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  let room: string;
  let nextDay = 400;
  const created: string[] = [];

  beforeAll(async () => {
    room = await createRoom('100.00');
  });

  afterEach(async () => {
    await sql('delete from public.bookings where id = any($1::uuid[])', [created.splice(0)]);
  });

  /** A booking on this block's room in `status`, inserted by the superuser. */
  async function booking(status: Status): Promise<string> {
    const start = nextDay;
    nextDay += 3;
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status)
       values ($1, 'Transition Test', $2, current_date + $3::int, current_date + $3::int + 2, 2, 200, $4) returning id::text`,
      [room, `transition@${EMAIL_DOMAIN}`, start, status],
    );
    created.push(row.id);
    return row.id;
  }

  it('the spec allows exactly six transitions', () => {
    expect(PAIRS).toHaveLength(20);
    expect(PAIRS.filter(([from, to]) => ALLOWED.has(`${from}>${to}`))).toHaveLength(6);
  });

  describe.each(PAIRS)('%s -> %s', (from, to) => {
    if (ALLOWED.has(`${from}>${to}`)) {
      it('is allowed for staff', async () => {
        const id = await booking(from);
        const { data, error } = await staff.from('bookings').update({ status: to }).eq('id', id).select('status');
        expect(error).toBeNull();
        expect(data).toEqual([{ status: to }]);
        expect(await bookingRow(id)).toMatchObject({ status: to });
      });
    } else {
      it('is refused for staff, admin, the service role and direct SQL', async () => {
        const id = await booking(from);
        const before = await bookingRow(id);
        const message = `A booking cannot change from ${from} to ${to}.`;
        for (const client of [staff, admin, serviceClient()]) {
          const { error } = await client.from('bookings').update({ status: to }).eq('id', id);
          expect(error?.code).toBe('P0001');
          expect(error?.message).toBe(message);
        }
        await expect(sql('update public.bookings set status = $2 where id = $1', [id, to])).rejects.toMatchObject({
          code: 'P0001',
          message,
        });
        expect(await bookingRow(id)).toEqual(before);
      });
    }
  });

  it('a full stay goes pending -> confirmed -> checked_in -> checked_out', async () => {
    const id = await booking('pending');
    for (const status of ['confirmed', 'checked_in', 'checked_out'] as const) {
      expect((await staff.from('bookings').update({ status }).eq('id', id)).error).toBeNull();
    }
    expect(await bookingRow(id)).toMatchObject({ status: 'checked_out' });
  });

  it.each([
    ['the price', { total_amount: 1 }],
    ['the guest e-mail', { guest_email: `other@${EMAIL_DOMAIN}` }],
    ['the dates', { check_in_date: '2099-01-01', check_out_date: '2099-01-03' }],
    ['the room, along with a valid status change', { status: 'confirmed', room_id: SEED.room(7) }],
  ] as const)('staff cannot change %s', async (_, patch) => {
    const id = await booking('pending');
    const before = await bookingRow(id);
    const { error } = await staff
      .from('bookings')
      .update(patch as never)
      .eq('id', id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('Staff can only change the status of a booking.');
    expect(await bookingRow(id)).toEqual(before);
  });

  it('admin may edit other columns, but not into an overlap', async () => {
    const first = await booking('confirmed');
    const second = await booking('pending');
    expect(
      (await admin.from('bookings').update({ total_amount: 150, guest_phone: '+39 06 000' }).eq('id', first)).error,
    ).toBeNull();
    expect(await bookingRow(first)).toMatchObject({ total_amount: 150, guest_phone: '+39 06 000' });
    const firstRow = (await bookingRow(first))!;
    const before = await bookingRow(second);
    const overlap = await admin
      .from('bookings')
      .update({ check_in_date: firstRow.check_in_date as string, check_out_date: firstRow.check_out_date as string })
      .eq('id', second);
    expect(overlap.error?.message).toBe('This room is not available for the selected dates.');
    expect(await bookingRow(second)).toEqual(before);
  });

  it('admin can delete a booking; staff cannot', async () => {
    const id = await booking('cancelled');
    const byStaff = await staff.from('bookings').delete().eq('id', id).select();
    expect(byStaff.error).toBeNull();
    expect(byStaff.data).toEqual([]);
    expect(await bookingRow(id)).not.toBeNull();
    const byAdmin = await admin.from('bookings').delete().eq('id', id).select('id');
    expect(byAdmin.data).toEqual([{ id }]);
    expect(await bookingRow(id)).toBeNull();
  });

  it('a user with no role cannot change a booking status', async () => {
    const user = await newUserClient('rules-nobody');
    try {
      const id = await booking('pending');
      const before = await bookingRow(id);
      const result = await user.client.from('bookings').update({ status: 'confirmed' }).eq('id', id).select();
      expect(result.data).toEqual([]);
      expect(await bookingRow(id)).toEqual(before);
    } finally {
      await deleteUsers(user.userId);
    }
  });
});
