// Paying the deposit through Stripe Checkout (issue 31): the payments function creates the session
// on the Stripe stand-in, the guest pays with Stripe's test cards (declined, asking for
// authentication), the session's answer names no other booking, and the guest goes back to the
// site the checkout started from. Set-up and helpers: payments-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import { setUpPayments, EMAIL_DOMAIN, requestStay, statusOf, ledger, mailKinds } from './payments-fixtures';
import { payments, checkout, payWith, stripeGet, until } from './payments-stripe';

setUpPayments();

describe('paying the deposit', () => {
  it('pays with 4242: the booking is confirmed, the charge is in the ledger, the guest and host are e-mailed', async () => {
    const stay = await requestStay();
    expect(stay.deposit).toBe(7200); // 30 % of 2 nights at €120
    const { url, session_id } = await checkout(stay);

    // the session as Stripe has it: the stored amount, EUR, the booking's ids, the guest's e-mail and language
    const session = await stripeGet<Record<string, unknown>>(`/v1/checkout/sessions/${session_id}`);
    expect(session).toMatchObject({
      amount_total: 7200,
      currency: 'eur',
      client_reference_id: stay.reference,
      metadata: { booking_id: stay.id, reference: stay.reference },
      customer_email: `guest@${EMAIL_DOMAIN}`,
      locale: 'it',
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(session.success_url).toMatch(
      new RegExp(`/it/booking-success\\?session_id=\\{CHECKOUT_SESSION_ID\\}&booking_id=${stay.id}$`),
    );
    expect(new URL(String(session.cancel_url)).pathname).toBe('/it/booking-cancelled');
    expect(Object.fromEntries(new URL(String(session.cancel_url)).searchParams)).toEqual({
      reference: stay.reference,
      token: stay.token,
    });
    // Stripe's shortest expiry is 30 minutes: the 30-minute hold is extended to the session's end
    const [hold] = await sql<{ hold: number }>(
      'select extract(epoch from hold_expires_at)::int as hold from public.bookings where id = $1',
      [stay.id],
    );
    expect(hold.hold).toBe(session.expires_at);
    expect(session.expires_at as number).toBeGreaterThanOrEqual(Date.now() / 1000 + 30 * 60 - 5);

    const page = await (await fetch(url)).text();
    expect(page).toContain('72,00');
    const paid = await payWith(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(new RegExp(`/it/booking-success\\?session_id=${session_id}&booking_id=${stay.id}$`));

    expect(
      await until(
        () => statusOf(stay.id),
        (s) => s === 'confirmed',
      ),
    ).toBe('confirmed');
    expect(await ledger(stay.id)).toEqual([
      { kind: 'charge', amount_cents: 7200, actor: 'stripe', provider_refund_id: null },
    ]);
    expect(await mailKinds(stay.id)).toEqual(
      expect.arrayContaining(['payment_receipt', 'payment_received_host', 'booking_confirmed']),
    );
    const state = await payments({ action: 'session', session_id, booking_id: stay.id });
    expect(state.body).toMatchObject({ state: 'paid', booking: { reference: stay.reference, paid_cents: 7200 } });
    // a second checkout for a paid booking is refused
    expect((await payments({ action: 'checkout', reference: stay.reference, token: stay.token })).status).toBe(409);
  });

  it('a declined card (0002) pays nothing; a card asking for authentication (3155) pays once approved', async () => {
    const stay = await requestStay();
    const { url } = await checkout(stay);
    const declined = await payWith(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.page).toContain('Your card has been declined.');
    expect(await statusOf(stay.id)).toBe('pending');
    expect(await ledger(stay.id)).toEqual([]);

    const asked = await payWith(url, '4000 0025 0000 3155');
    expect(asked.status).toBe(200);
    expect(asked.page).toContain('Complete authentication');
    expect(await statusOf(stay.id)).toBe('pending');
    const approved = await fetch(`${url}/authenticate`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
    });
    expect(approved.status).toBe(303);
    expect(
      await until(
        () => statusOf(stay.id),
        (s) => s === 'confirmed',
      ),
    ).toBe('confirmed');
  });

  it('shows nothing of a booking for a session of another booking or a made-up one', async () => {
    const stay = await requestStay();
    const other = await requestStay({ email: `other@${EMAIL_DOMAIN}` });
    const { session_id } = await checkout(stay);
    const wrong = await payments({ action: 'session', session_id, booking_id: other.id });
    expect(wrong.body).toEqual({ state: 'unknown' });
    const madeUp = await payments({ action: 'session', session_id: 'cs_test_made_up_123', booking_id: stay.id });
    expect(madeUp.body).toEqual({ state: 'unknown' });
    const pending = await payments({ action: 'session', session_id, booking_id: stay.id });
    expect(pending.body).toMatchObject({ state: 'pending' });
  });
  it('sends the guest back to the site the checkout was started from, and never to another site', async () => {
    // config.toml's site_url is http://127.0.0.1:8080: a loopback address, so while developing
    // any loopback port is the site (the dev server, the preview, the browser tests' own server)
    const cases: [string | undefined, string][] = [
      ['http://127.0.0.1:4173', 'http://127.0.0.1:4173'],
      ['http://localhost:5999', 'http://localhost:5999'],
      ['https://colosseum-guest-house.evil.example', 'http://127.0.0.1:8080'],
      ['http://192.168.1.20:8080', 'http://127.0.0.1:8080'],
      ['null', 'http://127.0.0.1:8080'],
      [undefined, 'http://127.0.0.1:8080'],
    ];
    for (const [origin, site] of cases) {
      await sql('truncate private.rate_limit_hits, private.booking_request_origins');
      const stay = await requestStay();
      const started = await payments(
        { action: 'checkout', reference: stay.reference, token: stay.token },
        platform().anonKey,
        origin,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const session = await stripeGet<{ success_url: string; cancel_url: string }>(
        `/v1/checkout/sessions/${started.body.session_id as string}`,
      );
      expect(session.success_url, `Origin ${origin}`).toBe(
        `${site}/it/booking-success?session_id={CHECKOUT_SESSION_ID}&booking_id=${stay.id}`,
      );
      expect(session.cancel_url).toBe(
        `${site}/it/booking-cancelled?${new URLSearchParams({ reference: stay.reference, token: stay.token })}`,
      );
    }
  });
});
