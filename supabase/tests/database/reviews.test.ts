// Reviews from guests (issue 24), through supabase-js and, where the client address must be
// chosen, through SQL run as anon: the review link issued at check-out with its e-mail, used once
// and valid 30 days (measured with private.clock_now(), which a test moves forward instead of
// waiting), one review per stay, no review without a link, input checks, the per-address limit,
// moderation by staff, what anon sees, the computed headline, and the audit trail. Stays use
// dates from current_date + 500 on.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  anonClient,
  dbDate,
  dispatchEmails,
  newUserClient,
  deleteUsers,
  latestMail,
  platform,
  signedInClient,
  sql,
  type Client,
} from '../support';

const EMAIL = 'reviewer@reviews.test.example.com';
const COMMENT = 'A lovely quiet room, five minutes from the Colosseum. We would come back.';

let staff: Client;
let admin: Client;
let nextDay = 500;
const created: string[] = [];
const users: string[] = [];

/** A booking of its own, checked in, then checked out by staff through the API (the token's origin). */
async function checkedOutStay(
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

interface ReviewInput {
  p_token: string;
  p_rating: number;
  p_comment: string;
  p_guest_name: string;
  p_guest_location?: string | null;
  p_cleanliness_rating?: number | null;
  p_location_rating?: number | null;
  p_staff_rating?: number | null;
}

const review = (token: string, overrides: Partial<ReviewInput> = {}): ReviewInput => ({
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

const submit = (input: ReviewInput, client: Client = anonClient()) => client.rpc('submit_review', input as never);
const invitation = (token: string, client: Client = anonClient()) =>
  client.rpc('review_invitation', { p_token: token });
/** review_invitation's answer for a link that takes no review: its status, the stay's fields null. */
const notValid = (status: 'used' | 'expired' | 'invalid') => ({
  status,
  guest_name: null,
  room_name: null,
  check_in_date: null,
  check_out_date: null,
  expires_at: null,
});

/**
 * Runs one statement as anon, in a transaction where the client address is `address`, as the
 * gateway would report it (null: no address at all).
 */
async function asAnon<T extends pg.QueryResultRow>(
  statement: string,
  params: unknown[],
  address: string | null = '198.51.100.7',
): Promise<T[]> {
  const connection = new pg.Client({ connectionString: platform().dbUrl });
  await connection.connect();
  try {
    await connection.query('begin');
    if (address) {
      await connection.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'x-forwarded-for': address }),
      ]);
    }
    await connection.query('set local role anon');
    const { rows } = await connection.query<T>(statement, params);
    await connection.query('commit');
    return rows;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await connection.end();
  }
}

const reviewsOf = (bookingId: string) =>
  sql<{ id: string; approved: boolean; hidden: boolean; source: string; comment: string }>(
    'select id::text, approved, hidden, source, comment from public.reviews where booking_id = $1',
    [bookingId],
  );

beforeAll(async () => {
  [staff, admin] = await Promise.all([
    signedInClient(DEMO.staff.email, DEMO.staff.password),
    signedInClient(DEMO.admin.email, DEMO.admin.password),
  ]);
});

beforeEach(async () => {
  await sql("delete from private.rate_limit_hits where action in ('submit_review', 'review_invitation')");
});

afterAll(async () => {
  if (created.length) {
    await sql('delete from public.reviews where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
  }
  await sql("delete from private.rate_limit_hits where action in ('submit_review', 'review_invitation')");
  await deleteUsers(...users);
});

describe('the review link', () => {
  it('is issued when staff check a stay out, once per stay, valid 30 days', async () => {
    const { bookingId, token } = await checkedOutStay();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await sql<{ days: number; used_at: string | null }>(
      `select extract(epoch from expires_at - issued_at) / 86400 as days, used_at from private.review_tokens
       where booking_id = $1`,
      [bookingId],
    );
    expect(Number(row.days)).toBe(30);
    expect(row.used_at).toBeNull();

    // the guest's page finds the stay and prefills the name
    const { data, error } = await invitation(token);
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'valid', guest_name: 'Rita Reviewer', room_name: 'Deluxe King' });

    // the e-mail asking for the review is queued with the check-out, in the guest's language
    const mails = await sql<{ recipient: string; language: string; data: Record<string, unknown> }>(
      "select recipient, language, data from public.email_outbox where booking_id = $1 and kind = 'review_request'",
      [bookingId],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: EMAIL, language: 'en' });
    expect(mails[0].data).toMatchObject({ guest_name: 'Rita Reviewer', room_name: 'Deluxe King', token });
    // the database keeps the token's hash only, and staff cannot read the e-mail's data
    expect(
      await sql('select 1 from private.review_tokens where token_hash = extensions.digest($1, $2)', [token, 'sha256']),
    ).toHaveLength(1);
    const staffRead = await staff.from('email_outbox').select('data').eq('booking_id', bookingId);
    expect(staffRead.error?.code).toBe('42501');
  });

  it('reaches the guest: the dispatcher sends the review e-mail with the link to the form', async () => {
    const email = `guest-${Math.random().toString(36).slice(2, 8)}@reviews.test.example.com`;
    const { token } = await checkedOutStay('Marta Mail', email);
    await dispatchEmails();
    const message = await latestMail(email);
    expect(message.subject).toMatch(/^How was your stay, Marta Mail\? \(CG-[0-9A-Z]{6}\)$/);
    expect(message.text).toContain('Deluxe King');
    expect(message.text).toContain(`/review/${token}`);
    expect(message.html).toContain(`/review/${token}`);

    // sent: the token leaves the outbox; staff resending it give the link a new token
    const [sent] = await sql<{ id: string; data: Record<string, unknown> }>(
      "select id::text, data from public.email_outbox where recipient = $1 and kind = 'review_request'",
      [email],
    );
    expect(sent.data.token).toBeUndefined();
    const resend = await staff.rpc('resend_booking_email', { p_email_id: sent.id });
    expect(resend.error).toBeNull();
    const [copy] = await sql<{ token: string }>(
      "select data ->> 'token' as token from public.email_outbox where id = $1",
      [resend.data],
    );
    expect(copy.token).not.toBe(token);
    expect((await invitation(token)).data).toEqual(notValid('invalid'));
    expect((await submit(review(copy.token))).data).toEqual({ status: 'submitted' });
    const again = await staff.rpc('resend_booking_email', { p_email_id: sent.id });
    expect(again.error?.message).toBe('The guest has already reviewed this stay.');
  });

  it('is not issued before check-out, and a wrong link is simply invalid', async () => {
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
       values ($1, 'Not Yet', $2, current_date + 900, current_date + 902, 1, 'confirmed') returning id::text`,
      [SEED.room(2), EMAIL],
    );
    created.push(row.id);
    await staff.from('bookings').update({ status: 'checked_in' }).eq('id', row.id);
    expect(await sql('select 1 from private.review_tokens where booking_id = $1', [row.id])).toEqual([]);
    expect(
      await sql("select 1 from public.email_outbox where booking_id = $1 and kind = 'review_request'", [row.id]),
    ).toEqual([]);

    expect((await invitation('not-a-real-token-but-long-enough-to-look-like-one')).data).toEqual(notValid('invalid'));
    expect((await submit(review('not-a-real-token-but-long-enough-to-look-like-one'))).data).toEqual({
      status: 'invalid',
    });
  });

  it('works once: the review is stored unapproved, then the link says it was used', async () => {
    const { bookingId, token } = await checkedOutStay();
    const first = await submit(review(token));
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ status: 'submitted' });
    const [stored] = await reviewsOf(bookingId);
    expect(stored).toMatchObject({ approved: false, hidden: false, source: 'stay', comment: COMMENT });

    const second = await submit(
      review(token, { p_comment: 'A second opinion on the very same stay, please count it.' }),
    );
    expect(second.data).toEqual({ status: 'used' });
    expect((await invitation(token)).data).toEqual(notValid('used'));
    expect(await reviewsOf(bookingId)).toHaveLength(1);
  });

  it('expires 30 days after check-out (the clock moved forward, no waiting)', async () => {
    const { bookingId, token } = await checkedOutStay();
    const moveClock = (offset: string) => sql('update private.clock_offset set offset_by = $1::interval', [offset]);
    try {
      await moveClock('29 days 23 hours');
      expect((await invitation(token)).data).toMatchObject({ status: 'valid' });
      await moveClock('30 days 1 minute');
      expect((await invitation(token)).data).toEqual(notValid('expired'));
      expect((await submit(review(token))).data).toEqual({ status: 'expired' });
      expect(await reviewsOf(bookingId)).toEqual([]);

      // a minute before the end it still takes the review, dated by the same clock
      await moveClock('29 days 23 hours 59 minutes');
      expect((await submit(review(token))).data).toEqual({ status: 'submitted' });
      const [row] = await sql<{ days: number }>(
        `select r.review_date - (t.issued_at at time zone 'Europe/Rome')::date as days
         from public.reviews r join private.review_tokens t on t.booking_id = r.booking_id where r.booking_id = $1`,
        [bookingId],
      );
      expect(Number(row.days)).toBeGreaterThanOrEqual(29);
    } finally {
      await moveClock('0');
    }
  });

  it('one review per stay: even a link made usable again cannot add a second one', async () => {
    const { bookingId, token } = await checkedOutStay();
    expect((await submit(review(token))).data).toEqual({ status: 'submitted' });
    await sql('update private.review_tokens set used_at = null where booking_id = $1', [bookingId]);
    expect((await submit(review(token))).data).toEqual({ status: 'used' });
    await expect(
      sql(
        `insert into public.reviews (source, booking_id, guest_name, rating, comment) values ('stay', $1, 'Twice', 5, 'Again')`,
        [bookingId],
      ),
    ).rejects.toThrow(/reviews_booking_id_key/);
    expect(await reviewsOf(bookingId)).toHaveLength(1);
  });
});

describe('no review without a link', () => {
  it('anon and signed-in users without a role cannot insert reviews; staff cannot forge a review of a stay', async () => {
    const { bookingId } = await checkedOutStay();
    const forged = { guest_name: 'Forged', rating: 5, comment: COMMENT, approved: true };

    const anonymous = await anonClient().from('reviews').insert(forged);
    expect(anonymous.error?.code).toBe('42501');
    const user = await newUserClient('reviews-forger');
    users.push(user.userId);
    const asUser = await user.client.from('reviews').insert(forged);
    expect(asUser.error?.code).toBe('42501');

    const asStaff = await staff
      .from('reviews')
      .insert({ ...forged, source: 'stay', booking_id: bookingId, approved: false });
    expect(asStaff.error?.code).toBe('42501');
    expect(await reviewsOf(bookingId)).toEqual([]);
    expect(await sql("select 1 from public.reviews where guest_name = 'Forged'")).toEqual([]);
  });

  it('checks ratings, lengths and plain text, and a refused review leaves the link usable', async () => {
    const { bookingId, token } = await checkedOutStay();
    // each refusal: its sentence, and the code (hint) and values (details) the page translates it from
    const refusals: [Partial<ReviewInput>, RegExp, string, object | null][] = [
      [{ p_rating: 0 }, /overall rating from 1 to 5/, 'review_rating_range', null],
      [{ p_rating: 6 }, /overall rating from 1 to 5/, 'review_rating_range', null],
      [{ p_staff_rating: 9 }, /cleanliness, location and staff go from 1 to 5/, 'review_scores_range', null],
      [
        { p_comment: 'Too short, sorry.' },
        /at least 20 characters/,
        'review_field_too_short',
        { field: 'comment', min_length: 20 },
      ],
      [
        { p_comment: 'x'.repeat(2001) },
        /at most 2000 characters/,
        'review_field_too_long',
        { field: 'comment', max_length: 2000 },
      ],
      [
        { p_comment: 'Great stay! <script>alert(1)</script> really great.' },
        /plain text, without HTML/,
        'review_field_html',
        { field: 'comment' },
      ],
      [{ p_guest_name: '   ' }, /Please enter your name/, 'review_field_missing', { field: 'name' }],
      [{ p_guest_name: '<b>Bold</b> Guest' }, /plain text/, 'review_field_html', { field: 'name' }],
      [
        { p_guest_location: 'y'.repeat(101) },
        /at most 100 characters/,
        'review_field_too_long',
        { field: 'country', max_length: 100 },
      ],
      [{ p_guest_name: 'Rita\u202eReviewer' }, /characters that are not allowed/, 'text_not_allowed', null],
    ];
    for (const [overrides, message, code, values] of refusals) {
      const { data, error } = await submit(review(token, overrides));
      const what = JSON.stringify(overrides).slice(0, 80);
      expect(data, what).toBeNull();
      expect(error?.message, what).toMatch(message);
      expect(error?.hint, what).toBe(code);
      if (values) expect(JSON.parse(error?.details ?? 'null'), what).toEqual(values);
    }
    expect(await reviewsOf(bookingId)).toEqual([]);

    // line breaks are fine; the texts are stored trimmed; optional scores may be left out
    const { data } = await submit(
      review(token, {
        p_comment: `  ${'Great stay.\nThank you!'.padEnd(30, '!')}  `,
        p_guest_location: '  ',
        p_cleanliness_rating: null,
        p_location_rating: null,
        p_staff_rating: null,
      }),
    );
    expect(data).toEqual({ status: 'submitted' });
    const [row] = await sql<{ comment: string; guest_location: string | null; cleanliness_rating: number | null }>(
      'select comment, guest_location, cleanliness_rating from public.reviews where booking_id = $1',
      [bookingId],
    );
    expect(row).toEqual({ comment: 'Great stay.\nThank you!!!!!!!!!', guest_location: null, cleanliness_rating: null });
  });

  it('limits attempts per client address, counting wrong links too', async () => {
    const { token } = await checkedOutStay();
    for (let i = 0; i < 10; i += 1) {
      const rows = await asAnon<{ r: { status: string } }>(
        'select public.submit_review($1, 5, $2, $3) as r',
        [`wrong-link-${i}-padding-padding-padding-padding`, COMMENT, 'Guesser'],
        '203.0.113.99',
      );
      expect(rows[0].r.status).toBe('invalid');
    }
    await expect(
      asAnon('select public.submit_review($1, 5, $2, $3)', [token, COMMENT, 'Guesser'], '203.0.113.99'),
    ).rejects.toThrow('Too many attempts. Please try again in a few minutes.');
    // without an address there is no answer at all
    await expect(asAnon('select public.review_invitation($1)', [token], null)).rejects.toThrow(
      'We could not tell where your request comes from.',
    );
    // another address is not held up
    const other = await asAnon<{ r: { status: string } }>(
      'select public.submit_review($1, 5, $2, $3) as r',
      [token, COMMENT, 'Real Guest'],
      '203.0.113.100',
    );
    expect(other[0].r.status).toBe('submitted');
  });
});

describe('moderation and what the public sees', () => {
  it('anon reads approved reviews only; staff read pending and hidden ones too', async () => {
    const anonymous = await anonClient().from('reviews').select('id, approved, hidden');
    expect(anonymous.error).toBeNull();
    expect(anonymous.data!.length).toBeGreaterThan(0);
    expect(anonymous.data!.every((row) => row.approved && !row.hidden)).toBe(true);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.reviews where approved');
    expect(anonymous.data).toHaveLength(n);

    const asStaff = await staff.from('reviews').select('id, approved, hidden');
    expect(asStaff.data!.some((row) => row.hidden)).toBe(true);
    expect(asStaff.data!.some((row) => !row.approved && !row.hidden)).toBe(true);
    const [{ all }] = await sql<{ all: number }>('select count(*)::int as all from public.reviews');
    expect(asStaff.data).toHaveLength(all);
  });

  it("staff approve, hide and reply, never edit a guest's words; only admins delete; all of it audited", async () => {
    const { bookingId, token } = await checkedOutStay();
    await submit(review(token));
    const [{ id }] = await reviewsOf(bookingId);

    const approve = await staff.from('reviews').update({ approved: true, hidden: false }).eq('id', id).select();
    expect(approve.error).toBeNull();
    expect((await anonClient().from('reviews').select('id').eq('id', id)).data).toEqual([{ id }]);

    const reply = await staff
      .from('reviews')
      .update({ host_reply: '  Thank you for staying with us!  ' })
      .eq('id', id)
      .select('host_reply, host_reply_at')
      .single();
    expect(reply.data?.host_reply).toBe('Thank you for staying with us!');
    expect(reply.data?.host_reply_at).not.toBeNull();
    const publicRow = await anonClient().from('reviews').select('host_reply').eq('id', id).single();
    expect(publicRow.data?.host_reply).toBe('Thank you for staying with us!');

    const htmlReply = await staff.from('reviews').update({ host_reply: '<a href="x">deal</a>' }).eq('id', id);
    expect(htmlReply.error?.message).toMatch(/reviews_host_reply_plain/);

    for (const patch of [{ comment: 'Edited by staff, much nicer words.' }, { rating: 1 }, { guest_name: 'Someone' }]) {
      const edit = await staff.from('reviews').update(patch).eq('id', id);
      expect(edit.error?.code).toBe('42501');
      const byAdmin = await admin.from('reviews').update(patch).eq('id', id);
      expect(byAdmin.error?.code).toBe('42501');
    }
    const unlink = await admin.from('reviews').update({ source: 'manual', booking_id: null }).eq('id', id);
    expect(unlink.error?.code).toBe('42501');

    const both = await staff.from('reviews').update({ approved: true, hidden: true }).eq('id', id);
    expect(both.error?.message).toMatch(/reviews_approved_or_hidden/);
    const hide = await staff.from('reviews').update({ approved: false, hidden: true }).eq('id', id).select();
    expect(hide.data).toHaveLength(1);
    expect((await anonClient().from('reviews').select('id').eq('id', id)).data).toEqual([]);

    const staffDelete = await staff.from('reviews').delete().eq('id', id).select();
    expect(staffDelete.data).toEqual([]);
    expect(await reviewsOf(bookingId)).toHaveLength(1);
    const adminDelete = await admin.from('reviews').delete().eq('id', id).select();
    expect(adminDelete.data).toHaveLength(1);

    const trail = await sql<{ action: string; user_id: string | null; approved: boolean | null }>(
      `select action, user_id::text, (new_values ->> 'approved')::boolean as approved from public.audit_logs
       where table_name = 'reviews' and record_id = $1 order by created_at, action`,
      [id],
    );
    expect(trail.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(trail[0].user_id).toBeNull(); // the guest, through the link
    expect(trail[1]).toMatchObject({ user_id: SEED.users.staff, approved: true });
    expect(trail[4].user_id).toBe(SEED.users.admin);
  });

  it('staff still enter reviews by hand, marked as such', async () => {
    const { data, error } = await staff
      .from('reviews')
      .insert({ guest_name: 'Letter Writer', guest_location: 'Vienna', rating: 5, comment: 'From our guest book.' })
      .select('id, source, booking_id, approved')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ source: 'manual', booking_id: null, approved: false });
    await sql('delete from public.reviews where id = $1', [data!.id]);
  });
});

describe('the computed headline', () => {
  it('counts and averages the approved reviews of stays only', async () => {
    const summary = async () => {
      const { data, error } = await anonClient().from('review_summary').select('review_count, average_rating').single();
      expect(error).toBeNull();
      return data!;
    };
    const expected = async () =>
      (
        await sql<{ n: number; avg: number | null }>(
          `select count(*)::int as n, round(avg(rating), 2)::float8 as avg from public.reviews
           where approved and source = 'stay'`,
        )
      )[0];

    const before = await summary();
    const truth = await expected();
    expect(before).toEqual({ review_count: truth.n, average_rating: truth.avg });
    // the seed's hand-entered approved reviews are not part of it
    const [{ approved }] = await sql<{ approved: number }>(
      'select count(*)::int as approved from public.reviews where approved',
    );
    expect(before.review_count!).toBeLessThan(approved);

    // a new review counts once approved, not while pending
    const { bookingId, token } = await checkedOutStay();
    await submit(review(token, { p_rating: 1 }));
    expect(await summary()).toEqual(before);
    const [{ id }] = await reviewsOf(bookingId);
    await staff.from('reviews').update({ approved: true }).eq('id', id);
    const after = await summary();
    expect(after.review_count).toBe(before.review_count! + 1);
    expect(after.average_rating).toBe((await expected()).avg);
    expect(after.average_rating!).toBeLessThan(before.average_rating ?? 6);
    await staff.from('reviews').update({ approved: false, hidden: true }).eq('id', id);
    expect(await summary()).toEqual(before);
  });
});
