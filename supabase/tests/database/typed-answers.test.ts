// Typed answers of the guest's check-in and review pages and of the staff screens (issue 29,
// section 3; migrations 20261129010000 and 20261129015000): which fields each answer leaves null (the site's `Filled`
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
  (
    await sql<{ guests: Json }>(
      `select coalesce(jsonb_agg(private.booking_guest_json(g) order by g.position), '[]') as guests
       from public.booking_guests g where g.booking_id = $1`,
      [bookingId],
    )
  )[0].guests;

/** The review link the stay's check-out sent. */
async function reviewToken(bookingId: string) {
  expect((await staff.from('bookings').update({ status: 'checked_out' }).eq('id', bookingId)).error).toBeNull();
  const [{ token }] = await sql<{ token: string }>(
    "select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'review_request'",
    [bookingId],
  );
  return token;
}

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
  await sql(
    "delete from private.rate_limit_hits where action in ('checkin_link', 'review_invitation', 'submit_review')",
  );
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = $1', [roomId]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql(
    "delete from private.rate_limit_hits where action in ('checkin_link', 'review_invitation', 'submit_review')",
  );
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
    const token = await reviewToken(booking.id);
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

describe('the review form’s answer (public.review_submit_answer, written as JSON)', () => {
  it('answers submitted, then used; a wrong link answers its status and keeps the attempt’s record', async () => {
    const booking = await stay('checked_in');
    const token = await reviewToken(booking.id);
    const review = {
      p_token: token,
      p_rating: 5,
      p_comment: 'A quiet room a few steps from the Colosseum.',
      p_guest_name: 'Élodie',
    };
    const sent = await anonClient().rpc('submit_review', review);
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: 'submitted' });
    expect((await anonClient().rpc('submit_review', review)).data).toEqual({ status: 'used' });

    const before = await hits('submit_review');
    const wrong = await anonClient().rpc('submit_review', { ...review, p_token: 'not-a-real-token-at-all' });
    expect(wrong.error).toBeNull();
    expect(wrong.data).toEqual({ status: 'invalid' });
    expect(await hits('submit_review')).toBe(before + 1);
  });
});

describe('the rate limit of the guest’s links (private.review_rate_limit)', () => {
  it('refuses with too_many_attempts once the address used up its attempts', async () => {
    await anonClient().rpc('review_invitation', { p_token: 'not-a-real-token-at-all' });
    const [{ client_key: client }] = await sql<{ client_key: string }>(
      `select client_key from private.rate_limit_hits where action = 'review_invitation'
       order by created_at desc limit 1`,
    );
    await sql(
      `insert into private.rate_limit_hits (action, client_key) select 'review_invitation', $1 from generate_series(1, 60)`,
      [client],
    );
    try {
      const { data, error } = await anonClient().rpc('review_invitation', { p_token: 'not-a-real-token-at-all' });
      expect(data).toBeNull();
      expect(error).toMatchObject({
        code: 'P0001',
        hint: 'too_many_attempts',
        message: 'Too many attempts. Please try again in a few minutes.',
      });
    } finally {
      await sql("delete from private.rate_limit_hits where action = 'review_invitation'");
    }
  });

  it('refuses a call without the client’s address with the code no_address', async () => {
    await expect(
      sql("select private.review_rate_limit('typed_answers', 10, interval '1 minute')"),
    ).rejects.toMatchObject({
      hint: 'no_address',
      message: 'We could not tell where your request comes from. Please try again.',
    });
  });
});

describe('the staff screens', () => {
  it('police_file_day: every field of a checked-in guest but those not entered; the day’s filings', async () => {
    const booking = await stay('confirmed');
    const saved = await staff.rpc('staff_save_booking_guests', {
      p_booking_id: booking.id,
      p_guests: [{ ...single, document_issue_place_code: null }] as never,
    });
    // the desk's save answers nothing: the screen reads the guests again
    expect(saved).toMatchObject({ error: null, data: null });
    await sql(`update public.bookings set status = 'checked_in' where id = $1`, [booking.id]);
    await sql(
      `insert into public.booking_check_ins (booking_id, checked_in_at) values ($1, ($2 || ' 15:00 Europe/Rome')::timestamptz)
       on conflict (booking_id) do update set checked_in_at = excluded.checked_in_at`,
      [booking.id, booking.checkIn],
    );
    const { data, error } = await staff.rpc('police_file_day', { p_day: booking.checkIn });
    expect(error).toBeNull();
    expect(keys(data)).toEqual(['day', 'filings', 'guests']);
    expect(data).toMatchObject({ day: booking.checkIn, filings: [] });
    const guest = data?.guests?.find((g) => g.booking_id === booking.id);
    expect(keys(guest)).toEqual(
      [
        'arrival_date',
        'birth_comune_code',
        'birth_date',
        'birth_province',
        'birth_state_code',
        'booking_id',
        'citizenship_code',
        'departure_date',
        'document_issue_place_code',
        'document_number',
        'document_type_code',
        'filing_id',
        'given_names',
        'guest_id',
        'guest_type',
        'position',
        'problems',
        'reference',
        'room_name',
        'sex',
        'surname',
      ]
        .concat('verified')
        .sort(),
    );
    // born abroad, no place of issue entered, not yet filed: those only are null (PoliceGuest)
    expect(nullPaths(guest as Json).sort()).toEqual([
      'birth_comune_code',
      'birth_province',
      'document_issue_place_code',
      'filing_id',
    ]);
    expect(guest).toMatchObject({
      reference: booking.reference,
      room_name: 'Typed answers room',
      guest_type: 16,
      arrival_date: booking.checkIn,
      surname: 'Lefèvre',
      verified: false,
    });
    expect(guest?.problems).toContain('not_verified');

    const filed = await sql<{ id: string }>(
      `insert into public.police_filings (arrival_day, guest_count, filed_by) values ($1, 1, $2) returning id::text`,
      [booking.checkIn, (await staff.auth.getUser()).data.user?.id],
    );
    const again = await staff.rpc('police_file_day', { p_day: booking.checkIn });
    await sql('delete from public.police_filings where id = $1', [filed[0].id]);
    expect(again.data?.filings).toEqual([
      { id: filed[0].id, filed_at: expect.any(String), guest_count: 1, filed_by: expect.any(String) },
    ]);

    // a day nobody checked in: empty lists, not null
    const empty = await staff.rpc('police_file_day', { p_day: await dbDate(1499) });
    expect(empty.data).toEqual({ day: await dbDate(1499), guests: [], filings: [] });
    expect((await anonClient().rpc('police_file_day', { p_day: booking.checkIn })).error?.code).toBe('42501');
  });

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

  it('import_alloggiati_table: every field filled, the rejected lines in order (a refused file changes nothing)', async () => {
    const refused = await admin.rpc('import_alloggiati_table', {
      p_table: 'documenti',
      p_rows: [
        ['IDENT', "CARTA D'IDENTITA'"],
        ['TOO-LONG', 'X'],
        ['', 'Y'],
      ] as never,
      p_file_name: 'typed-answers.csv',
    });
    expect(refused.error).toBeNull();
    expect(keys(refused.data)).toEqual(['message', 'rejected', 'rows_read', 'rows_rejected', 'succeeded']);
    expect(nullPaths(refused.data as Json)).toEqual([]);
    expect(refused.data).toEqual({
      succeeded: false,
      rows_read: 3,
      rows_rejected: 2,
      rejected: [
        { line: 3, reason: 'the code is not 1 to 5 letters or digits' },
        { line: 4, reason: 'the code is not 1 to 5 letters or digits' },
      ],
      message: 'Too many rows were rejected: the current table is unchanged.',
    });
    // no rows: an empty list, not null
    const empty = await admin.rpc('import_alloggiati_table', { p_table: 'documenti', p_rows: [] as never });
    expect(empty.data).toEqual({
      succeeded: false,
      rows_read: 0,
      rows_rejected: 0,
      rejected: [],
      message: 'The file has no rows.',
    });
    expect(
      (await staff.rpc('import_alloggiati_table', { p_table: 'documenti', p_rows: [] as never })).error?.code,
    ).toBe('42501');
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
