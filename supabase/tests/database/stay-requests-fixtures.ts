// The shared half of the stay-request files (stay-requests-*.test.ts, issue 20): requests through
// the real gateway from a chosen client address, the movable clock, the guest's link token and the
// e-mail outbox as the tests read them, and the set-up each file runs. Requests use dates from
// current_date + 300 on and e-mails @stay.test.example.com; both are removed after each file.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { DEMO, SEED, dbDate, platform, signedInClient, sql, type Client } from '../support';

export const EMAIL_DOMAIN = 'stay.test.example.com';
export const NOT_VALID = 'This link is not valid.';

export let today: string;
export const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 300;
export const freshRange = (nights = 2) => {
  const start = nextFreeDay;
  nextFreeDay += nights + 1;
  return { p_check_in: day(start), p_check_out: day(start + nights) };
};
/** The first of `days` days no other request of the calling file uses. */
export const freshDays = (days: number) => {
  const start = nextFreeDay;
  nextFreeDay += days;
  return start;
};
export const email = (name = 'guest') => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;

export interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
}

/**
 * An RPC through the gateway from a chosen loopback address (127.0.0.0/8 is all this machine's),
 * with whatever headers an attacker adds, `Connection` included (fetch cannot send that one).
 */
export function rpcFrom(
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

export const stay = (overrides: Record<string, unknown> = {}) => ({
  p_room_id: SEED.room(1),
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Grace Hopper',
  p_guest_email: email(),
  ...overrides,
});

export const FORGED_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { connection: 'x-forwarded-for' },
  { connection: 'keep-alive, x-forwarded-for, cf-connecting-ip' },
  { 'x-real-ip': '198.51.100.9' },
  { forwarded: 'for=198.51.100.10' },
  { 'cf-connecting-ip': '198.51.100.11' },
  { 'x-forwarded-for': '203.0.113.8, 203.0.113.9', 'x-real-ip': '198.51.100.12' },
];

export const setClock = (seconds: number) =>
  sql('update private.clock_offset set offset_by = make_interval(secs => $1)', [seconds]);
export const resetLimits = () => sql('truncate private.rate_limit_hits, private.booking_request_origins');

export async function origin(bookingId: string): Promise<string | undefined> {
  const [row] = await sql<{ client_address: string }>(
    'select client_address from private.booking_request_origins where booking_id = $1',
    [bookingId],
  );
  return row?.client_address;
}

export async function bookingRow(id: string) {
  const [row] = await sql<{ status: string; hold_expires_at: Date; guest_confirmed_at: Date | null }>(
    'select status::text, hold_expires_at, guest_confirmed_at from public.bookings where id = $1',
    [id],
  );
  return row;
}

/** The private link token, read from the acknowledgement in the outbox (as the e-mail carries it). */
export async function linkToken(bookingId: string): Promise<string> {
  const [row] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox
     where booking_id = $1 and kind = 'request_acknowledgement' order by created_at limit 1`,
    [bookingId],
  );
  return row.token;
}

export const emailsOf = (bookingId: string) =>
  sql<{ kind: string; recipient: string; status: string; attempt_count: number }>(
    'select kind, recipient, status::text, attempt_count from public.email_outbox where booking_id = $1 order by created_at, kind',
    [bookingId],
  );

export async function callEmails(body: Record<string, unknown>, key = platform().serviceRoleKey) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, number> };
}

export let staff: Client;

/**
 * The calling file's set-up: staff signed in and other suites' pending e-mails set aside; limits
 * cleared before each test and the clock put back after it; the file's bookings and e-mails removed
 * after the file.
 */
export function setUpStayRequests() {
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
}
