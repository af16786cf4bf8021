// The guest's private link to a stay request (issue 20): confirm and cancel through it, one message
// for every link that is not valid, no cancellation within 24 hours of check-in, nothing readable
// anonymously through the API. Set-up and helpers: stay-requests-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, sql } from '../support';
import {
  setUpStayRequests,
  NOT_VALID,
  day,
  rpcFrom,
  stay,
  setClock,
  linkToken,
  emailsOf,
  staff,
} from './stay-requests-fixtures';

setUpStayRequests();

// ---------------------------------------------------------------- the guest's private link
describe("the guest's private link", () => {
  it('shows the request, confirms it (the hold becomes the host’s 48 hours) and cancels it, telling the host', async () => {
    const answer = await rpcFrom('127.0.0.14', 'request_booking', stay({ p_room_id: SEED.room(4) }));
    const id = String(answer.body.booking_id);
    const reference = String(answer.body.reference);
    const token = await linkToken(id);
    const guest = anonClient();

    const shown = await guest.rpc('booking_by_link', { p_reference: reference, p_token: token });
    expect(shown.data).toMatchObject({
      reference,
      status: 'pending',
      can_confirm: true,
      can_cancel: true,
      guest_confirmed: false,
    });

    const confirmed = await guest.rpc('confirm_booking_request', {
      p_reference: reference.toLowerCase(),
      p_token: token,
    });
    expect(confirmed.data).toMatchObject({ status: 'pending', guest_confirmed: true, can_confirm: false });
    const [{ hours }] = await sql<{ hours: number }>(
      `select round(extract(epoch from hold_expires_at - now()) / 3600)::int as hours from public.bookings where id = $1`,
      [id],
    );
    expect(hours).toBe(48);
    // confirming twice changes nothing
    expect((await guest.rpc('confirm_booking_request', { p_reference: reference, p_token: token })).error).toBeNull();

    const cancelled = await guest.rpc('cancel_booking_request', { p_reference: reference, p_token: token });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect((await emailsOf(id)).map((e) => e.kind).sort()).toEqual(
      [
        'booking_cancelled',
        'booking_cancelled_by_guest_host',
        'request_acknowledgement',
        'request_confirmed_by_guest_host',
        'request_received_host',
      ].sort(),
    );
  });

  it('refuses, with one message, another reference, a wrong token, an expired and a revoked link', async () => {
    const a = await rpcFrom('127.0.0.15', 'request_booking', stay());
    const b = await rpcFrom('127.0.0.15', 'request_booking', stay());
    const tokenA = await linkToken(String(a.body.booking_id));
    const guest = anonClient();
    const attempt = async (reference: string, token: string) =>
      (await guest.rpc('booking_by_link', { p_reference: reference, p_token: token })).error?.message;

    expect(await attempt(String(a.body.reference), tokenA)).toBeUndefined();
    expect(await attempt(String(b.body.reference), tokenA)).toBe(NOT_VALID);
    expect(await attempt(String(a.body.reference), `${tokenA.slice(0, -2)}xx`)).toBe(NOT_VALID);
    expect(await attempt(String(a.body.reference), '')).toBe(NOT_VALID);
    expect(
      (await guest.rpc('cancel_booking_request', { p_reference: String(b.body.reference), p_token: tokenA })).error
        ?.message,
    ).toBe(NOT_VALID);

    // a link lasts until 30 days after check-out
    const [{ seconds }] = await sql<{ seconds: number }>(
      `select extract(epoch from expires_at - now())::int as seconds from private.booking_access_tokens where booking_id = $1`,
      [a.body.booking_id],
    );
    await setClock(seconds + 60);
    expect(await attempt(String(a.body.reference), tokenA)).toBe(NOT_VALID);
    await setClock(0);

    expect(
      (await anonClient().rpc('revoke_booking_link', { p_booking_id: String(a.body.booking_id) })).error?.message,
    ).toMatch(/permission denied|Only staff/);
    expect((await staff.rpc('revoke_booking_link', { p_booking_id: String(a.body.booking_id) })).error).toBeNull();
    expect(await attempt(String(a.body.reference), tokenA)).toBe(NOT_VALID);
  });

  it('cancellation within 24 hours of check-in is refused', async () => {
    const answer = await rpcFrom(
      '127.0.0.16',
      'request_booking',
      stay({ p_check_in: day(1), p_check_out: day(2), p_room_id: SEED.room(4) }),
    );
    const token = await linkToken(String(answer.body.booking_id));
    const [{ seconds }] = await sql<{ seconds: number }>(
      `select extract(epoch from ((current_date + 1)::timestamp at time zone 'Europe/Rome') - now())::int as seconds`,
    );
    await setClock(seconds - 3600 * 12);
    const refused = await anonClient().rpc('cancel_booking_request', {
      p_reference: String(answer.body.reference),
      p_token: token,
    });
    expect(refused.error?.message).toBe('This booking can no longer be cancelled online. Please contact us.');
  });

  it('an anonymous caller reads no booking, e-mail, token or setting through the API', async () => {
    const guest = anonClient();
    expect((await guest.from('bookings').select('id')).data ?? []).toEqual([]);
    expect((await guest.from('email_outbox').select('id')).error?.message).toMatch(/permission denied/);
    expect((await guest.from('booking_settings').select('*')).error?.message).toMatch(/permission denied/);
    expect((await guest.rpc('claim_emails', {})).error?.message).toMatch(/permission denied/);
    expect((await guest.rpc('run_booking_timers')).error?.message).toMatch(/permission denied/);
  });
});
