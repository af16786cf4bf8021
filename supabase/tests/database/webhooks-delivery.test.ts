// Outgoing webhooks: booking events reach a receiver signed, from the outbox written with the
// booking, only for the endpoints that want them, with guest details only when opted in.
// Receiver, calls and set-up: webhooks-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, SEED, sql } from '../support';
import {
  setUpWebhooks,
  receiver,
  createEndpoint,
  deliveriesOf,
  dispatch,
  verify,
  insertBooking,
  admin,
  asAdmin,
} from './webhooks-fixtures';

setUpWebhooks();

// ---------------------------------------------------------------- delivery
describe('booking events are delivered signed, from the outbox', () => {
  it('a guest booking request reaches the receiver, verified by standardwebhooks; guest details only when opted in', async () => {
    const thin = await createEndpoint(receiver.url('/thin'));
    const detailed = await createEndpoint(receiver.url('/detailed'), { include_guest_details: true });
    expect(thin.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    await sql('truncate private.rate_limit_hits');
    const { data: booking, error } = await anonClient().rpc('request_booking', {
      p_room_id: SEED.room(3),
      p_check_in: (await sql<{ d: string }>('select (current_date + 650)::text as d'))[0].d,
      p_check_out: (await sql<{ d: string }>('select (current_date + 652)::text as d'))[0].d,
      p_guests: 2,
      p_guest_name: 'Ada Lovelace',
      p_guest_email: 'ada@webhooks.test.example.com',
    });
    expect(error).toBeNull();
    const reference = (booking as { reference: string }).reference;
    // written in the same transaction as the booking, before any dispatcher ran
    expect((await deliveriesOf(thin.id)).map((d) => d.status)).toEqual(['pending']);

    expect(await dispatch()).toMatchObject({ claimed: 2, delivered: 2 });
    const byPath = Object.fromEntries(receiver.received.map((r) => [r.path, r]));
    const thinEvent = verify(byPath['/thin'], thin.secret);
    const detailedEvent = verify(byPath['/detailed'], detailed.secret);
    expect(() => verify(byPath['/thin'], detailed.secret)).toThrow();

    expect(thinEvent.type).toBe('booking.requested');
    expect(thinEvent.data).toMatchObject({
      booking: { reference, status: 'pending', room: { room_number: expect.anything() } },
    });
    expect(thinEvent.data).not.toHaveProperty('guest');
    expect(JSON.stringify(thinEvent)).not.toContain('ada@');
    expect(detailedEvent.data).toMatchObject({
      guest: { name: 'Ada Lovelace', email: 'ada@webhooks.test.example.com' },
    });
    expect(byPath['/thin'].headers['webhook-id']).toBe(byPath['/detailed'].headers['webhook-id']);

    const [row] = await deliveriesOf(thin.id);
    expect(row).toMatchObject({ status: 'delivered', attempt_count: 1, last_response_status: 200 });
    expect(await dispatch()).toMatchObject({ claimed: 0 });
  });

  it('status changes and cancellations are sent to the endpoints that want them', async () => {
    const all = await createEndpoint(receiver.url('/all'));
    const cancellations = await createEndpoint(receiver.url('/cancel'), { event_types: ['booking.cancelled'] });
    const booking = await insertBooking();
    await sql('update public.webhook_deliveries set status = $1 where endpoint_id = any($2::uuid[])', [
      'delivered',
      [all.id, cancellations.id],
    ]);

    const { error } = await admin.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id);
    expect(error).toBeNull();
    await dispatch();

    const types = (path: string, secret: string) =>
      receiver.received
        .filter((r) => r.path === path)
        .map((r) => verify(r, secret))
        .map((event) => `${event.type}:${(event.data as { previous_status?: string }).previous_status ?? '-'}`)
        .sort();
    expect(types('/all', all.secret)).toEqual(['booking.cancelled:-', 'booking.status_changed:pending']);
    expect(types('/cancel', cancellations.secret)).toEqual(['booking.cancelled:-']);
  });

  it('nothing is queued for a disabled endpoint', async () => {
    const endpoint = await createEndpoint(receiver.url());
    const result = await asAdmin({
      action: 'update',
      id: endpoint.id,
      url: receiver.url(),
      description: 'off',
      event_types: ['booking.requested'],
      include_guest_details: false,
      enabled: false,
    });
    expect(result.status).toBe(200);
    await insertBooking();
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});
