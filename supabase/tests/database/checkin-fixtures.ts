// The shared half of the online check-in files (checkin-*.test.ts, issue 34 sections 1-3): confirmed
// stays of their own in room 3 from current_date + 800 on with a link token, the guest link's read
// and save, the movable clock, the stored guest rows, and the set-up each file runs. The file's
// stays and filings go after it. The guests' identity fields: checkin-guests-fixtures.ts.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO, SEED, anonClient, dbDate, signedInClient, sql, type Client } from '../support';

export let staff: Client;
export let admin: Client;
export let nextDay = 800;
const created: string[] = [];

export interface Stay {
  bookingId: string;
  reference: string;
  token: string;
  checkIn: string;
}

/** A confirmed stay of its own, `nights` long, starting `startOffset` days from today, and a link token. */
export async function confirmedStay(guests = 2, nights = 3): Promise<Stay> {
  const start = nextDay;
  nextDay += nights + 1;
  const checkIn = await dbDate(start);
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Maria D''Angelo', 'checkin@test.example.com', $2, $3, $4, 'confirmed') returning id::text, reference`,
    [SEED.room(3), checkIn, await dbDate(start + nights), guests],
  );
  created.push(row.id);
  const [token] = await sql<{ token: string }>(
    'select private.issue_booking_token(b) as token from public.bookings b where b.id = $1',
    [row.id],
  );
  return { bookingId: row.id, reference: row.reference, token: token.token, checkIn };
}

export const save = (stay: Stay, guests: unknown[], client: Client = anonClient()) =>
  client.rpc('save_checkin_by_link', { p_reference: stay.reference, p_token: stay.token, p_guests: guests as never });

/** Moves the database clock so that "today" in Rome is `date` at noon. */
export async function setToday(date: string): Promise<void> {
  await sql(
    `update private.clock_offset set offset_by =
       (($1::date + time '12:00') at time zone 'Europe/Rome') - now()`,
    [date],
  );
}
export const resetClock = () => sql("update private.clock_offset set offset_by = interval '0'");

export const guestRows = (bookingId: string) =>
  sql<Record<string, unknown>>('select * from public.booking_guests where booking_id = $1 order by position', [
    bookingId,
  ]);

/**
 * The calling file's set-up: staff and an admin signed in; the clock put back before each test;
 * the file's guests, filings and stays removed after the file.
 */
export function setUpCheckin() {
  beforeAll(async () => {
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  });

  beforeEach(resetClock);

  afterAll(async () => {
    await resetClock();
    await sql('delete from public.booking_guests where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.police_filings where guest_count > 0 and arrival_day >= current_date + 800');
    await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
  });
}
