// Reviews, the link: issued when staff check a stay out (hashed, with its e-mail in the guest's
// language), sent by the dispatcher, used once, valid 30 days (measured with private.clock_now(),
// which a test moves forward instead of waiting), one review per stay. Stays, reviews and set-up:
// reviews-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, dispatchEmails, latestMail, sql, type Client } from '../support';
import {
  setUpReviews,
  review,
  staff,
  checkedOutStay,
  EMAIL,
  submit,
  created,
  reviewsOf,
  COMMENT,
} from './reviews-fixtures';

setUpReviews();

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
