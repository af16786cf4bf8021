// request_booking's successes, through supabase-js: prices computed on the server (nights, cents,
// promo codes, which promo row's use is counted), a pending booking stored as asked, open to every
// caller, and cancelled stays not blocking their dates. Set-up and helpers: booking-rules-fixtures.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED, anonClient, deleteUsers, newUserClient, serviceClient } from '../support';
import {
  setUpBookingRules,
  EMAIL_DOMAIN,
  PROMO,
  bookingRow,
  createRoom,
  day,
  dayAfter,
  deleteBooking,
  freshRange,
  promoUses,
  request,
  requestBooking,
} from './booking-rules-fixtures';

setUpBookingRules();

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
