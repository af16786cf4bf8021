// The shared half of the seasonal-rate files (room-rates-*.test.ts, issue 22): a room of the calling
// file's own with two seasons ("Spring" and "Summer", from the first Monday from current_date + 120
// on) and two promo codes, quote_stay and request_booking on it, and the set-up each file runs.
// Guest e-mails @rates.test.example.com; the room and its bookings go after the file.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEMO, anonClient, dbDate, signedInClient, sql, type Client } from '../support';

export const EMAIL_DOMAIN = 'rates.test.example.com';
/** "Friday 11 December 2026", as the stay-rule sentences name a day. */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export let roomId: string;
/** The first Monday from current_date + 120 on: "Spring" covers its two weeks, "Summer" the next two. */
let monday: string;
export let staff: Client;
export const day = (offset: number, from = monday) => {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};
export const longDay = (iso: string) => LONG_DATE.format(new Date(`${iso}T00:00:00Z`)).replace(',', '');

export interface Quote {
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

export async function quote(
  checkIn: string,
  checkOut: string,
  guests = 2,
  promo?: string,
  client: Client = anonClient(),
) {
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

export function requestBooking(checkIn: string, checkOut: string, promo?: string) {
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

/**
 * The calling file's set-up: the room, its seasons and promo codes, staff signed in; limits cleared
 * before each test; the room and its bookings removed after the file.
 */
export function setUpRoomRates() {
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
}
