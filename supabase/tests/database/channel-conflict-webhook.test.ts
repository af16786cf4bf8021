import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDate, sql } from '../support';

// The seam between channel sync and outgoing webhooks: a conflict row becomes a channel.conflict
// delivery for every endpoint that asked for it.
describe('channel.conflict webhook event', () => {
  let roomId: string;
  let feedId: string;
  let subscribed: string;
  let other: string;

  beforeAll(async () => {
    [{ id: roomId }] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests, beds, bathrooms)
       values ('Conflict Webhook Room', 'CW-1', 'deluxe', 'available', 100, 2, 1, 1) returning id`,
    );
    [{ id: feedId }] = await sql<{ id: string }>(
      `select id from public.channel_feeds where room_id = $1 and platform = 'airbnb'`,
      [roomId],
    );
    [{ id: subscribed }] = await sql<{ id: string }>(
      `insert into public.webhook_endpoints (url, event_types) values ('https://hooks.example.com/a', '{channel.conflict}') returning id`,
    );
    [{ id: other }] = await sql<{ id: string }>(
      `insert into public.webhook_endpoints (url, event_types) values ('https://hooks.example.com/b', '{booking.requested}') returning id`,
    );
  });

  afterAll(async () => {
    await sql('delete from public.webhook_endpoints where id = any($1::uuid[])', [[subscribed, other]]);
    await sql('delete from public.rooms where id = $1', [roomId]);
  });

  const deliveries = (endpointId: string) =>
    sql<{ event_type: string; payload: { data: { conflict: Record<string, unknown> } } }>(
      'select event_type, payload from public.webhook_deliveries where endpoint_id = $1',
      [endpointId],
    );

  it('is queued once when an imported event comes into conflict, only for subscribed endpoints', async () => {
    const [checkIn, checkOut] = [await dbDate(40), await dbDate(43)];
    const [{ id: blockId }] = await sql<{ id: string }>(
      `insert into public.external_blocks (feed_id, room_id, event_uid, check_in_date, check_out_date, status)
       values ($1, $2, 'evt-1@airbnb', $3, $4, 'conflict') returning id`,
      [feedId, roomId, checkIn, checkOut],
    );
    const sent = await deliveries(subscribed);
    expect(sent).toHaveLength(1);
    expect(sent[0].event_type).toBe('channel.conflict');
    expect(sent[0].payload.data.conflict).toMatchObject({
      block_id: blockId,
      event_uid: 'evt-1@airbnb',
      check_in: checkIn,
      check_out: checkOut,
      platform: 'airbnb',
      room: { id: roomId, room_number: 'CW-1' },
    });
    expect(await deliveries(other)).toHaveLength(0);

    // still in conflict on the next sync: nothing new; cleared and back in conflict: one more
    await sql(`update public.external_blocks set missed_syncs = 0, status = 'conflict' where id = $1`, [blockId]);
    expect(await deliveries(subscribed)).toHaveLength(1);
    await sql(`update public.external_blocks set status = 'cancelled' where id = $1`, [blockId]);
    await sql(`update public.external_blocks set status = 'conflict' where id = $1`, [blockId]);
    expect(await deliveries(subscribed)).toHaveLength(2);
  });
});
