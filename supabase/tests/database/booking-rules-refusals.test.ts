// request_booking's refusals, through supabase-js: every validation error (nothing stored, no promo
// use counted), the rate limit per client address, and concurrent requests for one stay or the
// last use of a promo code. Set-up and helpers: booking-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, sql } from '../support';
import {
  setUpBookingRules,
  EMAIL_DOMAIN,
  PROMO,
  TOO_MANY,
  createRoom,
  day,
  expectBookingRefused,
  freshRange,
  keepRoomOneHeld,
  request,
  requestBooking,
  seedPromoUses,
  type BookingArgs,
} from './booking-rules-fixtures';

setUpBookingRules();

// ---------------------------------------------------------------- request_booking: refusals
describe('request_booking refuses bad input and stores nothing', () => {
  // 'dates overlapping a booking' and 'dates enclosing a booking' need room 1 held over +14..+17
  keepRoomOneHeld();
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
    // an occupied room (a guest in tonight) still sells its free nights: rooms-follow-guests.test.ts
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
