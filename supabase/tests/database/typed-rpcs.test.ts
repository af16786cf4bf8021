// Typed booking RPCs (issue 29): quote_stay, request_booking and check_promo_code answer declared
// composite types, and booking_payments_by_link writes one as JSON. The site types them as filled
// (src/lib/rpc-rows.ts `Filled`): every field but the few it lists as nullable is set; and the
// conversion at the public boundary from private.stay_money's jsonb drops nothing (a key added
// there must be added to the types too).
// Their refusals of extras and rate plans carry a code and values the site translates.
// A room of its own from current_date + 200 on; guest e-mails @typed.test.example.com.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPaths, nullPaths, type Json } from '../json-paths';
import { anonClient, dbDate, sql } from '../support';

const EMAIL_DOMAIN = 'typed.test.example.com';
let roomId: string;
let serviceId: string;
let checkIn: string;
let checkOut: string;

beforeAll(async () => {
  checkIn = await dbDate(200);
  checkOut = await dbDate(203);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Typed room', $1, 'classic', 'available', 100, 2) returning id::text`,
    [`TY-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  const [service] = await sql<{ id: string }>(
    `insert into public.services (name, price, category, pricing_unit) values ('Typed breakfast', 12, 'general', 'per_night')
     returning id::text`,
  );
  serviceId = service.id;
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = $1', [roomId]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql('delete from public.services where id = $1', [serviceId]);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

const isTermsPath = (path: string) => path.startsWith('cancellation.');

describe('the typed answers', () => {
  it('quote_stay fills every field but the promo code, its status and the last day of free cancellation', async () => {
    const { data, error } = await anonClient().rpc('quote_stay', {
      p_room_id: roomId,
      p_check_in: checkIn,
      p_check_out: checkOut,
      p_guests: 3, // one too many: a problem with its values
      p_extras: [{ service_id: serviceId, quantity: 2 }],
      p_rate_plan: 'non_refundable',
    });
    expect(error).toBeNull();
    expect(data?.extras?.[0]).toMatchObject({ name: 'Typed breakfast', quantity: 2, line_total_cents: 7200 });
    expect(data?.problems).toEqual([
      { code: 'guests', message: 'This room accommodates at most 2 guests.', details: { max_guests: 2 } },
    ]);
    // the rate plan without free cancellation, no promo code: exactly the nullable fields are null
    // (the cancellation terms' lines are of several kinds, each filling its own fields)
    const nulls = nullPaths(data as Json).filter((path) => path !== 'nightly[].season' && !isTermsPath(path));
    expect(nulls.sort()).toEqual(['free_cancellation_until', 'promo_code', 'promo_status']);
    expect(data?.cancellation?.lines?.length).toBeGreaterThan(0);
  });

  it('quote_stay keeps every key private.stay_money computes, nested ones included', async () => {
    const [row] = await sql<{ money: Json; quote: Json }>(
      `select private.stay_money($1, $2, $3, 2, 10, $4::jsonb, 'flexible') as money,
              to_jsonb(public.quote_stay($1, $2, $3, 2, 'SAVE15', $4::jsonb, 'flexible')) as quote`,
      [roomId, checkIn, checkOut, JSON.stringify([{ service_id: serviceId, quantity: 1 }])],
    );
    const quoteKeys = new Set(keyPaths(row.quote));
    expect(keyPaths(row.money).filter((path) => !quoteKeys.has(path))).toEqual([]);
  });

  it('request_booking fills every field but the single price per night when the nights differ', async () => {
    await sql('truncate private.rate_limit_hits, private.booking_request_origins');
    const { data, error } = await anonClient().rpc('request_booking', {
      p_room_id: roomId,
      p_check_in: checkIn,
      p_check_out: checkOut,
      p_guests: 2,
      p_guest_name: 'Typed Guest',
      p_guest_email: `guest@${EMAIL_DOMAIN}`,
      p_extras: [{ service_id: serviceId, quantity: 1 }],
    });
    expect(error).toBeNull();
    expect(data?.reference).toMatch(/^[A-Z]{2}-/);
    expect(data?.total_cents).toBe(30000 + 3600);
    // one price for all three nights, free cancellation until some day: nothing is null but the
    // fields the terms' lines of other kinds use
    expect(nullPaths(data as Json).filter((path) => path !== 'nightly[].season' && !isTermsPath(path))).toEqual([]);
    expect(data?.cancellation?.free_until).toEqual(expect.any(String));
  });

  it('booking_payments_by_link answers every key of public.guest_payments_view, filled for a stay priced in cents', async () => {
    await sql('truncate private.rate_limit_hits, private.booking_request_origins');
    const { data: booked, error: bookError } = await anonClient().rpc('request_booking', {
      p_room_id: roomId,
      // after the refusals' free dates (210 to 212)
      p_check_in: await dbDate(220),
      p_check_out: await dbDate(222),
      p_guests: 2,
      p_guest_name: 'Typed Payer',
      p_guest_email: `payer@${EMAIL_DOMAIN}`,
      p_extras: [{ service_id: serviceId, quantity: 2 }],
    });
    expect(bookError).toBeNull();
    const [mail] = await sql<{ token: string }>(
      `select data ->> 'token' as token from public.email_outbox
       where booking_id = $1 and kind = 'request_acknowledgement'`,
      [booked!.booking_id],
    );
    const { data, error } = await anonClient().rpc('booking_payments_by_link', {
      p_reference: booked!.reference!,
      p_token: mail.token,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      booking_id: booked!.booking_id,
      total_cents: booked!.total_cents,
      extras_cents: 4800,
      rate_plan: 'flexible',
      paid_cents: 0,
      refund_pending_cents: 0,
      extras: [{ name: 'Typed breakfast', pricing_unit: 'per_night', quantity: 2, line_total_cents: 4800 }],
      payments: [],
    });
    // the keys the page has always read, no more, no fewer; the flexible rate: nothing is null
    expect(keyPaths(data as Json).sort()).toEqual(
      [
        'booking_id',
        'total_cents',
        'deposit_cents',
        'balance_cents',
        'extras_cents',
        'rate_plan',
        'paid_cents',
        'due_now_cents',
        'free_cancellation_until',
        'refund_if_cancelled_today',
        'refund_pending_cents',
        'can_pay',
        'payment_after_acceptance',
        'extras',
        'extras[].name',
        'extras[].pricing_unit',
        'extras[].quantity',
        'extras[].unit_price_cents',
        'extras[].line_total_cents',
        'payments',
        // the folio (issue 39): its totals and its lines
        'folio',
        ...[
          'charged_cents',
          'paid_cents',
          'refunded_cents',
          'balance_cents',
          'city_tax_due_cents',
          'city_tax_collected_cents',
          'city_tax_open_cents',
          'stay_balance_cents',
          'paid_online_cents',
          'refund_pending_cents',
          'extras_cents',
        ].map((key) => `folio.${key}`),
        'folio_lines',
        ...[
          'id',
          'kind',
          'side',
          'description',
          'night',
          'quantity',
          'unit_price_cents',
          'amount_cents',
          'method',
          'correction',
          'reverses_id',
          'actor',
          'recorded_at',
        ].map((key) => `folio_lines[].${key}`),
      ].sort(),
    );
    // a line of the folio leaves out what it does not have (a night has no method); nothing else is null
    expect(nullPaths(data as Json).filter((path) => !path.startsWith('folio_lines[]'))).toEqual([]);
    const folio = (data as { folio: { charged_cents: number; balance_cents: number } }).folio;
    expect(folio.balance_cents).toBe(folio.charged_cents);
  });

  it('check_promo_code answers its status from a closed list, the discount only when valid', async () => {
    const answer = async (code: string) =>
      (await anonClient().rpc('check_promo_code', { p_code: code, p_room_id: roomId })).data;
    expect(await answer('save15')).toEqual({ status: 'valid', discount_percentage: 15 });
    expect(await answer('NOPE-NOPE')).toEqual({ status: 'not_found', discount_percentage: null });
  });
});

describe('the refusals of extras and rate plans, as the site receives them', () => {
  // dates no earlier test books: request_booking must reach the extras and the rate plan
  let freeIn: string;
  let freeOut: string;
  beforeAll(async () => {
    freeIn = await dbDate(210);
    freeOut = await dbDate(212);
  });
  const stay = (extras: unknown, ratePlan = 'flexible') => ({
    p_room_id: roomId,
    p_check_in: freeIn,
    p_check_out: freeOut,
    p_guests: 2,
    p_extras: extras as never,
    p_rate_plan: ratePlan,
  });
  /** quote_stay's and request_booking's refusal of the same stay: both must carry the code and values. */
  async function refusals(extras: unknown, ratePlan?: string) {
    await sql('truncate private.rate_limit_hits, private.booking_request_origins');
    const quoted = await anonClient().rpc('quote_stay', stay(extras, ratePlan));
    const requested = await anonClient().rpc('request_booking', {
      ...stay(extras, ratePlan),
      p_guest_name: 'Refused Guest',
      p_guest_email: `refused@${EMAIL_DOMAIN}`,
    });
    expect(quoted.data).toBeNull();
    expect(requested.data).toBeNull();
    const seen = [quoted.error, requested.error].map((error) => ({
      code: error?.hint,
      message: error?.message,
      details: error?.details ? JSON.parse(error.details) : null,
    }));
    expect(seen[1]).toEqual(seen[0]);
    return seen[0];
  }

  it('an extra that is not offered, one chosen twice, too many, or a quantity out of range', async () => {
    expect(await refusals([{ service_id: crypto.randomUUID(), quantity: 1 }])).toEqual({
      code: 'extra_unavailable',
      message: 'This extra is not available.',
      details: null,
    });
    const twice = [
      { service_id: serviceId, quantity: 1 },
      { service_id: serviceId, quantity: 2 },
    ];
    expect((await refusals(twice)).code).toBe('extra_repeated');
    const eleven = Array.from({ length: 11 }, () => ({ service_id: serviceId, quantity: 1 }));
    expect(await refusals(eleven)).toMatchObject({ code: 'extras_too_many', details: { max_extras: 10 } });
    await sql(`update public.services set translations = '{"it": {"name": "Colazione tipica"}}' where id = $1`, [
      serviceId,
    ]);
    expect(await refusals([{ service_id: serviceId, quantity: 21 }])).toEqual({
      code: 'extra_quantity',
      message: 'Please choose a valid quantity for Typed breakfast.',
      // named in each language, in English where it has no translation
      details: {
        service: 'Typed breakfast',
        service_it: 'Colazione tipica',
        service_fr: 'Typed breakfast',
        max_quantity: 20,
      },
    });
    // an extra per person: at most one per guest
    await sql(`update public.services set pricing_unit = 'per_person' where id = $1`, [serviceId]);
    try {
      expect(await refusals([{ service_id: serviceId, quantity: 3 }])).toMatchObject({
        code: 'extra_quantity',
        details: { max_quantity: 2 },
      });
    } finally {
      await sql(`update public.services set pricing_unit = 'per_night', translations = '{}' where id = $1`, [
        serviceId,
      ]);
    }
  });

  it('a rate plan that does not exist, and the non-refundable rate when the house does not offer it', async () => {
    expect(await refusals([], 'cheapest')).toEqual({
      code: 'rate_plan_invalid',
      message: 'Please choose a valid rate.',
      details: null,
    });
    await sql('update public.payment_policy set nonrefundable_enabled = false where singleton');
    try {
      expect(await refusals([], 'non_refundable')).toEqual({
        code: 'non_refundable_unavailable',
        message: 'The non-refundable rate is not offered.',
        details: null,
      });
    } finally {
      await sql('update public.payment_policy set nonrefundable_enabled = true where singleton');
    }
    // nothing was booked by the refused requests
    const [count] = await sql<{ n: number }>(`select count(*)::int as n from public.bookings where guest_email = $1`, [
      `refused@${EMAIL_DOMAIN}`,
    ]);
    expect(count.n).toBe(0);
  });
});
