// Deposits through Stripe Checkout (issue 31), end to end on the local platform: the payments
// function creates a Checkout Session on the Stripe stand-in with the official SDK, the guest pays
// on the stand-in's checkout page with Stripe's test cards, the stand-in sends signed webhooks to
// stripe-webhook (retrying refused ones), and the booking, the ledger, the e-mails and the refunds
// follow. Works on a room of its own from current_date + 300 on; guests @pay.test.example.com.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, anonClient, dbDate, platform, signedInClient, sql } from '../support';

const EMAIL_DOMAIN = 'pay.test.example.com';
const STRIPE_KEY = 'sk_test_local_stand_in';
const WEBHOOK_SECRET = 'whsec_local_stand_in_signing_secret';
let roomId: string;
let start: string;
let nextDay = 0;

interface Stay {
  id: string;
  reference: string;
  token: string;
  deposit: number;
}

const stripeUrl = () => platform().stripeUrl;

async function requestStay(options: { nights?: number; email?: string; from?: number } = {}): Promise<Stay> {
  const offset = options.from ?? (nextDay += 4);
  const { data, error } = await anonClient().rpc('request_booking', {
    p_room_id: roomId,
    p_check_in: addDays(start, offset),
    p_check_out: addDays(start, offset + (options.nights ?? 2)),
    p_guests: 2,
    p_guest_name: 'Paying Guest',
    p_guest_email: options.email ?? `guest@${EMAIL_DOMAIN}`,
    p_language: 'it',
  });
  expect(error).toBeNull();
  const result = data as { booking_id: string; reference: string; deposit_cents: number };
  const [mail] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'request_acknowledgement'`,
    [result.booking_id],
  );
  return { id: result.booking_id, reference: result.reference, token: mail.token, deposit: result.deposit_cents };
}

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function payments(body: Record<string, unknown>, token = platform().anonKey, origin?: string) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/payments`, {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function checkout(stay: Stay): Promise<{ url: string; session_id: string }> {
  const { status, body } = await payments({ action: 'checkout', booking_id: stay.id });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { url: string; session_id: string };
}

/** Submits the stand-in's checkout form with a card; returns the answer (303 to success_url when paid). */
async function payWith(url: string, card: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Paying Guest' }),
  });
  return { status: response.status, location: response.headers.get('location'), page: await response.text() };
}

async function stripeGet<T>(path: string): Promise<T> {
  const response = await fetch(`${stripeUrl()}${path}`, { headers: { authorization: `Bearer ${STRIPE_KEY}` } });
  return (await response.json()) as T;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}

const statusOf = async (id: string) =>
  (await sql<{ status: string }>('select status::text from public.bookings where id = $1', [id]))[0].status;
const ledger = (id: string) =>
  sql<{ kind: string; amount_cents: number; actor: string; provider_refund_id: string | null }>(
    'select kind::text, amount_cents, actor, provider_refund_id from public.payments where booking_id = $1 order by created_at, kind',
    [id],
  );
const mailKinds = async (id: string) =>
  (
    await sql<{ kind: string }>('select kind from public.email_outbox where booking_id = $1 order by created_at', [id])
  ).map((row) => row.kind);

interface StandInEvent {
  id: string;
  type: string;
  data: { object: { id: string; metadata?: Record<string, string> } };
  deliveries: { status: number | null }[];
}
const eventsFor = async (sessionId: string) =>
  (await stripeGet<{ events: StandInEvent[] }>('/_local/events')).events.filter((e) => e.data.object.id === sessionId);

function postWebhook(payload: string, secret = WEBHOOK_SECRET) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return fetch(`${platform().apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
}

beforeAll(async () => {
  start = await dbDate(300);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Payment room', $1, 'classic', 'available', 120, 2) returning id::text`,
    [`PY-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
});

beforeEach(async () => {
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterAll(async () => {
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = '${roomId}';
    delete from public.bookings where room_id = '${roomId}';
    delete from public.rooms where id = '${roomId}';
  end $$`);
});

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
    expect(session.cancel_url).toMatch(new RegExp(`/it/booking-cancelled\\?booking_id=${stay.id}$`));
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
    expect((await payments({ action: 'checkout', booking_id: stay.id })).status).toBe(409);
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
      const started = await payments({ action: 'checkout', booking_id: stay.id }, platform().anonKey, origin);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const session = await stripeGet<{ success_url: string; cancel_url: string }>(
        `/v1/checkout/sessions/${started.body.session_id as string}`,
      );
      expect(session.success_url, `Origin ${origin}`).toBe(
        `${site}/it/booking-success?session_id={CHECKOUT_SESSION_ID}&booking_id=${stay.id}`,
      );
      expect(session.cancel_url).toBe(`${site}/it/booking-cancelled?booking_id=${stay.id}`);
    }
  });
});

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

describe('cancellations and refunds', () => {
  it('the guest cancels inside the free-cancellation window: the deposit is refunded through Stripe', async () => {
    const stay = await requestStay();
    await payWith((await checkout(stay)).url, '4242424242424242');
    await until(
      () => statusOf(stay.id),
      (s) => s === 'confirmed',
    );
    const { data: before } = await anonClient().rpc('booking_payments_by_link', {
      p_reference: stay.reference,
      p_token: stay.token,
    });
    expect(before).toMatchObject({ paid_cents: stay.deposit, refund_if_cancelled_today: stay.deposit });
    // the page cancels through the link, then asks the function to settle what is owed
    const { error } = await anonClient().rpc('cancel_booking_request', {
      p_reference: stay.reference,
      p_token: stay.token,
    });
    expect(error).toBeNull();
    const settled = await payments({ action: 'settle', booking_id: stay.id });
    expect(settled.body).toEqual({ refunded: 1, failed: 0 });
    // settling again makes no second refund
    expect((await payments({ action: 'settle', booking_id: stay.id })).body).toEqual({ refunded: 0, failed: 0 });
    expect(await statusOf(stay.id)).toBe('cancelled');
    expect((await ledger(stay.id)).map((r) => [r.kind, r.amount_cents, r.actor])).toEqual([
      ['charge', stay.deposit, 'stripe'],
      ['refund', stay.deposit, 'guest'],
    ]);
  });

  it('the guest cancels after the free-cancellation day: nothing is refunded', async () => {
    const [policy] = await sql<{ days: number }>('select free_cancellation_days as days from public.payment_policy');
    await sql('update public.payment_policy set free_cancellation_days = 365');
    let stay: Stay;
    try {
      stay = await requestStay();
    } finally {
      await sql('update public.payment_policy set free_cancellation_days = $1', [policy.days]);
    }
    await payWith((await checkout(stay)).url, '4242424242424242');
    await until(
      () => statusOf(stay.id),
      (s) => s === 'confirmed',
    );
    const { data: preview } = await anonClient().rpc('booking_payments_by_link', {
      p_reference: stay.reference,
      p_token: stay.token,
    });
    expect(preview).toMatchObject({ refund_if_cancelled_today: 0 });
    await anonClient().rpc('cancel_booking_request', { p_reference: stay.reference, p_token: stay.token });
    expect((await payments({ action: 'settle', booking_id: stay.id })).body).toEqual({ refunded: 0, failed: 0 });
    expect(await statusOf(stay.id)).toBe('cancelled');
    expect((await ledger(stay.id)).map((r) => r.kind)).toEqual(['charge']);
  });

  it('an admin refunds part of a deposit with a reason; staff cannot; more than was paid is refused', async () => {
    const stay = await requestStay();
    await payWith((await checkout(stay)).url, '4242424242424242');
    await until(
      () => statusOf(stay.id),
      (s) => s === 'confirmed',
    );
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const adminToken = (await admin.auth.getSession()).data.session!.access_token;
    const staffToken = (await staff.auth.getSession()).data.session!.access_token;
    const body = { action: 'refund', booking_id: stay.id, amount_cents: 1000, reason: 'Late check-in, goodwill' };
    expect((await payments(body, staffToken)).status).toBe(403);
    const refunded = await payments(body, adminToken);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ requested_cents: 1000, refunded: 1 });
    expect((await payments({ ...body, amount_cents: stay.deposit }, adminToken)).status).toBe(409);
    const rows = await ledger(stay.id);
    expect(rows.map((r) => [r.kind, r.amount_cents, r.actor])).toEqual([
      ['charge', stay.deposit, 'stripe'],
      ['refund', 1000, 'staff'],
    ]);
    // Stripe's charge.refunded notice for our own refund adds nothing
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await ledger(stay.id)).toHaveLength(2);
  });
});
