// Outgoing webhooks, the admin's actions: Test Webhook, Replay, rotating the secret, and bad input
// refused. Receiver, calls and set-up: webhooks-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import {
  setUpWebhooks,
  receiver,
  createEndpoint,
  asAdmin,
  verify,
  deliveriesOf,
  dispatch,
  insertBooking,
} from './webhooks-fixtures';

setUpWebhooks();

// ---------------------------------------------------------------- admin actions
describe('admin actions', () => {
  it('Test Webhook sends the test payload and answers with the receiver status and body', async () => {
    const endpoint = await createEndpoint(receiver.url());
    receiver.replies = [{ status: 200, body: '{"status":"success","id":"zap-1"}' }];
    const result = await asAdmin({ action: 'test', id: endpoint.id });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      outcome: 'delivered',
      status: 200,
      response_excerpt: '{"status":"success","id":"zap-1"}',
    });
    const event = verify(receiver.received[0], endpoint.secret);
    expect(event).toMatchObject({
      type: 'webhook.test',
      triggered_from: 'admin_integrations',
      test_booking: {
        guest_name: expect.any(String),
        check_in: expect.any(String),
        check_out: expect.any(String),
        room_type: expect.any(String),
      },
    });
    expect(typeof event.timestamp).toBe('string');

    receiver.replies = [{ status: 404, body: 'no such zap' }];
    const failed = await asAdmin({ action: 'test', id: endpoint.id });
    expect(failed.body).toMatchObject({ outcome: 'failed', status: 404, response_excerpt: 'no such zap' });
    // a failed test is not retried
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['delivered', 'failed']);
    expect(await dispatch()).toMatchObject({ claimed: 0 });
  });

  it('Replay sends the same message again with its webhook-id', async () => {
    const endpoint = await createEndpoint(receiver.url());
    await insertBooking();
    await dispatch();
    const [original] = await deliveriesOf(endpoint.id);
    const result = await asAdmin({ action: 'replay', delivery_id: original.id });
    expect(result.body).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([original.message_id, original.message_id]);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows[1]).toMatchObject({ replay_of: original.id, status: 'delivered' });
  });

  it('a rotated secret signs from then on; the old one no longer verifies', async () => {
    const endpoint = await createEndpoint(receiver.url());
    const rotated = await asAdmin({ action: 'rotate_secret', id: endpoint.id });
    const secret = rotated.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    await asAdmin({ action: 'test', id: endpoint.id });
    expect(verify(receiver.received[0], secret).type).toBe('webhook.test');
    expect(() => verify(receiver.received[0], endpoint.secret)).toThrow();
  });

  it('bad input changes nothing and says why', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ action: 'create', url: '', event_types: ['booking.requested'] }, /Please enter your Zapier webhook URL/],
      [{ action: 'create', url: receiver.url(), event_types: [] }, /at least one event/],
      [{ action: 'create', url: receiver.url(), event_types: ['booking.deleted'] }, /Unknown event type/],
      [{ action: 'create', url: 'not a url', event_types: ['booking.requested'] }, /not valid/],
      [{ action: 'explode' }, /Unknown action/],
    ];
    for (const [body, message] of cases) {
      const result = await asAdmin(body);
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(message);
    }
    expect(await sql('select id from public.webhook_endpoints')).toEqual([]);
    const missing = await asAdmin({ action: 'rotate_secret', id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
  });
});
