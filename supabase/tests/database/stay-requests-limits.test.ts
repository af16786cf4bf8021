// Stay requests cannot be hoarded (issue 20), through the real gateway: the client address the
// limits use is the one the gateway saw (whatever headers a client sends), and at most 2 open
// requests per address and per e-mail address. Set-up and helpers: stay-requests-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { DEMO, SEED, anonClient, sql } from '../support';
import {
  setUpStayRequests,
  freshDays,
  EMAIL_DOMAIN,
  day,
  email,
  rpcFrom,
  stay,
  FORGED_HEADERS,
  setClock,
  origin,
} from './stay-requests-fixtures';

setUpStayRequests();

// ---------------------------------------------------------------- the client address
describe('the client address is the one the gateway saw', () => {
  for (const headers of FORGED_HEADERS) {
    it(`ignores ${JSON.stringify(headers)}`, async () => {
      const answer = await rpcFrom('127.0.0.3', 'request_booking', stay(), headers);
      expect(answer.status).toBe(200);
      expect(await origin(String(answer.body.booking_id))).toBe('127.0.0.3');
    });
  }

  it('a signed-in account shares its address bucket: the third open request is refused', async () => {
    const { data: session } = await anonClient().auth.signInWithPassword(DEMO.guest);
    const auth = { authorization: `Bearer ${session.session!.access_token}` };
    expect((await rpcFrom('127.0.0.4', 'request_booking', stay())).status).toBe(200);
    expect((await rpcFrom('127.0.0.4', 'request_booking', stay(), auth)).status).toBe(200);
    const third = await rpcFrom('127.0.0.4', 'request_booking', stay(), auth);
    expect(third.status).toBe(400);
    expect(third.body.message).toMatch(/^You already have 2 requests waiting for an answer/);
  });

  it('a request that reaches the database without an address is refused, not pooled', async () => {
    const [row] = await sql<{ refused: string }>(
      `do $$ begin
         perform set_config('request.headers', '{}', true);
         perform public.request_booking('${SEED.room(1)}', current_date + 500, current_date + 502, 2, 'No Address', 'none@${EMAIL_DOMAIN}');
       end $$;
       select 'no' as refused`,
    ).catch((error: Error) => [{ refused: error.message }]);
    expect(row.refused).toMatch(/We could not tell where your request comes from/);
    expect(await sql(`select 1 from public.bookings where guest_email = 'none@${EMAIL_DOMAIN}'`)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- open-request limits
describe('at most 2 open requests per address and per e-mail address', () => {
  it('20 parallel requests from one address store exactly 2', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rpcFrom('127.0.0.5', 'request_booking', stay({ p_room_id: SEED.room(2) }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual(
      Array(18).fill(expect.stringMatching(/^You already have 2 requests waiting/)),
    );
  });

  it('one e-mail address from three addresses holds at most 2 requests', async () => {
    const guest = email('same');
    const answers = [];
    for (const address of ['127.0.0.6', '127.0.0.7', '127.0.0.8']) {
      answers.push(await rpcFrom(address, 'request_booking', stay({ p_guest_email: guest.toUpperCase() })));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400]);
    expect(answers[2].body.message).toMatch(/^This e-mail address already has 2 requests waiting/);
  });

  it('an ended hold no longer counts: a new request is accepted once the first ones expire', async () => {
    for (let i = 0; i < 2; i++) expect((await rpcFrom('127.0.0.9', 'request_booking', stay())).status).toBe(200);
    expect((await rpcFrom('127.0.0.9', 'request_booking', stay())).status).toBe(400);
    await setClock(31 * 60);
    expect((await rpcFrom('127.0.0.9', 'request_booking', stay())).status).toBe(200);
  });

  it('hostile: 50 requests from 5 addresses with made-up e-mails and forged headers hold no room-night 31 minutes later', async () => {
    const addresses = ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4', '127.0.1.5'];
    const rooms = [1, 2, 3, 4, 7].map((n) => SEED.room(n));
    const from = freshDays(35);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rpcFrom(
          addresses[i % 5],
          'request_booking',
          stay({
            p_room_id: rooms[i % rooms.length],
            p_check_in: day(from + (i % 10) * 3),
            p_check_out: day(from + (i % 10) * 3 + 3),
            p_guests: 1,
            p_guest_email: `attacker${i}@${EMAIL_DOMAIN}`,
          }),
          { ...FORGED_HEADERS[i % FORGED_HEADERS.length], 'x-forwarded-for': `10.0.${i}.1` },
        ),
      ),
    );
    const stored = answers.filter((a) => a.status === 200).map((a) => String(a.body.booking_id));
    // at most 2 open requests for each of the 5 addresses, whatever the headers said
    expect(stored.length).toBeLessThanOrEqual(10);
    const heldNow = await sql<{ nights: number }>(
      `select coalesce(sum(check_out_date - check_in_date), 0)::int as nights from public.bookings
       where id = any($1::uuid[]) and private.booking_occupies(status, hold_expires_at)`,
      [stored],
    );
    expect(heldNow[0].nights).toBeGreaterThan(0);

    await setClock(31 * 60);
    const heldLater = await sql<{ nights: number }>(
      `select coalesce(sum(check_out_date - check_in_date), 0)::int as nights from public.bookings
       where id = any($1::uuid[]) and private.booking_occupies(status, hold_expires_at)`,
      [stored],
    );
    expect(heldLater[0].nights).toBe(0);
    const { data: free } = await anonClient().rpc('room_is_available', {
      p_room_id: rooms[0],
      p_check_in: day(from),
      p_check_out: day(from + 30),
    });
    expect(free).toBe(true);
  });
});
