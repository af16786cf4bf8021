// The second hostile pass (issue 30), each attack sent as the issue gives it, through the real
// gateway (PostgREST, the functions, the local inbox): header injection in names, invisible
// formatting characters, `a@b.co,d`, guessing booking links, private hook addresses saved through
// the API, quotes for stays the request refuses, a link issued after a revoke. (The seed's feed URL:
// channel-sync.test.ts, which owns that feed.)
// Works on a room of its own (created here, removed after) from current_date + 200 on; client
// addresses 127.0.0.60-69; e-mails @hostile.test.example.com.
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../../functions/_shared/addresses.ts';
import { isValidEmail } from '../../functions/_shared/constants.ts';
import { EmailHeaderError, emailHeaders } from '../../functions/_shared/email-headers.ts';
import { readRawMessage } from '../inbox';
import { DEMO, dispatchEmails, dbDate, inboxFor, platform, signedInClient, sql, type Client } from '../support';

const EMAIL_DOMAIN = 'hostile.test.example.com';
const email = (name = 'guest') => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;
const HEADER_INJECTION = 'X\r\nBcc: victim@evil.example';
const ONE_LINE_REFUSAL =
  'contains characters that are not allowed (line breaks, control or invisible formatting characters).';
const MULTILINE_REFUSAL = 'contains characters that are not allowed (control or invisible formatting characters).';
/** Names a header or a screen must never carry: CR LF, C0, C1, bidi overrides and isolates, zero-width, BOM. */
const BAD_NAMES = [
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
const FORGED_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'cf-connecting-ip': '198.51.100.11' },
  { 'x-real-ip': '198.51.100.9' },
  { forwarded: 'for=198.51.100.10' },
  { 'x-forwarded-for': '203.0.113.8, 203.0.113.9', 'x-real-ip': '198.51.100.12' },
];

let today: string;
let staff: Client;
let admin: Client;
let roomId: string;
let hostAddress: string;
const created: string[] = [];

const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 200;
function freshRange() {
  const start = nextFreeDay;
  nextFreeDay += 3;
  return { p_check_in: day(start), p_check_out: day(start + 2) };
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string; hint?: string; error?: string };
}

/** A POST through the gateway from a chosen loopback address, with whatever headers an attacker adds. */
function postFrom(localAddress: string, path: string, args: unknown, headers: Record<string, string> = {}) {
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
const rpcFrom = (address: string, fn: string, args: unknown, headers?: Record<string, string>) =>
  postFrom(address, `/rest/v1/rpc/${fn}`, args, headers);

const stay = (overrides: Record<string, unknown> = {}) => ({
  p_room_id: roomId,
  ...freshRange(),
  p_guests: 2,
  p_guest_name: 'Grace Hopper',
  p_guest_email: email(),
  ...overrides,
});

async function request(address: string, overrides: Record<string, unknown> = {}) {
  const answer = await rpcFrom(address, 'request_booking', stay(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  created.push(String(answer.body.booking_id));
  return { id: String(answer.body.booking_id), reference: String(answer.body.reference) };
}

async function linkToken(bookingId: string, kind = 'request_acknowledgement'): Promise<string> {
  const [row] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox
     where booking_id = $1 and kind = $2 order by created_at desc limit 1`,
    [bookingId, kind],
  );
  return row.token;
}

/** Runs one statement as anon with the client address the gateway would report. */
async function asAnon<T extends pg.QueryResultRow>(statement: string, params: unknown[], address: string) {
  const connection = new pg.Client({ connectionString: platform().dbUrl });
  await connection.connect();
  try {
    await connection.query('begin');
    await connection.query("select set_config('request.headers', $1, true)", [
      JSON.stringify({ 'x-forwarded-for': address }),
    ]);
    await connection.query('set local role anon');
    const { rows } = await connection.query<T>(statement, params);
    await connection.query('commit');
    return rows;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await connection.end();
  }
}

/** A row written before these rules existed: the same insert with the table's text triggers off. */
async function oldRow(table: string, statement: string, params: unknown[]): Promise<string> {
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
function expectSingleLineHeaders(headers: string[]) {
  expect(headers.length).toBeGreaterThanOrEqual(4);
  for (const line of headers)
    expect(line).toMatch(/^(From|To|Reply-To|Subject|Date|Message-ID|MIME-Version|Content-Type): /);
  expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
}

const clearLimits = () =>
  sql(`delete from private.rate_limit_hits where client_key like 'ip:127.0.0.6_'`).then(() =>
    sql(`delete from private.booking_request_origins where client_address like '127.0.0.6_'`),
  );

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

describe('one-line and multi-line texts (SQL, every writer)', () => {
  it('request_booking refuses every header-injection and invisible-character name, with one clear message', async () => {
    for (const name of BAD_NAMES) {
      const answer = await rpcFrom('127.0.0.60', 'request_booking', stay({ p_guest_name: name }));
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message).toBe(`Name ${ONE_LINE_REFUSAL}`);
    }
    const [{ count }] = await sql<{ count: number }>(
      'select count(*)::int as count from public.bookings where room_id = $1',
      [roomId],
    );
    expect(count).toBe(0);
  });

  it('special requests keep their line breaks (CR LF stored as LF) and refuse the rest', async () => {
    const refused = await rpcFrom('127.0.0.60', 'request_booking', stay({ p_special_requests: 'Late \u202Earrival' }));
    expect(refused.body.message).toBe(`Special requests ${MULTILINE_REFUSAL}`);
    const { id } = await request('127.0.0.60', { p_special_requests: 'Late arrival\r\nAround 23:00' });
    const [row] = await sql<{ special_requests: string }>(
      'select special_requests from public.bookings where id = $1',
      [id],
    );
    expect(row.special_requests).toBe('Late arrival\nAround 23:00');
  });

  it('staff writing rooms, services, translations and host replies through the API meet the same rules', async () => {
    const room = await staff.from('rooms').update({ name: HEADER_INJECTION }).eq('id', roomId);
    expect(room.error?.message).toBe(`Room name ${ONE_LINE_REFUSAL}`);
    const amenity = await staff
      .from('rooms')
      .update({ amenities: ['Wi-Fi\u200B'] })
      .eq('id', roomId);
    expect(amenity.error?.message).toBe(`Room amenity ${ONE_LINE_REFUSAL}`);
    const service = await staff.from('services').insert({ name: 'Hostile\u202E breakfast', price: 10 });
    expect(service.error?.message).toBe(`Service name ${ONE_LINE_REFUSAL}`);
    const translation = await staff
      .from('rooms')
      .update({ translations: { it: { name: 'Camera\r\nBcc: victim@evil.example' } } })
      .eq('id', roomId);
    expect(translation.error?.message).toBe(`The translation it.name ${ONE_LINE_REFUSAL}`);
    const bidi = await staff
      .from('rooms')
      .update({ translations: { fr: { description: 'Vue \u2066sur\u2069 Rome' } } })
      .eq('id', roomId);
    expect(bidi.error?.message).toBe(`The translation fr.description ${MULTILINE_REFUSAL}`);

    // line breaks stay in multi-line texts
    const fine = await staff
      .from('rooms')
      .update({
        description: 'First line\r\nSecond line',
        translations: { it: { description: 'Riga uno\r\nRiga due' } },
      })
      .eq('id', roomId)
      .select('description, translations')
      .single();
    expect(fine.error).toBeNull();
    expect(fine.data?.description).toBe('First line\nSecond line');
    expect(fine.data?.translations).toEqual({ it: { description: 'Riga uno\nRiga due' } });

    const [review] = await sql<{ id: string }>('select id::text from public.reviews order by created_at limit 1');
    const reply = await staff.from('reviews').update({ host_reply: 'Thank you \u202Eevil' }).eq('id', review.id);
    expect(reply.error?.message).toBe(`Reply ${MULTILINE_REFUSAL}`);
  });

  it('a row written before the rules blocks neither a migration nor an unrelated update', async () => {
    const id = await oldRow(
      'public.rooms',
      `insert into public.rooms (name, room_number, room_type, status) values ($1, 'OLD-' || substr(md5(random()::text), 1, 6), 'single', 'maintenance')
       returning id::text`,
      [HEADER_INJECTION],
    );
    const update = await staff
      .from('rooms')
      .update({ status: 'available', price_per_night: 90 })
      .eq('id', id)
      .select('name')
      .single();
    expect(update.error).toBeNull();
    expect(update.data?.name).toBe(HEADER_INJECTION);
    await sql('delete from public.rooms where id = $1', [id]);
  });

  it('the review form refuses the name payloads and invisible characters in the comment', async () => {
    const { id } = await request('127.0.0.61');
    await sql(`update public.bookings set status = 'confirmed' where id = $1`, [id]);
    await sql(`update public.bookings set status = 'checked_in' where id = $1`, [id]);
    await sql(`update public.bookings set status = 'checked_out' where id = $1`, [id]);
    const token = await linkToken(id, 'review_request');
    const submit = (name: string, comment: string) =>
      asAnon('select public.submit_review($1, 5, $2, $3) as answer', [token, comment, name], '127.0.0.61');
    const comment = 'A lovely stay near the Colosseum, we would come back.';
    await expect(submit(HEADER_INJECTION, comment)).rejects.toThrow(`Your name ${ONE_LINE_REFUSAL}`);
    await expect(submit('Rita \u202ER.', comment)).rejects.toThrow(`Your name ${ONE_LINE_REFUSAL}`);
    await expect(submit('Rita R.', `${comment}\u200B`)).rejects.toThrow(`Your comment ${MULTILINE_REFUSAL}`);
    const [ok] = await submit('Rita R.', `${comment}\r\nThanks!`);
    expect(ok.answer).toEqual({ status: 'submitted' });
    const [row] = await sql<{ comment: string }>('select comment from public.reviews where booking_id = $1', [id]);
    expect(row.comment).toBe(`${comment}\nThanks!`);
  });
});

describe('e-mail headers: one helper, never a line break', () => {
  it('the helper refuses CR, LF and other control characters in every header, whatever the origin', () => {
    const valid = { from: 'Colosseum Guest House <bookings@example.com>', to: 'ann@example.com', subject: 'Hello' };
    expect(emailHeaders({ ...valid, replyTo: 'bob@example.com' })).toEqual({
      from: valid.from,
      to: ['ann@example.com'],
      subject: 'Hello',
      reply_to: 'bob@example.com',
    });
    for (const subject of [HEADER_INJECTION, 'a\nb', 'a\rb', 'a\u0000b', 'a\u0085b', 'a\u2028b']) {
      expect(() => emailHeaders({ ...valid, subject })).toThrow(EmailHeaderError);
    }
    expect(() => emailHeaders({ ...valid, from: `Ann${HEADER_INJECTION} <a@example.com>` })).toThrow(EmailHeaderError);
    expect(() => emailHeaders({ ...valid, to: 'ann@example.com\r\nBcc: victim@evil.example' })).toThrow(
      EmailHeaderError,
    );
    expect(() => emailHeaders({ ...valid, replyTo: 'a@b.co\nBcc: victim@evil.example' })).toThrow(EmailHeaderError);
    expect(() => emailHeaders({ ...valid, to: 'a@b.co,d' })).toThrow(/To address is not valid/);
  });

  it('a room name with CR LF from before the rules never reaches a Subject; every sent header is one line', async () => {
    const id = await oldRow(
      'public.rooms',
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ($1, 'OLD-' || substr(md5(random()::text), 1, 6), 'suite', 'available', 80, 2) returning id::text`,
      [`Suite${HEADER_INJECTION}`],
    );
    const guest = email('subject');
    const booking = await request('127.0.0.62', { p_room_id: id, p_guest_email: guest });
    await dispatchEmails();

    const [host] = await sql<{ status: string; last_error: string }>(
      `select status::text, last_error from public.email_outbox where booking_id = $1 and kind = 'request_received_host'`,
      [booking.id],
    );
    expect(host.last_error).toContain('Subject header would contain a line break');
    expect((await inboxFor(hostAddress)).filter((m) => m.subject.includes(booking.reference))).toEqual([]);
    expect(await inboxFor('victim@evil.example')).toEqual([]);

    // the guest's acknowledgement went, its headers one line each
    const [ack] = await inboxFor(guest);
    expect(ack.kind).toBe('request_acknowledgement');
    expectSingleLineHeaders((await readRawMessage(platform().apiUrl, ack.id)).headers);
    await sql('delete from public.bookings where id = $1', [booking.id]);
    await sql('delete from public.rooms where id = $1', [id]);
  });

  it('the contact form refuses the injection and the list address; what it sends has one-line headers', async () => {
    const contact = (body: Record<string, unknown>) => postFrom('127.0.0.63', '/functions/v1/send-contact-email', body);
    const base = { name: 'Ann Visitor', email: email('contact'), phone: null, message: 'Hello,\r\ndo you have a cot?' };

    const injected = await contact({ ...base, name: HEADER_INJECTION });
    expect(injected.status).toBe(400);
    expect(injected.body.error).toContain(`Name ${ONE_LINE_REFUSAL}`);
    const bidi = await contact({ ...base, name: 'Ann \u202Egnp.exe' });
    expect(bidi.status).toBe(400);
    const listed = await contact({ ...base, email: 'a@b.co,d' });
    expect(listed.status).toBe(400);
    expect(listed.body.error).toContain('Please enter a valid email address.');

    const sent = await contact(base);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = (await inboxFor(hostAddress)).filter((m) => m.kind === 'contact' && m.from === base.email);
    const raw = await readRawMessage(platform().apiUrl, message.id);
    expectSingleLineHeaders(raw.headers);
    expect(raw.headers).toContain(`Reply-To: ${base.email}`);
    expect(raw.headers).toContain('Subject: Website message from Ann Visitor');
  });
});

describe('one e-mail address rule', () => {
  const VALID = [
    'ann@example.com',
    'a.b+tag@sub.example.co.uk',
    "o'neil@example.ie",
    'x_y-z@xn--80ak6aa92e.com',
    'user@example.xn--p1ai',
    `${'l'.repeat(64)}@example.com`,
  ];
  const INVALID = [
    'a@b.co,d',
    'a@b.co;d@e.com',
    'a@b',
    'a@b.c',
    'a b@example.com',
    ' ann@example.com',
    'a@b..com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@-b.com',
    'a@b-.com',
    '"a"@example.com',
    'a@@b.com',
    'a@[127.0.0.1]',
    'a<b>@example.com',
    'ann@example.com\r\nBcc: victim@evil.example',
    `${'l'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    '',
  ];

  it('the database and the functions/forms give the same answer for every address', async () => {
    const all = [...VALID, ...INVALID];
    const rows = await sql<{ address: string; valid: boolean }>(
      'select a as address, private.is_valid_email(a) as valid from unnest($1::text[]) a',
      [all],
    );
    const database = Object.fromEntries(rows.map((row) => [row.address, row.valid]));
    for (const address of all) {
      expect([address, database[address]]).toEqual([address, VALID.includes(address)]);
      expect([address, isValidEmail(address)]).toEqual([address, VALID.includes(address)]);
    }
  });

  it('request_booking refuses a@b.co,d', async () => {
    const answer = await rpcFrom('127.0.0.60', 'request_booking', stay({ p_guest_email: 'a@b.co,d' }));
    expect(answer.body).toMatchObject({ message: 'Please enter a valid email address.', hint: 'email_not_valid' });
  });
});

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

describe('hook addresses: the database checks the literal host too', () => {
  const REFUSED = [
    'https://169.254.169.254/latest/meta-data/',
    'https://10.1.2.3/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[::ffff:10.1.2.3]/hook',
    'https://[fec0::1]/hook',
    'https://[2001::1]/hook',
    'https://[fd00::1]:8443/hook',
    'https://10.1.2.3./hook',
    'https://0xa9.254.169.254/hook',
    'https://2852039166/hook',
    'https://012.1.2.3/hook',
    'https://%31%30.1.2.3/hook',
  ];

  it('set_deploy_hook refuses private addresses as an admin calling the API directly', async () => {
    for (const url of REFUSED) {
      const { error } = await admin.rpc('set_deploy_hook', { p_url: url });
      expect(error?.message, url).toMatch(
        /^(Private, link-local and reserved addresses are refused\.|The URL is not valid\.|The URL's host must be)/,
      );
    }
    for (const url of REFUSED.slice(0, 2)) {
      const { error } = await admin.rpc('set_deploy_hook', { p_url: url });
      expect(error?.message, url).toBe('Private, link-local and reserved addresses are refused.');
    }
  });

  it('create_webhook_endpoint and update_webhook_endpoint refuse them; a public address is saved', async () => {
    for (const url of REFUSED) {
      const { error } = await admin.rpc('create_webhook_endpoint', {
        p_url: url,
        p_description: 'Hostile',
        p_event_types: ['channel.conflict'],
        p_include_guest_details: false,
      });
      expect(error?.message, url).toMatch(/refused|not valid|host must be/);
    }
    const made = await admin.rpc('create_webhook_endpoint', {
      p_url: 'https://93.184.216.34/hook',
      p_description: 'Hostile',
      p_event_types: ['channel.conflict'],
      p_include_guest_details: false,
    });
    expect(made.error).toBeNull();
    const endpointId = (made.data as { endpoint: { id: string } }).endpoint.id;
    try {
      const moved = await admin.rpc('update_webhook_endpoint', {
        p_id: endpointId,
        p_url: 'https://10.1.2.3/hook',
        p_description: 'Hostile',
        p_event_types: ['channel.conflict'],
        p_include_guest_details: false,
        p_enabled: false,
      });
      expect(moved.error?.message).toBe('Private, link-local and reserved addresses are refused.');
      const [row] = await sql<{ url: string }>('select url from public.webhook_endpoints where id = $1', [endpointId]);
      expect(row.url).toBe('https://93.184.216.34/hook');
    } finally {
      await sql('delete from public.webhook_endpoints where id = $1', [endpointId]);
    }
  });

  it('the SQL classifier and _shared/addresses.ts agree, including ::ffff:0:0/96, fec0::/10 and 2001::/32', async () => {
    const addresses = [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      '192.168.1.1',
      '224.0.0.1',
      '0.0.0.0',
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700::6810:85e5',
      '::',
      '::8.8.8.8',
      '::ffff:0:0',
      '::ffff:93.184.216.34',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:a01:203',
      'fec0::1',
      'feff::1',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:1::1',
      '2001:db8::1',
      '2002::1',
      '64:ff9b::a00:1',
      'fc00::1',
      'fe80::1%eth0',
      'ff02::1',
      'example.com',
      '1.2.3',
      '256.1.1.1',
      '1::2::3',
    ];
    const rows = await sql<{ address: string; kind: string }>(
      'select a as address, private.address_kind(a) as kind from unnest($1::text[]) a',
      [addresses],
    );
    for (const row of rows) expect([row.address, row.kind]).toEqual([row.address, classifyAddress(row.address)]);
    expect(classifyAddress('::ffff:0:0')).toBe('private');
    expect(classifyAddress('fec0::1')).toBe('private');
    expect(classifyAddress('2001::1')).toBe('private');
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
