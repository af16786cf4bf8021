// One limit for every private-link read (issue 42): 60 wrong links from one address, spread over
// the booking page, online check-in, the place search, the review link and the payments checkout,
// whatever headers the attacker adds, and that address is refused everywhere, right link or not;
// another address is not. Over GET nothing is answered at all (a read-only transaction could not
// count), so a GET cannot tell a right token from a wrong one. Set-up: hostile-inputs-fixtures.ts
// (addresses 127.0.0.6x).
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import {
  setUpHostileInputs,
  FORGED_HEADERS,
  clearLimits,
  request,
  linkToken,
  postFrom,
  roomId,
  rpcFrom,
  type Answer,
} from './hostile-inputs-fixtures';

setUpHostileInputs();

function getFrom(localAddress: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(`${platform().apiUrl}${path}`);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        localAddress,
        agent: false,
        headers: { apikey: platform().anonKey, authorization: `Bearer ${platform().anonKey}`, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const hitsOf = async (address: string) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from private.rate_limit_hits where action = 'booking_link' and client_key = $1`,
      [`ip:${address}`],
    )
  )[0].n;

/** Each private-link read with a given link, as the site sends it, from an address, with the attacker's headers. */
function reads(reference: string, token: string) {
  const link = { p_reference: reference, p_token: token };
  return [
    (from: string, h?: Record<string, string>) => rpcFrom(from, 'booking_by_link', link, h),
    (from: string, h?: Record<string, string>) => rpcFrom(from, 'checkin_by_link', link, h),
    (from: string, h?: Record<string, string>) => rpcFrom(from, 'save_checkin_by_link', { ...link, p_guests: [] }, h),
    (from: string, h?: Record<string, string>) =>
      rpcFrom(from, 'search_checkin_places', { ...link, p_kind: 'comune', p_query: 'roma' }, h),
    (from: string, h?: Record<string, string>) => rpcFrom(from, 'review_invitation', { p_token: token }, h),
    (from: string, h?: Record<string, string>) =>
      rpcFrom(
        from,
        'submit_review',
        { p_token: token, p_rating: 5, p_comment: 'A wonderful stay near the Colosseum.', p_guest_name: 'Eve' },
        h,
      ),
    (from: string, h?: Record<string, string>) =>
      postFrom(from, '/functions/v1/payments', { action: 'checkout', reference, token }, h),
  ];
}

describe('one counter of wrong private links per address', () => {
  it('60 wrong links over every link read, whatever the headers, then that address is refused everywhere', async () => {
    await clearLimits();
    const { reference, id } = await request('127.0.0.61');
    const token = await linkToken(id);
    const wrong = reads(reference, `${token.slice(0, -6)}wrong1`);
    const wrongAnswers: Answer[] = [];
    for (let batch = 0; batch < 6; batch++) {
      wrongAnswers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            wrong[(batch * 10 + i) % wrong.length]('127.0.0.62', {
              ...FORGED_HEADERS[i % FORGED_HEADERS.length],
              'x-forwarded-for': `10.${batch}.${i}.1`,
            }),
          ),
        )),
      );
    }
    // each read answers a wrong link as it always did (never a 500)
    expect(new Set(wrongAnswers.map((a) => a.status))).toEqual(new Set([200, 400, 404]));
    expect(await hitsOf('127.0.0.62')).toBe(60);

    const right = reads(reference, token);
    for (const [i, read] of right.entries()) {
      const answer = await read('127.0.0.62', { 'x-forwarded-for': '203.0.113.99' });
      expect(answer.status, `read ${i}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.body.message ?? answer.body.error, `read ${i}`).toMatch(/^Too many attempts/);
    }
    // another address, the right link: answered, and not counted
    const other = await rpcFrom('127.0.0.63', 'booking_by_link', { p_reference: reference, p_token: token });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ reference, status: 'pending' });
    const checkin = await rpcFrom('127.0.0.63', 'checkin_by_link', { p_reference: reference, p_token: token });
    expect(checkin.status).toBe(200);
    expect(await hitsOf('127.0.0.63')).toBe(0);
  });

  it('the payments checkout counts 70 wrong links like any other: refused from the 61st', async () => {
    await clearLimits();
    const { reference, id } = await request('127.0.0.64');
    const token = await linkToken(id);
    const answers: Answer[] = [];
    for (let i = 0; i < 70; i++) {
      answers.push(
        await postFrom(
          '127.0.0.65',
          '/functions/v1/payments',
          { action: 'checkout', reference, token: `${token.slice(0, -4)}x${String(i).padStart(3, '0')}` },
          FORGED_HEADERS[i % FORGED_HEADERS.length],
        ),
      );
    }
    expect(answers.slice(0, 60).every((a) => a.status === 404 && a.body.code === 'link_not_valid')).toBe(true);
    expect(answers.slice(60).every((a) => a.status === 429 && a.body.code === 'too_many_attempts')).toBe(true);
    expect(await hitsOf('127.0.0.65')).toBe(60);
    const paid = await postFrom('127.0.0.65', '/functions/v1/payments', { action: 'checkout', reference, token });
    expect(paid.status).toBe(429);
  });

  it('over GET no link is read at all: 70 wrong tokens and the right one get the same 405', async () => {
    await clearLimits();
    const { reference, id } = await request('127.0.0.66');
    const token = await linkToken(id);
    const query = (fn: string, params: Record<string, string>) => `/rest/v1/rpc/${fn}?${new URLSearchParams(params)}`;
    for (let i = 0; i < 70; i++) {
      const fn = ['booking_by_link', 'checkin_by_link', 'booking_payments_by_link'][i % 3];
      const answer = await getFrom(
        '127.0.0.67',
        query(fn, { p_reference: reference, p_token: `${token.slice(0, -3)}g${i}` }),
        FORGED_HEADERS[i % FORGED_HEADERS.length],
      );
      expect(answer.status, fn).toBe(405);
    }
    for (const [fn, params] of [
      ['booking_by_link', { p_reference: reference, p_token: token }],
      ['checkin_by_link', { p_reference: reference, p_token: token }],
      ['booking_payments_by_link', { p_reference: reference, p_token: token }],
      ['search_checkin_places', { p_reference: reference, p_token: token, p_kind: 'comune', p_query: 'roma' }],
      ['review_invitation', { p_token: token }],
    ] as const) {
      const answer = await getFrom('127.0.0.67', query(fn, params));
      expect(answer.status, fn).toBe(405);
      expect(answer.body, fn).toMatchObject({ message: 'Private links are read with POST.', hint: 'post_required' });
      expect(JSON.stringify(answer.body), fn).not.toContain(reference);
    }
    // by POST the right link still opens
    expect((await rpcFrom('127.0.0.67', 'booking_by_link', { p_reference: reference, p_token: token })).status).toBe(
      200,
    );
  });
});

describe('not found is a 4xx with its message, never a 500', () => {
  it('unknown and malformed arguments to the link RPCs, request_booking and quote_stay', async () => {
    await clearLimits();
    const { reference, id } = await request('127.0.0.68');
    const token = await linkToken(id);
    const unknownRoom = crypto.randomUUID();
    const cases: [string, Record<string, unknown>][] = [
      ['booking_by_link', { p_reference: null, p_token: null }],
      ['confirm_booking_request', { p_reference: 'CG-NOSUCH', p_token: token }],
      ['cancel_booking_request', { p_reference: reference, p_token: '' }],
      ['booking_payments_by_link', { p_reference: 'x'.repeat(500), p_token: token }],
      ['save_checkin_by_link', { p_reference: reference, p_token: token, p_guests: 'not a list' }],
      ['save_checkin_by_link', { p_reference: reference, p_token: token, p_guests: [{ position: 'x' }] }],
      ['search_checkin_places', { p_reference: reference, p_token: token, p_kind: 'planet', p_query: 'x'.repeat(500) }],
      ['submit_review', { p_token: token, p_rating: 'five', p_comment: 'x', p_guest_name: 'Eve' }],
      ['quote_stay', { p_room_id: unknownRoom, p_check_in: '2030-01-01', p_check_out: '2030-01-03', p_guests: 2 }],
      ['quote_stay', { p_room_id: unknownRoom, p_check_in: 'tomorrow', p_check_out: '2030-01-03', p_guests: 2 }],
      [
        'request_booking',
        {
          p_room_id: unknownRoom,
          p_check_in: '2030-01-01',
          p_check_out: '2030-01-03',
          p_guests: 2,
          p_guest_name: 'Eve',
          p_guest_email: 'eve@hostile.test.example.com',
        },
      ],
      [
        'request_booking',
        { p_room_id: 'not-a-uuid', p_check_in: '2030-01-01', p_check_out: '2030-01-03', p_guests: 2 },
      ],
    ];
    for (const [fn, args] of cases) {
      const answer = await rpcFrom('127.0.0.69', fn, args);
      const label = `${fn} ${JSON.stringify(args).slice(0, 80)} → ${answer.status} ${JSON.stringify(answer.body)}`;
      expect(answer.status < 500, label).toBe(true);
      if (answer.status >= 400) expect(typeof answer.body.message, label).toBe('string');
    }
  });

  it('a staff-priced extra of €1,000,000 a night gets its own refusal from the quote and the request, not a database error', async () => {
    await clearLimits();
    const [service] = await sql<{ id: string }>(
      `insert into public.services (name, price, category, pricing_unit) values ('Hostile million', 1000000, 'general', 'per_night')
       returning id::text`,
    );
    for (const [quantity, nights] of [
      [1, 3],
      [20, 30],
    ]) {
      const dates = await sql<{ from: string; to: string }>(
        `select (private.rome_today() + 400)::text as from, (private.rome_today() + 400 + $1::int)::text as to`,
        [nights],
      );
      const stayArgs = {
        p_room_id: roomId,
        p_check_in: dates[0].from,
        p_check_out: dates[0].to,
        p_guests: 2,
        p_extras: [{ service_id: service.id, quantity }],
      };
      for (const [fn, args] of [
        ['quote_stay', stayArgs],
        ['request_booking', { ...stayArgs, p_guest_name: 'Eve', p_guest_email: 'eve@hostile.test.example.com' }],
      ] as const) {
        const answer = await rpcFrom('127.0.0.69', fn, args);
        expect(answer.status, `${fn} ${quantity}×${nights}`).toBe(400);
        expect(answer.body).toMatchObject({
          hint: 'amount_out_of_range',
          message: 'This stay comes to more than can be booked online. Please contact us.',
        });
      }
    }
  });
});
