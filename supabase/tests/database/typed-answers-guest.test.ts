// Typed answers of what a guest's links read and send (issue 29 section 3; migrations
// 20261129010000 and 20261129015000): the online check-in, the review link and form, and the
// refusals of the links' rate limit and of a payment start without the client's address. Which
// fields each answer leaves null (the site's `Filled` types, src/lib/rpc-rows.ts, say the same),
// that each keeps every key its jsonb answer had, and that a token-checked read keeps its
// rate-limit record when the token is wrong. Set-up and helpers: typed-answers-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { nullPaths, type Json } from '../json-paths';
import { anonClient, serviceClient, sql } from '../support';
import { setUpTypedAnswers, stay, hits, guestsJson, reviewToken, keys } from './typed-answers-fixtures';
import { single } from './checkin-guests-fixtures';

setUpTypedAnswers();

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
    const before = await hits('booking_link');
    const { data, error } = await anonClient().rpc('checkin_by_link', {
      p_reference: booking.reference,
      p_token: 'not-a-token-but-long-enough',
    });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(await hits('booking_link')).toBe(before + 1);
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
    const before = await hits('booking_link');
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
    expect(await hits('booking_link')).toBe(before + 1);
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

describe('the rate limit of the guest’s links (private.link_attempts_guard, private.review_rate_limit)', () => {
  it('refuses with too_many_attempts once the address used up its attempts', async () => {
    await anonClient().rpc('review_invitation', { p_token: 'not-a-real-token-at-all' });
    const [{ client_key: client }] = await sql<{ client_key: string }>(
      `select client_key from private.rate_limit_hits where action = 'booking_link'
       order by created_at desc limit 1`,
    );
    await sql(
      `insert into private.rate_limit_hits (action, client_key) select 'booking_link', $1 from generate_series(1, 60)`,
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
      await sql("delete from private.rate_limit_hits where action = 'booking_link'");
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

describe('payment_checkout_start', () => {
  it('refuses a call without the client’s address with the code no_address', async () => {
    const { data, error } = await serviceClient().rpc('payment_checkout_start', {
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
