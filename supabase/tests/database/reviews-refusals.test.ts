// Reviews refused: no review without a link (anon, users and staff cannot insert one of a stay),
// ratings, lengths and plain text checked with a code the page translates, and the per-address limit,
// tried through SQL run as anon where the client address must be chosen. Stays, reviews and set-up:
// reviews-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, asAnon, newUserClient, sql } from '../support';
import {
  setUpReviews,
  review,
  users,
  staff,
  checkedOutStay,
  COMMENT,
  reviewsOf,
  type ReviewInput,
  submit,
} from './reviews-fixtures';

setUpReviews();

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
