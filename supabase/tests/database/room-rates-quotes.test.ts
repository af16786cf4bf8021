// quote_stay's nightly prices across season boundaries and weekend nights, promo discounts on
// seasonal totals rounded to cents, the stay rules request_booking refuses with quote_stay's
// sentences, and the breakdown stored with the booking (issue 22). Set-up: room-rates-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import { setUpRoomRates, roomId, day, longDay, quote, requestBooking } from './room-rates-fixtures';

setUpRoomRates();

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
