// Stay requests that can be neither hoarded nor lost (issue 20), through the real gateway: the
// client address the limits use (whatever headers a client sends), holds that end at
// hold_expires_at (a clock the tests move, never a sleep), the open-request limits, the guest's
// private link, and the e-mail outbox with its dispatcher (the `emails` function) and the local
// inbox. Requests use dates from current_date + 300 on and e-mails @stay.test.example.com.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  anonClient,
  dbDate,
  inboxFor,
  newUserClient,
  platform,
  serviceClient,
  signedInClient,
  sql,
  type Client,
} from '../support';

const EMAIL_DOMAIN = 'stay.test.example.com';
const NOT_VALID = 'This link is not valid.';

let today: string;
const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 300;
const freshRange = (nights = 2) => {
  const start = nextFreeDay;
  nextFreeDay += nights + 1;
  return { p_check_in: day(start), p_check_out: day(start + nights) };
};
const email = (name = 'guest') => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
}

/**
 * An RPC through the gateway from a chosen loopback address (127.0.0.0/8 is all this machine's),
 * with whatever headers an attacker adds, `Connection` included (fetch cannot send that one).
 */
function rpcFrom(
  localAddress: string,
  fn: string,
  args: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(`${platform().apiUrl}/rest/v1/rpc/${fn}`);
  const body = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          apikey: platform().anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const stay = (overrides: Record<string, unknown> = {}) => ({
  p_room_id: SEED.room(1),
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Grace Hopper',
  p_guest_email: email(),
  ...overrides,
});

const FORGED_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { connection: 'x-forwarded-for' },
  { connection: 'keep-alive, x-forwarded-for, cf-connecting-ip' },
  { 'x-real-ip': '198.51.100.9' },
  { forwarded: 'for=198.51.100.10' },
  { 'cf-connecting-ip': '198.51.100.11' },
  { 'x-forwarded-for': '203.0.113.8, 203.0.113.9', 'x-real-ip': '198.51.100.12' },
];

const setClock = (seconds: number) =>
  sql('update private.clock_offset set offset_by = make_interval(secs => $1)', [seconds]);
const resetLimits = () => sql('truncate private.rate_limit_hits, private.booking_request_origins');

async function origin(bookingId: string): Promise<string | undefined> {
  const [row] = await sql<{ client_address: string }>(
    'select client_address from private.booking_request_origins where booking_id = $1',
    [bookingId],
  );
  return row?.client_address;
}

async function bookingRow(id: string) {
  const [row] = await sql<{ status: string; hold_expires_at: Date; guest_confirmed_at: Date | null }>(
    'select status::text, hold_expires_at, guest_confirmed_at from public.bookings where id = $1',
    [id],
  );
  return row;
}

/** The private link token, read from the acknowledgement in the outbox (as the e-mail carries it). */
async function linkToken(bookingId: string): Promise<string> {
  const [row] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox
     where booking_id = $1 and kind = 'request_acknowledgement' order by created_at limit 1`,
    [bookingId],
  );
  return row.token;
}

const emailsOf = (bookingId: string) =>
  sql<{ kind: string; recipient: string; status: string; attempt_count: number }>(
    'select kind, recipient, status::text, attempt_count from public.email_outbox where booking_id = $1 order by created_at, kind',
    [bookingId],
  );

async function callEmails(body: Record<string, unknown>, key = platform().serviceRoleKey) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, number> };
}

let staff: Client;

beforeAll(async () => {
  today = await dbDate(0);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  // e-mails of other suites' bookings are not this suite's to send
  await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
});

beforeEach(resetLimits);
afterEach(() => setClock(0));

afterAll(async () => {
  await setClock(0);
  await sql(
    'delete from public.email_outbox where booking_id in (select id from public.bookings where guest_email like $1)',
    [`%@${EMAIL_DOMAIN}`],
  );
  await sql('delete from public.bookings where guest_email like $1', [`%@${EMAIL_DOMAIN}`]);
  await resetLimits();
});

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
    const from = nextFreeDay;
    nextFreeDay += 35;
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

// ---------------------------------------------------------------- staff and settings
describe('staff see the e-mail log; admins change the holds', () => {
  it('staff read the log but never the e-mail data (the link token), and resend one', async () => {
    const answer = await rpcFrom('127.0.0.17', 'request_booking', stay());
    const id = String(answer.body.booking_id);
    const log = await staff.from('email_outbox').select('id, kind, status').eq('booking_id', id);
    expect(log.data?.map((e) => e.kind).sort()).toEqual(['request_acknowledgement', 'request_received_host']);
    expect((await staff.from('email_outbox').select('data').eq('booking_id', id)).error?.message).toMatch(
      /permission denied/,
    );
    expect((await staff.from('email_outbox').update({ status: 'sent' }).eq('booking_id', id)).error?.message).toMatch(
      /permission denied/,
    );
    const resent = await staff.rpc('resend_booking_email', { p_email_id: log.data![0].id });
    expect(resent.error).toBeNull();
    expect(await emailsOf(id)).toHaveLength(3);
    const { client: nobody } = await newUserClient('noemail');
    expect((await nobody.from('email_outbox').select('id').eq('booking_id', id)).data).toEqual([]);
    expect((await nobody.rpc('resend_booking_email', { p_email_id: log.data![0].id })).error?.message).toBe(
      'Only staff can resend e-mails.',
    );
  });

  it('staff read the hold settings; only admins change them, within bounds', async () => {
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    expect(
      (await staff.from('booking_settings').select('unconfirmed_hold_minutes, confirmed_hold_hours').single()).data,
    ).toEqual({
      unconfirmed_hold_minutes: 30,
      confirmed_hold_hours: 48,
    });
    const byStaff = await staff
      .from('booking_settings')
      .update({ confirmed_hold_hours: 1 })
      .eq('singleton', true)
      .select();
    expect(byStaff.data).toEqual([]);
    const tooLong = await admin.from('booking_settings').update({ confirmed_hold_hours: 1000 }).eq('singleton', true);
    expect(tooLong.error?.message).toMatch(/booking_settings_confirmed_hold_range/);
    const ok = await admin
      .from('booking_settings')
      .update({ unconfirmed_hold_minutes: 45 })
      .eq('singleton', true)
      .select();
    expect(ok.data?.[0]).toMatchObject({ unconfirmed_hold_minutes: 45 });
    const answer = await rpcFrom('127.0.0.18', 'request_booking', stay());
    const [{ minutes }] = await sql<{ minutes: number }>(
      `select round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes from public.bookings where id = $1`,
      [answer.body.booking_id],
    );
    expect(minutes).toBe(45);
    await admin.from('booking_settings').update({ unconfirmed_hold_minutes: 30 }).eq('singleton', true);
    // one row for ever: nobody adds or removes one
    expect((await admin.from('booking_settings').insert({ singleton: true })).error?.message).toMatch(
      /permission denied/,
    );
    expect((await admin.from('booking_settings').delete().eq('singleton', true)).error?.message).toMatch(
      /permission denied/,
    );
    const { client: nobody } = await newUserClient('nosettings');
    expect((await nobody.from('booking_settings').select('*')).data).toEqual([]);
    expect(
      (await nobody.from('booking_settings').update({ confirmed_hold_hours: 2 }).eq('singleton', true).select()).data,
    ).toEqual([]);
  });

  it('a pending request cannot be marked expired while its hold lasts', async () => {
    const answer = await rpcFrom('127.0.0.23', 'request_booking', stay());
    const refused = await staff.from('bookings').update({ status: 'expired' }).eq('id', String(answer.body.booking_id));
    expect(refused.error?.message).toBe('A booking cannot change from pending to expired.');
  });
});

// ---------------------------------------------------------------- delivery
describe('the outbox is delivered once', () => {
  const clearInbox = () => fetch(`${platform().apiUrl}/inbox/api/messages`, { method: 'DELETE' });
  const fault = (n: number, status = 500) =>
    fetch(`${platform().apiUrl}/inbox/api/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform().serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: n, status }),
    });

  beforeEach(async () => {
    await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
    await clearInbox();
  });

  it('host and guest each get their e-mail once, with the reference in the subject and both parts', async () => {
    const guestEmail = email('ack');
    const answer = await rpcFrom('127.0.0.19', 'request_booking', stay({ p_guest_email: guestEmail }));
    const reference = String(answer.body.reference);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });

    const [ack, ...more] = await inboxFor(guestEmail);
    expect(more).toHaveLength(0);
    expect(ack.subject).toContain(reference);
    expect(ack.text).toContain('Confirm your request: ');
    expect(ack.text).toMatch(new RegExp(`/booking/${reference}\\?token=[A-Za-z0-9_-]{40,}`));
    expect(ack.html).toContain('<a href=');
    const [{ value: hostAddress }] = await sql<{ value: string }>(
      `select value from public.site_content where key = 'contact_email'`,
    );
    const host = (await inboxFor(hostAddress)).filter((m) => m.subject.includes(reference));
    expect(host).toHaveLength(1);
    expect(host[0].text).toContain('Grace Hopper');
    // once sent, the token no longer sits in the outbox
    expect(
      await sql(`select 1 from public.email_outbox where booking_id = $1 and data ? 'token'`, [answer.body.booking_id]),
    ).toHaveLength(0);
  });

  it('a provider answering 500 then 200 delivers once', async () => {
    const guestEmail = email('retry');
    const answer = await rpcFrom('127.0.0.20', 'request_booking', stay({ p_guest_email: guestEmail }));
    await fault(2);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, retried: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(0);
    // not due again before the backoff
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });
    await setClock(15);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(1);
    expect((await emailsOf(String(answer.body.booking_id))).map((e) => [e.status, e.attempt_count])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('a dispatcher killed after the provider accepted, before recording, is followed by one delivery', async () => {
    const guestEmail = email('killed');
    await rpcFrom('127.0.0.21', 'request_booking', stay({ p_guest_email: guestEmail }));
    // the first dispatcher claims the e-mails and sends them, then dies before recording anything
    const { data: claimed } = await serviceClient().rpc('claim_emails', { p_limit: 10, p_lease_seconds: 60 });
    expect(claimed).toHaveLength(2);
    for (const email of claimed!) {
      const response = await fetch(`${platform().apiUrl}/inbox/api/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${platform().serviceRoleKey}`,
          'content-type': 'application/json',
          'idempotency-key': `email-${email.email_id}`,
        },
        body: JSON.stringify({ to: email.recipient, subject: 'sent before the crash', text: '' }),
      });
      expect(response.status).toBe(201);
    }
    // a second dispatcher cannot take them while the lease lasts
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });
    await setClock(61);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(1);
  });

  it('after the last try the e-mail fails and the admins get an alert', async () => {
    const guestEmail = email('fail');
    const answer = await rpcFrom('127.0.0.22', 'request_booking', stay({ p_guest_email: guestEmail }));
    await fault(100, 503);
    let clock = 0;
    for (let attempt = 0; attempt < 6; attempt++) {
      await callEmails({ action: 'dispatch' });
      clock += 9000;
      await setClock(clock);
    }
    await fault(0);
    expect((await emailsOf(String(answer.body.booking_id))).map((e) => [e.status, e.attempt_count])).toEqual([
      ['failed', 6],
      ['failed', 6],
    ]);
    const alerts = await sql(
      `select 1 from public.security_alerts where alert_type = 'email_delivery_failed' and metadata ->> 'booking_id' = $1`,
      [answer.body.booking_id],
    );
    expect(alerts).toHaveLength(2);
  });

  it("every guest e-mail links to the guest's page, a resent one too; the host's link finds the booking", async () => {
    const guestEmail = email('links');
    const answer = await rpcFrom('127.0.0.24', 'request_booking', stay({ p_guest_email: guestEmail }));
    const id = String(answer.body.booking_id);
    const reference = String(answer.body.reference);
    await staff.from('bookings').update({ status: 'confirmed' }).eq('id', id);
    const [ack] = await sql<{ id: string }>(
      `select id from public.email_outbox where booking_id = $1 and kind = 'request_acknowledgement'`,
      [id],
    );
    await callEmails({ action: 'dispatch' });
    expect((await staff.rpc('resend_booking_email', { p_email_id: ack.id })).error).toBeNull();
    await callEmails({ action: 'dispatch' });

    const mails = await inboxFor(guestEmail);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'booking_confirmed',
      'request_acknowledgement',
      'request_acknowledgement',
    ]);
    for (const mail of mails) {
      const link = new URL(new RegExp(`https?://\\S+/booking/${reference}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)![0]);
      const shown = await anonClient().rpc('booking_by_link', {
        p_reference: reference,
        p_token: link.searchParams.get('token')!,
      });
      expect(shown.error, mail.kind).toBeNull();
    }

    const found = await staff.rpc('search_booking_list', { p_search: reference.toLowerCase() });
    expect(found.data?.map((row) => row.reference)).toEqual([reference]);
  });

  it('only the service role may run the dispatcher', async () => {
    expect((await callEmails({ action: 'dispatch' }, platform().anonKey)).status).toBe(403);
  });
});
