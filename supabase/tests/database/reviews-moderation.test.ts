// Reviews after they are written: moderation by staff (approve, hide, reply, never edit; only admins
// delete; all audited), what anon sees, and the computed headline of approved reviews of stays.
// Stays, reviews and set-up: reviews-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, sql } from '../support';
import { admin, checkedOutStay, review, reviewsOf, setUpReviews, staff, submit } from './reviews-fixtures';

setUpReviews();

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
