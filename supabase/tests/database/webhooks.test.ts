// Outgoing webhooks end to end: the `webhooks` edge function, the outbox triggers and a receiver on a
// local port that verifies signatures with the `standardwebhooks` package, as a real receiver does.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accessToken,
  anonClient,
  callFunction,
  DEMO,
  platform,
  SEED,
  signedInClient,
  sql,
  type Client,
} from '../support';

// ---------------------------------------------------------------- a receiver on a local port
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

class Receiver {
  received: Received[] = [];
  /** replies used in order; the last one repeats */
  replies: Reply[] = [{ status: 200, body: '{"ok":true}' }];
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const reply = this.replies.length > 1 ? this.replies.shift()! : this.replies[0];
        setTimeout(() => {
          response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          response.end(reply.body ?? '');
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Verifies a received request as a Standard Webhooks receiver would; throws when the signature is wrong. */
function verify(
  received: Received,
  secret: string,
): { type: string; data?: Record<string, unknown> } & Record<string, unknown> {
  return new Webhook(secret).verify(received.body, {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  }) as never;
}

// ---------------------------------------------------------------- calling the function

const callAs = (token: string, body: Record<string, unknown>) => callFunction('webhooks', token, body);

const dispatch = async () => {
  const result = await callAs(platform().serviceRoleKey, { action: 'dispatch' });
  expect(result.status).toBe(200);
  return result.body as { claimed: number; delivered: number; retried: number; failed: number; disabled: number };
};

let admin: Client;
let adminToken: string;
const asAdmin = (body: Record<string, unknown>) => callAs(adminToken, body);

async function createEndpoint(
  url: string,
  overrides: Partial<{ event_types: string[]; include_guest_details: boolean; description: string }> = {},
): Promise<{ id: string; secret: string }> {
  const result = await asAdmin({
    action: 'create',
    url,
    description: 'Zapier',
    event_types: ['booking.requested', 'booking.status_changed', 'booking.cancelled'],
    include_guest_details: false,
    ...overrides,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const endpoint = result.body.endpoint as { id: string };
  return { id: endpoint.id, secret: result.body.secret as string };
}

const deliveriesOf = (endpointId: string) =>
  sql<{
    id: string;
    event_type: string;
    status: string;
    attempt_count: number;
    last_response_status: number | null;
    last_error: string | null;
    due_in_seconds: number;
    message_id: string;
    replay_of: string | null;
  }>(
    `select id, event_type, status::text, attempt_count, last_response_status, last_error, message_id, replay_of,
            extract(epoch from next_attempt_at - now())::float as due_in_seconds
     from public.webhook_deliveries where endpoint_id = $1 order by created_at, event_type`,
    [endpointId],
  );

const endpointRow = async (id: string) =>
  (
    await sql<{ enabled: boolean; disabled_reason: string | null; failing_since: Date | null }>(
      'select enabled, disabled_reason, failing_since from public.webhook_endpoints where id = $1',
      [id],
    )
  )[0];

/** Makes every pending delivery of the endpoint due now (instead of waiting for its backoff). */
const makeDue = (endpointId: string) =>
  sql("update public.webhook_deliveries set next_attempt_at = now() where endpoint_id = $1 and status = 'pending'", [
    endpointId,
  ]);

let nextDay = 700;
/** Inserts a booking straight in the table (the outbox trigger runs as for any insert). */
async function insertBooking(name = 'Grace Hopper'): Promise<{ id: string; reference: string }> {
  const start = nextDay;
  nextDay += 3;
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount)
     values ($1, $2, 'grace@webhooks.test.example.com', current_date + $3::int, current_date + $3::int + 2, 2, 200)
     returning id, reference`,
    [SEED.room(2), name, start],
  );
  return row;
}

const receiver = new Receiver();

beforeAll(async () => {
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  adminToken = await accessToken(admin);
  await receiver.start();
});

beforeEach(() => {
  receiver.received = [];
  receiver.replies = [{ status: 200, body: '{"ok":true}' }];
});

afterEach(async () => {
  await sql('delete from public.webhook_endpoints');
  await sql("delete from public.security_alerts where alert_type = 'webhook_endpoint_disabled'");
});

afterAll(async () => {
  await receiver.stop();
  await sql("delete from public.bookings where guest_email like '%@webhooks.test.example.com'");
});

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

// ---------------------------------------------------------------- SSRF
describe('only public https targets (loopback allowed on the local platform)', () => {
  it.each([
    ['https://10.0.0.5/hook', /private or local/],
    ['https://192.168.1.20/hook', /private or local/],
    ['https://169.254.169.254/latest/meta-data', /private or local/],
    ['http://93.184.216.34/hook', /Only https/],
    ['ftp://127.0.0.1/hook', /Only https/],
    ['https://user:secret@127.0.0.1/hook', /credentials/],
  ])('refuses %s when saving', async (url, message) => {
    const result = await asAdmin({ action: 'create', url, event_types: ['booking.requested'] });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
  });

  it('refuses a private target at send time too (a URL that got past the save check)', async () => {
    const endpoint = await createEndpoint(receiver.url());
    // a row saved before the database checked addresses (20261127000300): written with the check off
    await sql(
      `begin;
       alter table public.webhook_endpoints disable trigger check_host;
       update public.webhook_endpoints set url = 'https://10.1.2.3/hook' where id = '${endpoint.id}';
       alter table public.webhook_endpoints enable trigger check_host;
       commit;`,
    );
    await insertBooking();
    await dispatch();
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', last_response_status: null });
    expect(row.last_error).toMatch(/private or local/);
  });
});

// ---------------------------------------------------------------- who may do what
describe('only admins manage webhooks; nobody reads a secret', () => {
  let endpointId: string;
  let clients: [string, Client][];

  beforeEach(async () => {
    const endpoint = await createEndpoint(receiver.url());
    endpointId = endpoint.id;
    await insertBooking();
    clients = [
      ['anon', anonClient()],
      ['guest', await signedInClient(DEMO.guest.email, DEMO.guest.password)],
      ['staff', await signedInClient(DEMO.staff.email, DEMO.staff.password)],
    ];
  });

  it('anon, signed-in users and staff read no endpoint or delivery', async () => {
    for (const [, client] of clients) {
      const endpoints = await client.from('webhook_endpoints').select('*');
      expect(endpoints.data ?? []).toEqual([]);
      const deliveries = await client.from('webhook_deliveries').select('*');
      expect(deliveries.data ?? []).toEqual([]);
    }
    expect((await admin.from('webhook_endpoints').select('*')).data).toHaveLength(1);
    expect((await admin.from('webhook_deliveries').select('*')).data).toHaveLength(1);
  });

  it('anon, signed-in users and staff cannot call the admin actions nor dispatch', async () => {
    for (const [role, client] of clients) {
      const token = role === 'anon' ? platform().anonKey : await accessToken(client);
      for (const body of [
        { action: 'create', url: receiver.url(), event_types: ['booking.requested'] },
        { action: 'rotate_secret', id: endpointId },
        { action: 'test', id: endpointId },
        { action: 'dispatch' },
      ]) {
        const result = await callAs(token, body);
        // the anon key is nobody signed in (401), except for dispatch, which only the service key may call
        const refusal = role === 'anon' && body.action !== 'dispatch' ? 401 : 403;
        expect(result.status, `${role} ${body.action}`).toBe(refusal);
      }
      for (const [fn, args] of [
        [
          'create_webhook_endpoint',
          {
            p_url: receiver.url(),
            p_description: '',
            p_event_types: ['booking.requested'],
            p_include_guest_details: true,
          },
        ],
        ['rotate_webhook_secret', { p_id: endpointId }],
        ['claim_webhook_deliveries', {}],
      ] as const) {
        const { data, error } = await client.rpc(fn as never, args as never);
        expect(error, `${role} ${fn}`).not.toBeNull();
        expect(JSON.stringify(data ?? '')).not.toContain('whsec_');
      }
    }
    expect(receiver.received).toEqual([]);
    expect(await sql('select id from public.webhook_endpoints')).toHaveLength(1);
  });

  it('admins cannot read secrets, claim deliveries or write the tables directly either', async () => {
    const { data } = await admin.from('webhook_endpoints').select('*');
    expect(JSON.stringify(data)).not.toContain('whsec_');
    const claim = await admin.rpc('claim_webhook_deliveries', {});
    expect(claim.error).not.toBeNull();
    const secrets = await admin
      .schema('private' as 'public')
      .from('webhook_endpoint_secrets' as never)
      .select('*');
    expect(secrets.error).not.toBeNull();
    const insert = await admin
      .from('webhook_endpoints')
      .insert({ url: receiver.url(), event_types: ['booking.requested'] });
    expect(insert.error).not.toBeNull();
    const update = await admin.from('webhook_deliveries').update({ status: 'delivered' }).eq('endpoint_id', endpointId);
    expect(update.error).not.toBeNull();
    const audit = await sql("select 1 from public.audit_logs where new_values::text like '%whsec_%'");
    expect(audit).toEqual([]);
  });
});
