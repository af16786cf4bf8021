// The shared half of the second hostile pass (issue 30; hostile-inputs-*.test.ts): requests through
// the real gateway from a chosen client address, statements as anon, rows written before the rules,
// the checks of e-mail headers, and the set-up each file runs. Works on a room of its own (created
// before each file, removed after) from current_date + 200 on; client addresses 127.0.0.60-69;
// e-mails @hostile.test.example.com.
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, dbDate, platform, signedInClient, sql, type Client } from '../support';

export const EMAIL_DOMAIN = 'hostile.test.example.com';
export const email = (name = 'guest') => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;
export const HEADER_INJECTION = 'X\r\nBcc: victim@evil.example';
export const ONE_LINE_REFUSAL =
  'contains characters that are not allowed (line breaks, control or invisible formatting characters).';
export const MULTILINE_REFUSAL =
  'contains characters that are not allowed (control or invisible formatting characters).';
/** Names a header or a screen must never carry: CR LF, C0, C1, bidi overrides and isolates, zero-width, BOM. */
export const BAD_NAMES = [
  HEADER_INJECTION,
  'Ann\nBcc: victim@evil.example',
  'Ann\rB',
  'Ann\tB',
  'Ann\u0007B',
  'Ann\u0085B',
  'Ann \u202Egnp.exe',
  'Ann\u2066x\u2069',
  'An\u200Bn',
  'An\u200Fn',
  '\uFEFFAnn',
  'Ann\u2028B',
];
export const FORGED_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'cf-connecting-ip': '198.51.100.11' },
  { 'x-real-ip': '198.51.100.9' },
  { forwarded: 'for=198.51.100.10' },
  { 'x-forwarded-for': '203.0.113.8, 203.0.113.9', 'x-real-ip': '198.51.100.12' },
];

export let today: string;
export let staff: Client;
export let admin: Client;
export let roomId: string;
export let hostAddress: string;
export const created: string[] = [];

export const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 200;
export function freshRange() {
  const start = nextFreeDay;
  nextFreeDay += 3;
  return { p_check_in: day(start), p_check_out: day(start + 2) };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string; hint?: string; error?: string };
}

/** A POST through the gateway from a chosen loopback address, with whatever headers an attacker adds. */
export function postFrom(localAddress: string, path: string, args: unknown, headers: Record<string, string> = {}) {
  const url = new URL(`${platform().apiUrl}${path}`);
  const body = JSON.stringify(args);
  return new Promise<Answer>((resolve, reject) => {
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
          authorization: `Bearer ${platform().anonKey}`,
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
export const rpcFrom = (address: string, fn: string, args: unknown, headers?: Record<string, string>) =>
  postFrom(address, `/rest/v1/rpc/${fn}`, args, headers);

export const stay = (overrides: Record<string, unknown> = {}) => ({
  p_room_id: roomId,
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Grace Hopper',
  p_guest_email: email(),
  ...overrides,
});

export async function request(address: string, overrides: Record<string, unknown> = {}) {
  const answer = await rpcFrom(address, 'request_booking', stay(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  created.push(String(answer.body.booking_id));
  return { id: String(answer.body.booking_id), reference: String(answer.body.reference) };
}

export async function linkToken(bookingId: string, kind = 'request_acknowledgement'): Promise<string> {
  const [row] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox
     where booking_id = $1 and kind = $2 order by created_at desc limit 1`,
    [bookingId, kind],
  );
  return row.token;
}

/** A row written before these rules existed: the same insert with the table's text triggers off. */
export async function oldRow(table: string, statement: string, params: unknown[]): Promise<string> {
  const connection = new pg.Client({ connectionString: platform().dbUrl });
  await connection.connect();
  try {
    await connection.query('begin');
    await connection.query(`alter table ${table} disable trigger guard_plain_texts`);
    const { rows } = await connection.query<{ id: string }>(statement, params);
    await connection.query(`alter table ${table} enable trigger guard_plain_texts`);
    await connection.query('commit');
    return rows[0].id;
  } finally {
    await connection.end();
  }
}

/** Every header line of a raw message is `Name: value` on one line, and none is a forged one. */
export function expectSingleLineHeaders(headers: string[]) {
  expect(headers.length).toBeGreaterThanOrEqual(4);
  for (const line of headers)
    expect(line).toMatch(/^(From|To|Reply-To|Subject|Date|Message-ID|MIME-Version|Content-Type): /);
  expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
}

export const clearLimits = () =>
  sql(`delete from private.rate_limit_hits where client_key like 'ip:127.0.0.6_'`).then(() =>
    sql(`delete from private.booking_request_origins where client_address like '127.0.0.6_'`),
  );

/** The calling file's set-up: staff and admin signed in, the room made; its rows removed after the file. */
export function setUpHostileInputs() {
  beforeAll(async () => {
    today = await dbDate(0);
    [staff, admin] = await Promise.all([
      signedInClient(DEMO.staff.email, DEMO.staff.password),
      signedInClient(DEMO.admin.email, DEMO.admin.password),
    ]);
    [{ id: roomId }] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ('Hostile Test Room', 'H-' || substr(md5(random()::text), 1, 6), 'suite', 'available', 100, 4)
       returning id::text`,
    );
    [{ value: hostAddress }] = await sql<{ value: string }>(
      `select value from public.site_content where key = 'contact_email'`,
    );
    await clearLimits();
  });

  afterAll(async () => {
    await sql('delete from public.reviews where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.bookings where id = any($1::uuid[]) or room_id = $2', [created, roomId]);
    await sql(`delete from public.rooms where id = $1 or room_number like 'OLD-%'`, [roomId]);
    await sql(`delete from public.services where name like 'Hostile%'`);
    await clearLimits();
  });
}
