// A stay request's hold ends at hold_expires_at (a clock the tests move, never a sleep): the room
// is free from that second (the timers mark it expired and tell the guest), staff may still confirm
// while its nights are free, the export feed drops it. Set-up and helpers: stay-requests-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, platform, sql } from '../support';
import {
  setUpStayRequests,
  day,
  email,
  rpcFrom,
  stay,
  setClock,
  bookingRow,
  emailsOf,
  callEmails,
  staff,
} from './stay-requests-fixtures';

setUpStayRequests();

// ---------------------------------------------------------------- holds
describe('a hold ends at hold_expires_at', () => {
  it('the room is held until the second the hold ends, then free; the timers mark it expired and tell the guest', async () => {
    const args = stay({ p_room_id: SEED.room(3) });
    const answer = await rpcFrom('127.0.0.10', 'request_booking', args);
    expect(answer.body.message).toBeUndefined();
    const id = String(answer.body.booking_id);
    const held = await bookingRow(id);
    const [{ minutes }] = await sql<{ minutes: number }>(
      `select round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes from public.bookings where id = $1`,
      [id],
    );
    expect(minutes).toBe(30);
    const secondsLeft = (held.hold_expires_at.getTime() - Date.now()) / 1000;
    const available = async () =>
      (
        await anonClient().rpc('room_is_available', {
          p_room_id: SEED.room(3),
          p_check_in: args.p_check_in,
          p_check_out: args.p_check_out,
        })
      ).data;

    await setClock(secondsLeft - 5);
    expect(await available()).toBe(false);
    await setClock(secondsLeft + 5);
    // free before any job ran
    expect(await available()).toBe(true);
    expect((await bookingRow(id)).status).toBe('pending');

    const timers = await callEmails({ action: 'timers' });
    expect(timers.status).toBe(200);
    expect(timers.body.expired).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(id)).status).toBe('expired');
    expect((await emailsOf(id)).map((e) => e.kind)).toContain('request_expired');
  });

  it('staff confirm an expired request while its nights are free, and are refused once they are taken', async () => {
    const args = stay({ p_room_id: SEED.room(4) });
    const first = await rpcFrom('127.0.0.11', 'request_booking', args);
    await setClock(31 * 60);
    await callEmails({ action: 'timers' });
    expect((await bookingRow(String(first.body.booking_id))).status).toBe('expired');

    const second = await rpcFrom('127.0.0.12', 'request_booking', { ...args, p_guest_email: email() });
    expect(second.status).toBe(200);
    const outboxBefore = await sql('select id from public.email_outbox');
    const refused = await staff
      .from('bookings')
      .update({ status: 'confirmed' })
      .eq('id', String(first.body.booking_id));
    expect(refused.error?.message).toBe('This room is not available for the selected dates.');
    // the failed change wrote no e-mail: the outbox is part of the same transaction
    expect(await sql('select id from public.email_outbox')).toHaveLength(outboxBefore.length);

    await staff.from('bookings').update({ status: 'cancelled' }).eq('id', String(second.body.booking_id));
    const confirmed = await staff
      .from('bookings')
      .update({ status: 'confirmed' })
      .eq('id', String(first.body.booking_id));
    expect(confirmed.error).toBeNull();
    expect((await emailsOf(String(first.body.booking_id))).map((e) => e.kind)).toContain('booking_confirmed');
  });

  it('the export feed stops listing a hold as soon as it ends', async () => {
    // well inside the feed's 18 months
    const args = stay({ p_room_id: SEED.room(7), p_check_in: day(200), p_check_out: day(202) });
    const answer = await rpcFrom('127.0.0.13', 'request_booking', args);
    const [{ token }] = await sql<{ token: string }>(
      `select export_token as token from public.channel_feeds where room_id = $1 limit 1`,
      [SEED.room(7)],
    );
    const feed = async () =>
      await (await fetch(`${platform().apiUrl}/functions/v1/channel-calendar/${token}.ics`)).text();
    expect(answer.body.message).toBeUndefined();
    expect(await feed(), JSON.stringify(args)).toContain(`booking-${answer.body.booking_id}`);
    await setClock(31 * 60);
    expect(await feed()).not.toContain(`booking-${answer.body.booking_id}`);
  });
});
