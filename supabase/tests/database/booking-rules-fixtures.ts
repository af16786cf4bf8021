// The shared half of the booking-rules files (booking-rules-*.test.ts): requests through
// request_booking as a guest makes them, dates and rooms of their own, and the set-up each file runs.
// Requests use dates from current_date + 90 on (seed bookings lie within -30..+60) and guest
// e-mails @rules.test.example.com; both, the promo counters and the rate limit are reset after each
// file. The seed's rate seasons are set aside while a file runs (its prices are the rooms' flat
// ones) and put back afterwards; room-rates-*.test.ts test the seasons.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEMO, SEED, anonClient, dbDate, signedInClient, sql, type Client } from '../support';

export const EMAIL_DOMAIN = 'rules.test.example.com';
export const TOO_MANY = 'Too many booking requests. Please try again in a few minutes.';
export const PROMO = {
  ROMA10: '30000000-0000-4000-8000-000000000001',
  LASTONE15: '30000000-0000-4000-8000-000000000003',
} as const;

export interface BookingArgs {
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
export let today: string;
/** today + n days (computed from the database's current_date, calendar arithmetic in UTC) */
export const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
/** `iso` plus n days */
export const dayAfter = (iso: string, n: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 90;
/** A date range no other request of the calling file uses (from +90 on, a day's gap between ranges). */
export const freshRange = (nights = 2) => {
  const start = nextFreeDay;
  nextFreeDay += nights + 1;
  return { p_check_in: day(start), p_check_out: day(start + nights) };
};

export const request = (overrides: Partial<BookingArgs> = {}): BookingArgs => ({
  p_room_id: SEED.room(1),
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Ada Lovelace',
  p_guest_email: `ada@${EMAIL_DOMAIN}`,
  ...overrides,
});

/**
 * request_booking as a guest calls it. The open-request limit (2 per address and e-mail, tested in
 * stay-requests-limits.test.ts) is lifted after each stored request: every request here comes from one
 * address and e-mail, and this file tests the other rules.
 */
export async function requestBooking(args: BookingArgs, client: Client = anonClient()) {
  const result = await client.rpc('request_booking', args as never);
  if (!result.error) await sql('truncate private.booking_request_origins');
  return result;
}

export const bookingCount = async () =>
  (await sql<{ n: number }>('select count(*)::int as n from public.bookings'))[0].n;
export const promoUses = async () =>
  Object.fromEntries(
    (
      await sql<{ id: string; current_uses: number }>(
        'select id::text, current_uses from public.room_promo_codes order by id',
      )
    ).map((r) => [r.id, r.current_uses]),
  );
export const bookingRow = async (id: string) =>
  (
    await sql<{ row: Record<string, unknown> }>('select to_jsonb(b) as row from public.bookings b where id = $1', [id])
  )[0]?.row ?? null;

export const deleteBooking = (id: string) => sql('delete from public.bookings where id = $1', [id]);

/** Calls request_booking and expects the refusal `message`, with no booking stored and no promo use counted. */
export async function expectBookingRefused(args: BookingArgs, message: string, client?: Client) {
  const [bookings, uses] = [await bookingCount(), await promoUses()];
  const { data, error } = await requestBooking(args, client);
  expect(data).toBeNull();
  expect(error?.code, error?.message).toBe('P0001');
  expect(error?.message).toBe(message);
  expect(await bookingCount()).toBe(bookings);
  expect(await promoUses()).toEqual(uses);
}

export let seedPromoUses: Record<string, number>;
export let staff: Client;
export let admin: Client;
/** rooms created by the calling file (deleted at the end with their bookings) */
const ownRooms: string[] = [];

export async function createRoom(price: string, status = 'available', maxGuests = 2): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Rules room', $1, 'classic', $2, $3, $4) returning id::text`,
    [`R-${Math.random().toString(36).slice(2, 8)}`, status, price, maxGuests],
  );
  ownRooms.push(row.id);
  return row.id;
}

let seedSeasons: unknown[] = [];

/**
 * The calling file's set-up: the seed's seasons set aside, the promo counters noted, staff and admin
 * signed in; the rate limit cleared before each test; after the file its bookings and rooms removed
 * and the seasons, counters and rate limit as they were.
 */
export function setUpBookingRules() {
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
      await sql('update public.room_promo_codes set current_uses = $2 where id = $1 and current_uses <> $2', [
        id,
        uses,
      ]);
    }
    await sql('truncate private.rate_limit_hits');
    await sql(
      'insert into public.room_rate_seasons select * from jsonb_populate_recordset(null::public.room_rate_seasons, $1::jsonb)',
      [JSON.stringify(seedSeasons)],
    );
    expect(await promoUses()).toEqual(seedPromoUses);
  });
}

/**
 * Room 1's pending request over +14..+17 is the seed's CG-DEMO07. Another file's timers, run with the
 * clock moved days ahead, expire it when that file runs first; then a pending request of the calling
 * block's own stands in for it, over the same nights, while the block runs.
 */
export function keepRoomOneHeld() {
  let standIn: string | null = null;
  beforeAll(async () => {
    const [seeded] = await sql<{ status: string }>(
      "select status::text from public.bookings where reference = 'CG-DEMO07'",
    );
    if (seeded.status === 'pending') return;
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
         hold_expires_at)
       values ($1, 'Hold Stand-in', 'stand-in@booking-rules.test.example.com', $2, $3, 2, 'pending', now() + interval '1 hour')
       returning id::text`,
      [SEED.room(1), day(14), day(17)],
    );
    standIn = row.id;
  });
  afterAll(async () => {
    if (standIn) await sql('delete from public.bookings where id = $1', [standIn]);
  });
}
