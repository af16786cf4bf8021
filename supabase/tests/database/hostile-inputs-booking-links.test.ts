// Hostile guests of a booking (issue 30): guessing private booking links (limited per address,
// counted on wrong links, whatever the headers), a link issued after a revoke, and quotes for stays
// the request refuses (same words and codes). The seed's feed URL: channel-sync-import.test.ts, which owns
// that feed. Set-up and helpers: hostile-inputs-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import {
  setUpHostileInputs,
  email,
  FORGED_HEADERS,
  staff,
  roomId,
  day,
  rpcFrom,
  request,
  linkToken,
} from './hostile-inputs-fixtures';

setUpHostileInputs();

describe('the private booking link: limited per address, counted on wrong links', () => {
  it('60 wrong links, whatever the headers, then every answer to that address is refused; another address is not', async () => {
    const { reference, id } = await request('127.0.0.64');
    const token = await linkToken(id);
    await sql(`delete from private.rate_limit_hits where action = 'booking_link' and client_key like 'ip:127.0.0.6_'`);

    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          rpcFrom(
            '127.0.0.65',
            ['booking_by_link', 'confirm_booking_request', 'cancel_booking_request'][i % 3],
            { p_reference: reference, p_token: `${token.slice(0, -4)}${batch}${i}xx` },
            { ...FORGED_HEADERS[i % FORGED_HEADERS.length], 'x-forwarded-for': `10.${batch}.${i}.1` },
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ message: 'This link is not valid.', hint: 'link_not_valid' });
      }
    }
    const [{ count }] = await sql<{ count: number }>(
      `select count(*)::int as count from private.rate_limit_hits where action = 'booking_link' and client_key = 'ip:127.0.0.65'`,
    );
    expect(count).toBe(60);

    for (const [fn, args, headers] of [
      ['booking_by_link', { p_reference: reference, p_token: 'wrong' }, {}],
      ['booking_by_link', { p_reference: reference, p_token: token }, {}],
      ['booking_by_link', { p_reference: reference, p_token: 'wrong' }, { 'x-forwarded-for': '203.0.113.50' }],
      ['confirm_booking_request', { p_reference: reference, p_token: token }, { 'cf-connecting-ip': '198.51.100.50' }],
      ['cancel_booking_request', { p_reference: reference, p_token: token }, {}],
    ] as const) {
      const answer = await rpcFrom('127.0.0.65', fn, args, headers);
      expect(answer.body.message, fn).toBe('Too many attempts. Please try again in a few minutes.');
    }

    const other = await rpcFrom('127.0.0.66', 'booking_by_link', { p_reference: reference, p_token: token });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ reference, status: 'pending' });
    // a right link does not count
    const [{ right }] = await sql<{ right: number }>(
      `select count(*)::int as right from private.rate_limit_hits where action = 'booking_link' and client_key = 'ip:127.0.0.66'`,
    );
    expect(right).toBe(0);
  });

  it('a link issued after a revoke works (a later e-mail to the guest); the revoked one stays dead', async () => {
    const { reference, id } = await request('127.0.0.67');
    const first = await linkToken(id);
    expect((await staff.rpc('revoke_booking_link', { p_booking_id: id })).error).toBeNull();
    const revoked = await rpcFrom('127.0.0.67', 'booking_by_link', { p_reference: reference, p_token: first });
    expect(revoked.body.message).toBe('This link is not valid.');

    const [ack] = await sql<{ id: string }>(
      `select id::text from public.email_outbox where booking_id = $1 and kind = 'request_acknowledgement' order by created_at limit 1`,
      [id],
    );
    const resent = await staff.rpc('resend_booking_email', { p_email_id: ack.id });
    expect(resent.error).toBeNull();
    const [row] = await sql<{ token: string }>('select data ->> $2 as token from public.email_outbox where id = $1', [
      resent.data,
      'token',
    ]);
    const later = await rpcFrom('127.0.0.67', 'booking_by_link', { p_reference: reference, p_token: row.token });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ reference });
    const again = await rpcFrom('127.0.0.67', 'booking_by_link', { p_reference: reference, p_token: first });
    expect(again.body.message).toBe('This link is not valid.');
  });
});

describe('quote_stay refuses what request_booking refuses, in the same words and codes', () => {
  it.each([
    ['0 guests', { p_guests: 0 }],
    ['-1 guests', { p_guests: -1 }],
    ['9 guests', { p_guests: 9 }],
    ['an arrival 731 days out', { offset: 731 }],
    ['31 nights', { nights: 31 }],
    ['check-out before check-in', { nights: -1 }],
  ])('%s', async (_label, change: { p_guests?: number; offset?: number; nights?: number }) => {
    const start = change.offset ?? 240;
    const args = {
      p_room_id: roomId,
      p_check_in: day(start),
      p_check_out: day(start + (change.nights ?? 2)),
      p_guests: change.p_guests ?? 2,
    };
    const quote = await rpcFrom('127.0.0.68', 'quote_stay', args);
    const requested = await rpcFrom('127.0.0.68', 'request_booking', {
      ...args,
      p_guest_name: 'Grace Hopper',
      p_guest_email: email(),
    });
    expect(quote.status).toBe(400);
    expect(requested.status).toBe(400);
    expect(quote.body.message).toBe(requested.body.message);
    expect(quote.body.hint).toBe(requested.body.hint);
    expect(quote.body.hint).toMatch(/^(guests_range|too_far|too_long|dates_order)$/);
  });
});
