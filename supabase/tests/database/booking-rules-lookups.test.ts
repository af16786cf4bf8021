// The look-ups the website makes before a request, through supabase-js: check_promo_code (every
// outcome, never counting a use) and room_is_available / available_room_ids (following bookings).
// Set-up and helpers: booking-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, sql } from '../support';
import {
  setUpBookingRules,
  createRoom,
  day,
  expectBookingRefused,
  freshRange,
  keepRoomOneHeld,
  promoUses,
  request,
  requestBooking,
  staff,
} from './booking-rules-fixtures';

setUpBookingRules();

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
  keepRoomOneHeld();
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
    ['room 1 leaving on its booking check-in day (arriving as CG-DEMO24 leaves)', 1, 12, 14, true],
    ['room 1 arriving on its booking check-out day', 1, 17, 19, true],
    ['room 3 over a cancelled booking only', 3, 3, 5, true],
    ['room 5 (occupied tonight: its free nights sell)', 5, 200, 201, true],
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
