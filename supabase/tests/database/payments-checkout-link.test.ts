// A checkout needs the private link's token (issue 42): a booking id alone opens nothing (the
// checkout page would show the guest's e-mail), a wrong token is refused and counted with every
// wrong private link, and asking again returns the open session and never holds the dates past the
// first session's end. Set-up: payments-fixtures.ts; the function and the stand-in: payments-stripe.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from '../support';
import { setUpPayments, requestStay, EMAIL_DOMAIN } from './payments-fixtures';
import { checkout, payments, stripeGet } from './payments-stripe';

setUpPayments();

const holdOf = async (id: string) =>
  (await sql<{ hold: string }>('select hold_expires_at::text as hold from public.bookings where id = $1', [id]))[0]
    .hold;

describe('the checkout takes the private link, never a booking id', () => {
  it("a request's id alone opens no checkout; a wrong token is refused and counted; the success step's token pays", async () => {
    const stay = await requestStay();
    const byId = await payments({ action: 'checkout', booking_id: stay.id });
    expect(byId.status).toBe(400);
    expect(JSON.stringify(byId.body)).not.toContain(EMAIL_DOMAIN);
    expect(JSON.stringify(byId.body)).not.toContain('checkout/pay');

    const wrong = await payments({ action: 'checkout', reference: stay.reference, token: `${stay.token}x` });
    expect(wrong).toEqual({ status: 404, body: { error: 'This link is not valid.', code: 'link_not_valid' } });
    const [{ hits }] = await sql<{ hits: number }>(
      `select count(*)::int as hits from private.rate_limit_hits where action = 'booking_link'`,
    );
    expect(hits).toBe(1);
    expect(await sql('select 1 from private.checkout_sessions where booking_id = $1', [stay.id])).toEqual([]);

    // the success step pays with the token request_booking answered, the acknowledgement's own
    const { data } = await anonClient().rpc('request_booking', {
      p_room_id: (
        await sql<{ room: string }>('select room_id::text as room from public.bookings where id = $1', [stay.id])
      )[0].room,
      p_check_in: (
        await sql<{ d: string }>(`select (check_in_date + 40)::text as d from public.bookings where id = $1`, [stay.id])
      )[0].d,
      p_check_out: (
        await sql<{ d: string }>(`select (check_in_date + 42)::text as d from public.bookings where id = $1`, [stay.id])
      )[0].d,
      p_guests: 2,
      p_guest_name: 'Paying Guest',
      p_guest_email: `second@${EMAIL_DOMAIN}`,
    });
    const sent = data as { reference: string; access_token: string };
    const started = await payments({ action: 'checkout', reference: sent.reference, token: sent.access_token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(
      await stripeGet<{ customer_email: string }>(`/v1/checkout/sessions/${String(started.body.session_id)}`),
    ).toMatchObject({ customer_email: `second@${EMAIL_DOMAIN}` });
  });

  it('asked again: the open session; a new session later never stretches the hold past the first one', async () => {
    const stay = await requestStay();
    const first = await checkout(stay);
    const again = await checkout(stay);
    expect(again).toEqual(first);
    const firstEnd = await holdOf(stay.id);
    const [session] = await sql<{ expires: string }>(
      'select expires_at::text as expires from private.checkout_sessions where session_id = $1',
      [first.session_id],
    );
    // the first session holds the dates until it expires
    expect(firstEnd).toBe(session.expires);

    // 26 minutes later: the first session has 4 minutes left, the hold as long; asking again
    // makes a new session, and the hold still ends where it did
    await sql(`update private.checkout_sessions set expires_at = now() + interval '4 minutes' where session_id = $1`, [
      first.session_id,
    ]);
    await sql(`update public.bookings set hold_expires_at = now() + interval '4 minutes' where id = $1`, [stay.id]);
    const held = await holdOf(stay.id);
    for (let i = 0; i < 3; i++) {
      const later = await checkout(stay);
      expect(later.session_id).not.toBe(first.session_id);
      expect(await holdOf(stay.id)).toBe(held);
    }
  });
});
