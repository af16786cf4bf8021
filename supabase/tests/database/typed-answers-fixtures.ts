// The shared half of the typed-answer files (typed-answers-*.test.ts, issue 29 section 3): stays of
// their own in a room of the calling file's own from current_date + 1500 on, the rate-limit records
// of an action, a stay's guests as private.booking_guest_json writes them, the review link a
// check-out sends, and the set-up each file runs. The French guest's fields: checkin-fixtures.ts.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Json } from '../json-paths';
import { DEMO, dbDate, signedInClient, sql, type Client } from '../support';

const EMAIL = 'guest@typed-answers.test.example.com';
let roomId: string;
export let staff: Client;
export let admin: Client;
let nextDay = 1500;

/** A stay of its own in the test room, two nights from `current_date + offset`. */
export async function stay(status: 'confirmed' | 'checked_in', guests = 1) {
  const start = nextDay;
  nextDay += 3;
  const checkIn = await dbDate(start);
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Élodie Lefèvre', $2, $3, $4, $5, $6) returning id::text, reference`,
    [roomId, EMAIL, checkIn, await dbDate(start + 2), guests, status],
  );
  return { id: row.id, reference: row.reference, checkIn };
}

export const hits = async (action: string) =>
  (await sql<{ n: number }>('select count(*)::int as n from private.rate_limit_hits where action = $1', [action]))[0].n;

/** A stay's guests as private.booking_guest_json writes them. */
export const guestsJson = async (bookingId: string) =>
  (
    await sql<{ guests: Json }>(
      `select coalesce(jsonb_agg(private.booking_guest_json(g) order by g.position), '[]') as guests
       from public.booking_guests g where g.booking_id = $1`,
      [bookingId],
    )
  )[0].guests;

/** The review link the stay's check-out sent. */
export async function reviewToken(bookingId: string) {
  expect((await staff.from('bookings').update({ status: 'checked_out' }).eq('id', bookingId)).error).toBeNull();
  const [{ token }] = await sql<{ token: string }>(
    "select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'review_request'",
    [bookingId],
  );
  return token;
}

/** The keys of an answer, sorted. */
export const keys = (value: unknown) => Object.keys(value as object).sort();

/**
 * The calling file's set-up: the room, staff and an admin signed in, the guest links' rate-limit
 * records cleared; the room, its stays and those records removed after the file.
 */
export function setUpTypedAnswers() {
  beforeAll(async () => {
    const [room] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ('Typed answers room', $1, 'classic', 'available', 100, 2) returning id::text`,
      [`TA-${Math.random().toString(36).slice(2, 8)}`],
    );
    roomId = room.id;
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    await sql(
      "delete from private.rate_limit_hits where action in ('booking_link', 'checkin_search', 'submit_review')",
    );
  });

  afterAll(async () => {
    await sql('delete from public.bookings where room_id = $1', [roomId]);
    await sql('delete from public.rooms where id = $1', [roomId]);
    await sql(
      "delete from private.rate_limit_hits where action in ('booking_link', 'checkin_search', 'submit_review')",
    );
  });
}
