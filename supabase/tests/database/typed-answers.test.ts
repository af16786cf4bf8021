// Typed answers of the guest's check-in and review pages and of three staff screens (issue 29,
// section 3; migration 20261129010000): which fields each answer leaves null (the site's `Filled`
// types, src/lib/rpc-rows.ts, say the same), that each keeps every key its jsonb answer had, and
// that a token-checked read still keeps its rate-limit record when the token is wrong.
// Stays from current_date + 1500 on, in a room of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nullPaths, type Json } from '../json-paths';
import { DEMO, anonClient, dbDate, serviceClient, signedInClient, sql, type Client } from '../support';

const EMAIL = 'guest@typed-answers.test.example.com';
const FRANCIA = '100000215';
const single = {
  guest_type: 16,
  surname: 'Lefèvre',
  given_names: 'Élodie',
  sex: 'F',
  birth_date: '1990-02-03',
  birth_state_code: FRANCIA,
  citizenship_code: FRANCIA,
  residence_state_code: FRANCIA,
  document_type_code: 'PASOR',
  document_number: '18AB12345',
  document_issue_place_code: FRANCIA,
};

let roomId: string;
let staff: Client;
let admin: Client;
let nextDay = 1500;

/** A stay of its own in the test room, two nights from `current_date + offset`. */
async function stay(status: 'confirmed' | 'checked_in', guests = 1) {
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

const hits = async (action: string) =>
  (await sql<{ n: number }>('select count(*)::int as n from private.rate_limit_hits where action = $1', [action]))[0].n;

/** A stay's guests as private.booking_guest_json writes them. */
const guestsJson = async (bookingId: string) =>
  (await sql<{ guests: Json }>('select private.booking_guests_json($1) as guests', [bookingId]))[0].guests;

/** The keys of an answer, sorted. */
const keys = (value: unknown) => Object.keys(value as object).sort();

beforeAll(async () => {
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Typed answers room', $1, 'classic', 'available', 100, 2) returning id::text`,
    [`TA-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  await sql("delete from private.rate_limit_hits where action in ('checkin_link', 'review_invitation')");
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = $1', [roomId]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql("delete from private.rate_limit_hits where action in ('checkin_link', 'review_invitation')");
});

describe('the guest’s online check-in (public.guest_checkin_view, written as JSON)', () => {
  it('fills every field, keeps the jsonb answer’s keys, and answers the same after a save', async () => {
    const booking = await stay('confirmed');
    const [{ token }] = await sql<{ token: string }>(
      'select private.issue_booking_token(b) as token from public.bookings b where b.id = $1',
      [booking.id],
    );
    const link = { p_reference: booking.reference, p_token: token };
    const saved = await anonClient().rpc('save_checkin_by_link', { ...link, p_guests: [single] });
    expect(saved.error).toBeNull();
    const { data, error } = await anonClient().rpc('checkin_by_link', link);
    expect(error).toBeNull();
    expect(data).toEqual(saved.data);
    expect(keys(data)).toEqual([
      'check_in',
      'check_out',
      'checked_in',
      'complete',
      'document_types',
      'editable',
      'guests',
      'guests_expected',
      'missing_count',
      'reference',
      'retention_days',
      'status',
    ]);
    // a guest's own fields may be null (ServerGuest); nothing else is
    expect(nullPaths(data as Json).filter((path) => !path.startsWith('guests[]'))).toEqual([]);
    // the guests' rows (public.checkin_guest) are private.booking_guest_json's, nothing lost
    expect((data as { guests: unknown[] }).guests).toEqual(await guestsJson(booking.id));
    expect(data).toMatchObject({ reference: booking.reference, status: 'confirmed', complete: true, missing_count: 0 });
    expect((data as { document_types: unknown[] }).document_types[0]).toEqual({
      code: expect.any(String),
      name: expect.any(String),
    });
  });

  it('answers null to a wrong link, and keeps the attempt’s rate-limit record', async () => {
    const booking = await stay('confirmed');
    const before = await hits('checkin_link');
    const { data, error } = await anonClient().rpc('checkin_by_link', {
      p_reference: booking.reference,
      p_token: 'not-a-token-but-long-enough',
    });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(await hits('checkin_link')).toBe(before + 1);
  });
});

describe('the review link (public.review_invitation_view)', () => {
  it('names the stay, every field filled, for a valid link', async () => {
    const booking = await stay('checked_in');
    expect((await staff.from('bookings').update({ status: 'checked_out' }).eq('id', booking.id)).error).toBeNull();
    const [{ token }] = await sql<{ token: string }>(
      "select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'review_request'",
      [booking.id],
    );
    const { data, error } = await anonClient().rpc('review_invitation', { p_token: token });
    expect(error).toBeNull();
    expect(keys(data)).toEqual(['check_in_date', 'check_out_date', 'expires_at', 'guest_name', 'room_name', 'status']);
    expect(nullPaths(data as Json)).toEqual([]);
    expect(data).toMatchObject({ status: 'valid', guest_name: 'Élodie Lefèvre', room_name: 'Typed answers room' });
  });

  it('answers only the status of a link that is not valid, and keeps the attempt’s record', async () => {
    const before = await hits('review_invitation');
    const { data, error } = await anonClient().rpc('review_invitation', { p_token: 'not-a-real-token-at-all' });
    expect(error).toBeNull();
    expect(data).toEqual({
      status: 'invalid',
      guest_name: null,
      room_name: null,
      check_in_date: null,
      check_out_date: null,
      expires_at: null,
    });
    expect(await hits('review_invitation')).toBe(before + 1);
  });
});

describe('the staff screens', () => {
  it('staff_arrivals: every field of a stay but when it was checked in; its guests as saved', async () => {
    const booking = await stay('confirmed');
    await sql('select private.save_booking_guests(b, $2::jsonb, $3) from public.bookings b where b.id = $1', [
      booking.id,
      JSON.stringify([single]),
      'staff',
    ]);
    const { data, error } = await staff.rpc('staff_arrivals', { p_day: booking.checkIn });
    expect(error).toBeNull();
    expect(data?.day).toBe(booking.checkIn);
    const arrival = data?.bookings?.find((b) => b.booking_id === booking.id);
    expect(keys(arrival)).toEqual([
      'booking_id',
      'check_in',
      'check_out',
      'checked_in_at',
      'complete',
      'guest_name',
      'guests',
      'guests_expected',
      'nights',
      'reference',
      'room_name',
      'status',
    ]);
    expect(nullPaths(arrival as Json).filter((path) => !path.startsWith('guests[]'))).toEqual(['checked_in_at']);
    expect(arrival).toMatchObject({ room_name: 'Typed answers room', nights: 2, guests_expected: 1, complete: true });
    expect(arrival?.guests?.map((guest) => guest.surname)).toEqual(['Lefèvre']);
    expect(arrival?.guests).toEqual(await guestsJson(booking.id));
    expect(data?.document_types?.length).toBeGreaterThan(0);
    expect(nullPaths(data?.document_types as Json)).toEqual([]);

    // a day without arrivals: empty lists, not null
    const empty = await staff.rpc('staff_arrivals', { p_day: await dbDate(1499) });
    expect(empty.data?.bookings).toEqual([]);
    expect(nullPaths(empty.data as Json)).toEqual([]);
  });

  it('money_received: three sums, zero when nothing was received, never null', async () => {
    const all = await staff.rpc('money_received');
    expect(all.error).toBeNull();
    expect(keys(all.data)).toEqual(['city_tax_cents', 'received_cents', 'refunded_cents']);
    expect(nullPaths(all.data as Json)).toEqual([]);
    const none = await staff.rpc('money_received', { p_since: await dbDate(3000) });
    expect(none.data).toEqual({ received_cents: 0, refunded_cents: 0, city_tax_cents: 0 });
    expect((await anonClient().rpc('money_received')).error?.code).toBe('42501');
  });

  it('deploy_hook_settings, set_deploy_hook and remove_deploy_hook answer the same masked settings', async () => {
    const set = await admin.rpc('set_deploy_hook', { p_url: 'https://hooks.example.com/build/typed-answers-0007' });
    try {
      expect(set.error).toBeNull();
      expect(keys(set.data)).toEqual(['configured', 'masked_url', 'rebuild_due_at', 'updated_at']);
      expect(set.data).toMatchObject({ configured: true, masked_url: 'https://hooks.example.com/…0007' });
      expect(set.data?.updated_at).toEqual(expect.any(String));
      expect((await admin.rpc('deploy_hook_settings')).data).toEqual(set.data);
    } finally {
      const removed = await admin.rpc('remove_deploy_hook');
      expect(removed.error).toBeNull();
      // none set: only whether one is
      expect(removed.data).toEqual({ configured: false, masked_url: null, updated_at: null, rebuild_due_at: null });
    }
    expect((await staff.rpc('deploy_hook_settings')).error?.code).toBe('42501');
  });
});

describe('payment_checkout_start', () => {
  it('refuses a call without the client’s address with the code no_address', async () => {
    const { data, error } = await serviceClient().rpc('payment_checkout_start', {
      p_booking_id: crypto.randomUUID(),
      p_reference: '',
      p_token: '',
      p_client_address: ' ',
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: 'P0001',
      hint: 'no_address',
      message: 'We could not tell where your request comes from. Please try again.',
    });
  });
});
