// Cancellations and refunds of a paid deposit (issue 31): the guest's cancellation inside and after
// the free-cancellation window, settled through the payments function, and an admin's partial
// refund with a reason. Set-up and helpers: payments-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { DEMO, anonClient, signedInClient, sql } from '../support';
import type { Stay } from './payments-fixtures';
import { setUpPayments, requestStay, statusOf, ledger } from './payments-fixtures';
import { payments, checkout, payWith, until } from './payments-stripe';

setUpPayments();

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

  it('an unknown booking is a 404 with its message, an amount out of range the form’s own message; never a 500', async () => {
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const adminToken = (await admin.auth.getSession()).data.session!.access_token;
    const refund = { action: 'refund', reason: 'Goodwill', amount_cents: 1000 };
    expect(await payments({ ...refund, booking_id: crypto.randomUUID() }, adminToken)).toEqual({
      status: 404,
      body: { error: 'Booking not found.', code: 'booking_not_found' },
    });
    const stay = await requestStay();
    for (const amount of [1e12, 0, -5, 10.5, '1000']) {
      expect(await payments({ ...refund, booking_id: stay.id, amount_cents: amount }, adminToken)).toEqual({
        status: 400,
        body: { error: 'The refund must be more than 0 and at most what was paid online and not yet refunded.' },
      });
    }
    expect(
      (await payments({ action: 'session', session_id: 'cs_test_nothing_here', booking_id: stay.id })).body,
    ).toEqual({ state: 'unknown' });
    expect((await payments({ action: 'settle', booking_id: crypto.randomUUID() })).body).toEqual({
      refunded: 0,
      failed: 0,
    });
    expect((await payments({ action: 'nothing' })).status).toBe(400);
  });
});
