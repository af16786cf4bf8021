// Outgoing webhooks that fail: retried with backoff (Retry-After honoured), delivered once when the
// receiver is back, the endpoint disabled after 410 Gone or a day of failures, never sent twice by
// two dispatchers. Receiver, calls and set-up: webhooks-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import {
  setUpWebhooks,
  receiver,
  Receiver,
  createEndpoint,
  insertBooking,
  dispatch,
  deliveriesOf,
  endpointRow,
  makeDue,
  callAs,
} from './webhooks-fixtures';

setUpWebhooks();

// ---------------------------------------------------------------- retries
describe('failed deliveries are retried', () => {
  it('receiver down: retried after about 5 s, then delivered once when it is back', async () => {
    const down = new Receiver();
    await down.start();
    const port = down.port;
    await down.stop();
    const endpoint = await createEndpoint(`http://127.0.0.1:${port}/hook`);
    await insertBooking();

    expect(await dispatch()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempt_count: 1, last_response_status: null });
    expect(row.last_error).toMatch(/request failed/i);
    expect(row.due_in_seconds).toBeGreaterThan(3.5);
    expect(row.due_in_seconds).toBeLessThan(5.6);
    expect((await endpointRow(endpoint.id)).failing_since).not.toBeNull();
    expect(await dispatch()).toMatchObject({ claimed: 0 });

    // second failure: the next wait is about 5 minutes
    await makeDue(endpoint.id);
    await dispatch();
    [row] = await deliveriesOf(endpoint.id);
    expect(row.attempt_count).toBe(2);
    expect(row.due_in_seconds).toBeGreaterThan(260);
    expect(row.due_in_seconds).toBeLessThan(335);

    const back = new Receiver();
    await back.start(port);
    try {
      await makeDue(endpoint.id);
      expect(await dispatch()).toMatchObject({ claimed: 1, delivered: 1 });
      expect(await dispatch()).toMatchObject({ claimed: 0 });
      expect(back.received).toHaveLength(1);
      const rows = await deliveriesOf(endpoint.id);
      expect(rows.filter((d) => d.status === 'delivered')).toHaveLength(1);
      expect(rows[0]).toMatchObject({ attempt_count: 3, last_response_status: 200 });
      expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
    } finally {
      await back.stop();
    }
  });

  it('Retry-After is honoured', async () => {
    receiver.replies = [{ status: 503, body: 'busy', headers: { 'retry-after': '120' } }];
    const endpoint = await createEndpoint(receiver.url());
    await insertBooking();
    await dispatch();
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', last_response_status: 503 });
    expect(row.due_in_seconds).toBeGreaterThan(118);
    expect(row.due_in_seconds).toBeLessThan(121);
  });

  it('410 Gone disables the endpoint and alerts the admins', async () => {
    receiver.replies = [{ status: 410, body: 'gone' }];
    const endpoint = await createEndpoint(receiver.url());
    await insertBooking();
    expect(await dispatch()).toMatchObject({ claimed: 1, disabled: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'The receiver answered 410 Gone',
    });
    expect((await deliveriesOf(endpoint.id))[0].status).toBe('failed');
    await insertBooking();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const alerts = await sql('select severity::text from public.security_alerts where dedup_key = $1', [endpoint.id]);
    expect(alerts).toEqual([{ severity: 'high' }]);
  });

  it('after 24 hours of failures the endpoint is disabled and one alert raised', async () => {
    receiver.replies = [{ status: 500, body: 'broken' }];
    const endpoint = await createEndpoint(receiver.url());
    await insertBooking();
    await insertBooking();
    await dispatch();
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);

    await sql("update public.webhook_endpoints set failing_since = now() - interval '25 hours' where id = $1", [
      endpoint.id,
    ]);
    await makeDue(endpoint.id);
    expect(await dispatch()).toMatchObject({ claimed: 2, disabled: 2 });
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'Every delivery failed for 24 hours',
    });
    const alerts = await sql<{ alert_type: string; severity: string; occurrences: number }>(
      'select alert_type, severity::text, occurrences from public.security_alerts where dedup_key = $1',
      [endpoint.id],
    );
    expect(alerts).toEqual([{ alert_type: 'webhook_endpoint_disabled', severity: 'high', occurrences: 1 }]);
  });

  it('two dispatchers at once never send a delivery twice', async () => {
    receiver.replies = [{ status: 200, body: 'ok', delayMs: 20 }];
    const endpoint = await createEndpoint(receiver.url());
    await sql(
      `select private.enqueue_webhook_event('booking.requested', jsonb_build_object('booking', jsonb_build_object('n', n)))
       from generate_series(1, 40) n`,
    );
    const [first, second] = await Promise.all([
      callAs(platform().serviceRoleKey, { action: 'dispatch', limit: 5 }),
      callAs(platform().serviceRoleKey, { action: 'dispatch', limit: 5 }),
    ]);
    const claimed = (first.body.claimed as number) + (second.body.claimed as number);
    expect(claimed).toBe(40);
    expect(first.body.claimed).toBeGreaterThan(0);
    expect(second.body.claimed).toBeGreaterThan(0);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.every((d) => d.status === 'delivered' && d.attempt_count === 1)).toBe(true);
  });
});
