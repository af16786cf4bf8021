// The shared half of the outgoing-webhook files (webhooks-*.test.ts): a receiver on a local port
// that verifies signatures with the `standardwebhooks` package, as a real receiver does; calls of
// the `webhooks` edge function and its dispatcher; endpoints, deliveries and bookings as the tests
// write and read them; and the set-up each file runs. The deploy-hook files (deploy-hook-*.test.ts)
// use the same receiver and dispatcher. Bookings use dates from current_date + 700 on and e-mails
// @webhooks.test.example.com; they and every endpoint are removed after each file.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { accessToken, callFunction, DEMO, platform, SEED, signedInClient, sql, type Client } from '../support';

// ---------------------------------------------------------------- a receiver on a local port
export interface Received {
  method: string;
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

export class Receiver {
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
          method: request.method ?? '',
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
export function verify(
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
export const callAs = (token: string, body: Record<string, unknown>) => callFunction('webhooks', token, body);

/** Runs the dispatcher with the service key, as the scheduler does. */
export const dispatch = async () => {
  const result = await callAs(platform().serviceRoleKey, { action: 'dispatch' });
  expect(result.status).toBe(200);
  return result.body as { claimed: number; delivered: number; retried: number; failed: number; disabled: number };
};

export let admin: Client;
let adminToken: string;
export const asAdmin = (body: Record<string, unknown>) => callAs(adminToken, body);

export async function createEndpoint(
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

/** A row of public.webhook_deliveries as the tests read it: `due_in_seconds` from now to its next attempt. */
export interface DeliveryRow {
  id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  last_response_status: number | null;
  last_error: string | null;
  due_in_seconds: number;
}

export const deliveriesOf = (endpointId: string) =>
  sql<DeliveryRow & { message_id: string; replay_of: string | null }>(
    `select id, event_type, status::text, attempt_count, last_response_status, last_error, message_id, replay_of,
            extract(epoch from next_attempt_at - now())::float as due_in_seconds
     from public.webhook_deliveries where endpoint_id = $1 order by created_at, event_type`,
    [endpointId],
  );

export const endpointRow = async (id: string) =>
  (
    await sql<{ enabled: boolean; disabled_reason: string | null; failing_since: Date | null }>(
      'select enabled, disabled_reason, failing_since from public.webhook_endpoints where id = $1',
      [id],
    )
  )[0];

/** Makes every pending delivery of the endpoint due now (instead of waiting for its backoff). */
export const makeDue = (endpointId: string) =>
  sql("update public.webhook_deliveries set next_attempt_at = now() where endpoint_id = $1 and status = 'pending'", [
    endpointId,
  ]);

let nextDay = 700;
/** Inserts a booking straight in the table (the outbox trigger runs as for any insert). */
export async function insertBooking(name = 'Grace Hopper'): Promise<{ id: string; reference: string }> {
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

export const receiver = new Receiver();

/**
 * The calling file's set-up: the admin signed in and the receiver started; before each test the
 * receiver forgets what it received and answers 200; after each test no endpoint is left.
 */
export function setUpWebhooks() {
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
}
