// Stripe's notices cannot make the ledger wrong (issue 42), sent as an attacker holding a valid
// signature would send them: a paid session carrying another booking's id settles nothing; text,
// huge or foreign amounts get a 400, are recorded and alerted, and change nothing; refund notices
// are applied by Stripe's refund id, once, under the booking's lock (50 at once, through the
// webhook, and 50 pairs straight into the database on separate connections), and a refund
// worth ten times the charge never drives the ledger negative. Set-up: payments-fixtures.ts.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import { setUpPayments, requestStay, statusOf, ledger, type Stay } from './payments-fixtures';
import { checkout, payWith, postWebhook, stripeGet, until } from './payments-stripe';

setUpPayments();

const STRIPE_KEY = 'sk_test_local_stand_in';
let serial = 0;
const eventId = () => `evt_rules_${Date.now()}_${serial++}`;

function sessionEvent(type: string, object: Record<string, unknown>, id = eventId()) {
  return JSON.stringify({ id, object: 'event', type, data: { object } });
}

async function signed(type: string, object: Record<string, unknown>, id = eventId()) {
  const response = await postWebhook(sessionEvent(type, object, id));
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, id };
}

const alertsOf = async (type: string) =>
  (await sql<{ n: number }>(`select count(*)::int as n from public.security_alerts where alert_type = $1`, [type]))[0]
    .n;
const securityEvents = async (check: string) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from public.security_logs where event_type = 'suspicious_activity' and metadata ->> 'check' = $1`,
      [check],
    )
  )[0].n;
const refundedCents = async (id: string) =>
  (await ledger(id)).filter((r) => r.kind === 'refund').reduce((sum, r) => sum + r.amount_cents, 0);

/** A stay paid through the stand-in's checkout page: its session, payment intent and charge. */
async function paidStay(): Promise<Stay & { session: string; intent: string; charge: string }> {
  const stay = await requestStay();
  const { url, session_id } = await checkout(stay);
  await payWith(url, '4242424242424242');
  await until(
    () => statusOf(stay.id),
    (s) => s === 'confirmed',
  );
  const { payment_intent } = await stripeGet<{ payment_intent: string }>(`/v1/checkout/sessions/${session_id}`);
  const { latest_charge } = await stripeGet<{ latest_charge: string }>(`/v1/payment_intents/${payment_intent}`);
  return { ...stay, session: session_id, intent: payment_intent, charge: latest_charge };
}

/** A refund made in Stripe's Dashboard: straight through the API, no request of ours behind it. */
async function dashboardRefund(intent: string, amount: number) {
  const response = await fetch(`${platform().stripeUrl}/v1/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_intent: intent, amount: String(amount) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; amount: number };
}

describe('a payment settles only the booking its session was made for', () => {
  it("guest A's paid session carrying booking B's id confirms nobody, pays no session and alerts the admins", async () => {
    const a = await requestStay();
    const b = await requestStay();
    const { session_id } = await checkout(a);
    const before = await alertsOf('payment_session_mismatch');
    const answer = await signed('checkout.session.completed', {
      id: session_id,
      object: 'checkout.session',
      amount_total: a.deposit,
      currency: 'eur',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: `pi_forged_${serial}`,
      metadata: { booking_id: b.id, reference: b.reference },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: 'session_mismatch' });
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['pending', 'pending']);
    expect([await ledger(a.id), await ledger(b.id)]).toEqual([[], []]);
    const [session] = await sql<{ paid: boolean }>('select paid from private.checkout_sessions where session_id = $1', [
      session_id,
    ]);
    expect(session.paid).toBe(false);
    expect(await alertsOf('payment_session_mismatch')).toBe(before + 1);
    expect(await securityEvents('payment_session_mismatch')).toBeGreaterThanOrEqual(1);

    // a session this house never created settles nothing either
    const unknown = await signed('checkout.session.completed', {
      id: 'cs_test_never_created_here',
      amount_total: b.deposit,
      currency: 'eur',
      payment_status: 'paid',
      payment_intent: 'pi_never',
      metadata: { booking_id: b.id },
    });
    expect(unknown.body).toMatchObject({ outcome: 'unknown_session' });
    expect(await statusOf(b.id)).toBe('pending');
  });
});

describe('malformed signed notices', () => {
  it('text, fractional, huge and foreign amounts: 400, recorded, alerted, nothing changed; a replay is refused again', async () => {
    const stay = await requestStay();
    const { session_id } = await checkout(stay);
    const paid = (amount: unknown, currency: unknown = 'eur') => ({
      id: session_id,
      amount_total: amount,
      currency,
      payment_status: 'paid',
      payment_intent: `pi_malformed_${serial}`,
      metadata: { booking_id: stay.id },
    });
    const before = await securityEvents('payment_malformed');
    const cases = [
      paid('6600.5'),
      paid(6600.5),
      paid(1e12),
      paid(-100),
      paid(stay.deposit, 'xyz'),
      paid(stay.deposit, 7),
    ];
    for (const object of cases) {
      const answer = await signed('checkout.session.completed', object);
      expect(answer.status, JSON.stringify(object)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'malformed_event' });
      const [recorded] = await sql<{ outcome: string }>(
        'select outcome from private.stripe_events where event_id = $1',
        [answer.id],
      );
      expect(recorded.outcome).toBe('malformed');
    }
    const refund = await signed('charge.refunded', {
      id: 'ch_malformed',
      payment_intent: 'pi_x',
      amount: '6600',
      amount_refunded: 1e12,
      currency: 'eur',
    });
    expect(refund.status).toBe(400);
    expect(await securityEvents('payment_malformed')).toBe(before + cases.length + 1);
    expect(await statusOf(stay.id)).toBe('pending');
    expect(await ledger(stay.id)).toEqual([]);

    // the same malformed event again: still refused, still nothing
    const again = await postWebhook(sessionEvent('checkout.session.completed', paid('6600.5'), refund.id));
    expect(again.status).toBe(400);
  });

  it('a session is recorded only for whole cents within the maximum, in eur', async () => {
    const stay = await requestStay();
    for (const [amount, currency] of [
      [1_000_000_000, 'eur'],
      [0, 'eur'],
      [stay.deposit, 'usd'],
    ] as const) {
      await expect(
        sql(
          `select public.payment_checkout_record($1, $2, $3, $4, now() + interval '1 hour', 'https://x.example', '127.0.0.1')`,
          [`cs_test_bad_${serial++}`, stay.id, amount, currency],
        ),
      ).rejects.toMatchObject({ code: '23514' });
    }
    expect(await sql('select 1 from private.checkout_sessions where booking_id = $1', [stay.id])).toEqual([]);
  });
});

describe('refund notices: by refund id, once, under the lock', () => {
  it('two Dashboard refunds whose notices arrive 50 at a time record exactly what Stripe refunded', async () => {
    const stay = await paidStay();
    const first = await dashboardRefund(stay.intent, 1000);
    const second = await dashboardRefund(stay.intent, 1500);
    const charge = () =>
      stripeGet<{ amount: number; amount_refunded: number; currency: string }>(`/v1/charges/${stay.charge}`);
    const now = await charge();
    expect(now.amount_refunded).toBe(2500);
    // the stand-in lists a charge's refunds as Stripe does, newest first
    const listed = await stripeGet<{ object: string; data: { id: string }[]; has_more: boolean }>(
      `/v1/refunds?charge=${stay.charge}&limit=100`,
    );
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((r) => r.id)).toEqual([second.id, first.id]);
    const notices = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signed('charge.refunded', {
          id: stay.charge,
          object: 'charge',
          amount: now.amount,
          currency: 'eur',
          payment_intent: stay.intent,
          amount_refunded: i % 2 ? 1000 : 2500,
        }),
      ),
    );
    expect(notices.map((n) => n.status)).toEqual(Array(50).fill(200));
    // the stand-in's own two notices arrive too
    await until(
      () => refundedCents(stay.id),
      (cents) => cents >= 2500,
    );
    const rows = (await ledger(stay.id)).filter((r) => r.kind === 'refund');
    expect(rows.map((r) => r.provider_refund_id).sort()).toEqual([first.id, second.id].sort());
    expect(await refundedCents(stay.id)).toBe(2500);
  });

  it('50 pairs of notices applied together on two connections never record more than Stripe refunded', async () => {
    const stay = await requestStay();
    const charge = stay.deposit;
    const [a, b] = [
      new pg.Client({ connectionString: platform().dbUrl }),
      new pg.Client({ connectionString: platform().dbUrl }),
    ];
    await Promise.all([a.connect(), b.connect()]);
    try {
      for (let round = 0; round < 50; round++) {
        const intent = `pi_pair_${round}_${serial++}`;
        await sql(
          `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
           values ($1, 'charge', $2, 'stripe', $3, 'stripe')`,
          [stay.id, charge, intent],
        );
        const refunds = [
          { id: `re_${intent}_1`, amount: 1000, status: 'succeeded', created: 1 },
          { id: `re_${intent}_2`, amount: 1500, status: 'succeeded', created: 2 },
        ];
        const notice = (data: unknown[], amountRefunded: number) => ({
          id: `ch_${intent}`,
          amount: charge,
          amount_refunded: amountRefunded,
          currency: 'eur',
          payment_intent: intent,
          refunds: { object: 'list', data },
        });
        const apply = (client: pg.Client, object: unknown) =>
          client.query('select public.apply_stripe_event($1, $2, $3)', [eventId(), 'charge.refunded', object]);
        await Promise.all([apply(a, notice(refunds.slice(0, 1), 1000)), apply(b, notice(refunds, 2500))]);
      }
      const [totals] = await sql<{ rows: number; cents: number; most: number }>(
        `select count(*)::int as rows, sum(amount_cents)::int as cents,
                max(per_intent)::int as most
         from (select p.amount_cents, sum(p.amount_cents) over (partition by p.provider_payment_intent_id) as per_intent
               from public.payments p where p.booking_id = $1 and p.kind = 'refund') r`,
        [stay.id],
      );
      expect(totals).toEqual({ rows: 100, cents: 50 * 2500, most: 2500 });
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('a refund worth ten times the charge never drives the ledger negative, and alerts the admins', async () => {
    const stay = await paidStay();
    const [charge] = (await ledger(stay.id)).filter((r) => r.kind === 'charge');
    // signed by Stripe's key, with amount_refunded ten times the charge: refused as malformed
    const huge = await signed('charge.refunded', {
      id: stay.charge,
      amount: charge.amount_cents,
      amount_refunded: charge.amount_cents * 10,
      currency: 'eur',
      payment_intent: stay.intent,
    });
    expect(huge.status).toBe(400);
    // a refund list worth ten times the charge, straight into the database: refused, alerted
    const before = await alertsOf('refund_exceeds_paid');
    const [{ result }] = await sql<{ result: { outcome: string } }>(
      'select public.apply_stripe_event($1, $2, $3) as result',
      [
        eventId(),
        'charge.refunded',
        {
          id: stay.charge,
          amount: charge.amount_cents,
          amount_refunded: charge.amount_cents,
          currency: 'eur',
          payment_intent: stay.intent,
          refunds: { data: [{ id: 're_ten_times', amount: charge.amount_cents * 10, status: 'succeeded' }] },
        },
      ],
    );
    expect(result.outcome).toBe('refund_refused');
    expect(await alertsOf('refund_exceeds_paid')).toBe(before + 1);
    expect(await refundedCents(stay.id)).toBe(0);
    const [{ received }] = await sql<{ received: number }>(
      `select sum(case when kind = 'refund' then -amount_cents else amount_cents end)::int as received
       from public.payments where booking_id = $1`,
      [stay.id],
    );
    expect(received).toBe(charge.amount_cents);
  });
});
