// The Stripe stand-in's signed notices to stripe-webhook (issue 31): a refused notice is retried
// and applied once, a replay changes nothing, a forged one is refused; a payment after the hold
// ended confirms while the nights are free and is refunded when they are taken; a second payment
// is refunded. Set-up and helpers: payments-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import { setUpPayments, EMAIL_DOMAIN, start, requestStay, statusOf, ledger, mailKinds } from './payments-fixtures';
import { checkout, payWith, stripeGet, eventsFor, postWebhook, until } from './payments-stripe';

setUpPayments();

describe('the payment notices', () => {
  it('a notice answered 500 is retried and applied once; a replay changes nothing; a forged one is refused', async () => {
    const stay = await requestStay();
    const { url, session_id } = await checkout(stay);
    await sql('revoke execute on function public.apply_stripe_event(text, text, jsonb) from service_role');
    try {
      await payWith(url, '4242424242424242');
      const refused = await until(
        () => eventsFor(session_id),
        (events) => events.some((e) => e.deliveries.some((d) => d.status === 500)),
      );
      expect(refused.find((e) => e.type === 'checkout.session.completed')?.deliveries[0].status).toBe(500);
      expect(await statusOf(stay.id)).toBe('pending');
    } finally {
      await sql('grant execute on function public.apply_stripe_event(text, text, jsonb) to service_role');
    }
    expect(
      await until(
        () => statusOf(stay.id),
        (s) => s === 'confirmed',
      ),
    ).toBe('confirmed');
    const [completed] = (await eventsFor(session_id)).filter((e) => e.type === 'checkout.session.completed');
    expect(completed.deliveries.map((d) => d.status)).toEqual([500, 200]);
    expect(await ledger(stay.id)).toHaveLength(1);

    // the same event again, correctly signed: applied once only
    const { deliveries: _deliveries, ...event } = completed;
    const replay = await postWebhook(JSON.stringify(event));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await ledger(stay.id)).toHaveLength(1);

    // signed with another secret: 400 and a security event
    const forged = await postWebhook(JSON.stringify({ ...event, id: 'evt_forged_1' }), 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${platform().apiUrl}/functions/v1/stripe-webhook`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const [logged] = await sql<{ n: number }>(
      `select count(*)::int as n from public.security_logs where description like 'A payment notice with a bad signature%'`,
    );
    expect(logged.n).toBeGreaterThanOrEqual(2);
    expect(await ledger(stay.id)).toHaveLength(1);
  });

  it('a payment after the hold ended confirms while the nights are free, and is refunded in full when they are taken', async () => {
    const free = await requestStay();
    const freeSession = await checkout(free);
    await sql(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, [free.id]);
    await sql('select public.run_booking_timers()');
    expect(await statusOf(free.id)).toBe('expired');
    await payWith(freeSession.url, '4242424242424242');
    expect(
      await until(
        () => statusOf(free.id),
        (s) => s === 'confirmed',
      ),
    ).toBe('confirmed');

    const taken = await requestStay();
    const takenSession = await checkout(taken);
    const [dates] = await sql<{ from: number }>(
      `select check_in_date - $2::date as from from public.bookings where id = $1`,
      [taken.id, start],
    );
    await sql(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, [taken.id]);
    await sql('select public.run_booking_timers()');
    await sql('truncate private.rate_limit_hits, private.booking_request_origins');
    const rival = await requestStay({ from: dates.from, email: `rival@${EMAIL_DOMAIN}` });
    expect(await statusOf(rival.id)).toBe('pending');
    await payWith(takenSession.url, '4242424242424242');
    const rows = await until(
      () => ledger(taken.id),
      (r) => r.some((row) => row.kind === 'refund'),
    );
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['charge', taken.deposit],
      ['refund', taken.deposit],
    ]);
    expect(rows[1].provider_refund_id).toMatch(/^re_/);
    expect(await statusOf(taken.id)).toBe('expired');
    expect(await statusOf(rival.id)).toBe('pending');
    expect(await mailKinds(taken.id)).toEqual(expect.arrayContaining(['payment_refunded', 'payment_refunded_host']));
    const intent = await stripeGet<{ latest_charge: string }>(
      `/v1/payment_intents/${(await stripeGet<{ payment_intent: string }>(`/v1/checkout/sessions/${takenSession.session_id}`)).payment_intent}`,
    );
    expect(await stripeGet(`/v1/charges/${intent.latest_charge}`)).toMatchObject({
      amount_refunded: taken.deposit,
      refunded: true,
    });
  });

  it('a second payment for a paid booking is refunded', async () => {
    const stay = await requestStay();
    const first = await checkout(stay);
    // a second tab opened another session before the first was paid
    await sql('update private.checkout_sessions set expires_at = now() where session_id = $1', [first.session_id]);
    const second = await checkout(stay);
    expect(second.session_id).not.toBe(first.session_id);
    await payWith(first.url, '4242424242424242');
    expect(
      await until(
        () => statusOf(stay.id),
        (s) => s === 'confirmed',
      ),
    ).toBe('confirmed');
    await payWith(second.url, '4242424242424242');
    const rows = await until(
      () => ledger(stay.id),
      (r) => r.some((row) => row.kind === 'refund'),
    );
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['charge', stay.deposit],
      ['charge', stay.deposit],
      ['refund', stay.deposit],
    ]);
    expect(await statusOf(stay.id)).toBe('confirmed');
  });
});
