// The shared half of the review files (reviews-*.test.ts, issue 24): a stay checked out by staff
// through the API, which issues the review link and its e-mail; a review as the guest's form sends
// it, submitted through supabase-js; the reviews of a stay as the database holds them; the clients
// and the set-up each file runs. Stays use dates from current_date + 500 on; the stays, their
// reviews, the users and the rate-limit hits a file made are removed after it.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEMO, SEED, anonClient, dbDate, deleteUsers, signedInClient, sql, type Client } from '../support';

export const EMAIL = 'reviewer@reviews.test.example.com';
export const COMMENT = 'A lovely quiet room, five minutes from the Colosseum. We would come back.';

export let staff: Client;
export let admin: Client;
let nextDay = 500;
/** stays to remove after the file */
export const created: string[] = [];
/** users to delete after the file */
export const users: string[] = [];

/** A booking of its own, checked in, then checked out by staff through the API (the token's origin). */
export async function checkedOutStay(
  guestName = 'Rita Reviewer',
  email = EMAIL,
): Promise<{ bookingId: string; token: string }> {
  const start = nextDay;
  nextDay += 3;
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, $2, $3, $4, $5, 2, 'checked_in') returning id::text`,
    [SEED.room(2), guestName, email, await dbDate(start), await dbDate(start + 2)],
  );
  created.push(row.id);
  const { error } = await staff.from('bookings').update({ status: 'checked_out' }).eq('id', row.id);
  expect(error).toBeNull();
  // the token exists only in the guest's e-mail (the database keeps its hash)
  const [mail] = await sql<{ token: string }>(
    "select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'review_request'",
    [row.id],
  );
  return { bookingId: row.id, token: mail.token };
}

export interface ReviewInput {
  p_token: string;
  p_rating: number;
  p_comment: string;
  p_guest_name: string;
  p_guest_location?: string | null;
  p_cleanliness_rating?: number | null;
  p_location_rating?: number | null;
  p_staff_rating?: number | null;
}

export const review = (token: string, overrides: Partial<ReviewInput> = {}): ReviewInput => ({
  p_token: token,
  p_rating: 5,
  p_comment: COMMENT,
  p_guest_name: 'Rita R.',
  p_guest_location: 'Portugal',
  p_cleanliness_rating: 5,
  p_location_rating: 5,
  p_staff_rating: 4,
  ...overrides,
});

export const submit = (input: ReviewInput, client: Client = anonClient()) =>
  client.rpc('submit_review', input as never);

export const reviewsOf = (bookingId: string) =>
  sql<{ id: string; approved: boolean; hidden: boolean; source: string; comment: string }>(
    'select id::text, approved, hidden, source, comment from public.reviews where booking_id = $1',
    [bookingId],
  );

/** The calling file's set-up: staff and admin signed in; the review rate limit cleared before each test. */
export function setUpReviews() {
  beforeAll(async () => {
    [staff, admin] = await Promise.all([
      signedInClient(DEMO.staff.email, DEMO.staff.password),
      signedInClient(DEMO.admin.email, DEMO.admin.password),
    ]);
  });

  beforeEach(async () => {
    await sql("delete from private.rate_limit_hits where action in ('submit_review', 'booking_link')");
  });

  afterAll(async () => {
    if (created.length) {
      await sql('delete from public.reviews where booking_id = any($1::uuid[])', [created]);
      await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
    }
    await sql("delete from private.rate_limit_hits where action in ('submit_review', 'booking_link')");
    await deleteUsers(...users);
  });
}
