// Typed booking RPCs (issue 29): quote_stay, request_booking and check_promo_code answer declared
// composite types. The site types them as filled (src/lib/rpc-rows.ts `Filled`): every field but
// the few it lists as nullable is set; and the conversion at the public boundary from
// private.stay_money's jsonb drops nothing (a key added there must be added to the types too).
// A room of its own from current_date + 200 on; guest e-mails @typed.test.example.com.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, dbDate, sql } from '../support';

const EMAIL_DOMAIN = 'typed.test.example.com';
let roomId: string;
let serviceId: string;
let checkIn: string;
let checkOut: string;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The paths of the null fields of a JSON answer ("nightly[].season"), arrays' items merged. */
function nullPaths(value: Json, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => nullPaths(item, `${path}[]`)))];
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => nullPaths(item, path ? `${path}.${key}` : key));
  return [];
}

/** The paths of the keys of a JSON answer, arrays' items merged. */
function keyPaths(value: Json, path = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, `${path}[]`)))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => {
      const here = path ? `${path}.${key}` : key;
      return [here, ...keyPaths(item, here)];
    });
  return [];
}

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
    const nulls = nullPaths(data as Json).filter((path) => path !== 'nightly[].season');
    expect(nulls.sort()).toEqual(['free_cancellation_until', 'promo_code', 'promo_status']);
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
    // one price for all three nights, free cancellation until some day: nothing is null
    expect(nullPaths(data as Json).filter((path) => path !== 'nightly[].season')).toEqual([]);
  });

  it('check_promo_code answers its status from a closed list, the discount only when valid', async () => {
    const answer = async (code: string) =>
      (await anonClient().rpc('check_promo_code', { p_code: code, p_room_id: roomId })).data;
    expect(await answer('save15')).toEqual({ status: 'valid', discount_percentage: 15 });
    expect(await answer('NOPE-NOPE')).toEqual({ status: 'not_found', discount_percentage: null });
  });
});
