// Hostile e-mail input (issue 30): e-mail headers written by one helper that never lets a line break
// through (a room name from before the rules, the contact form's injection), and one e-mail address
// rule shared by the database, the functions and the forms (`a@b.co,d` refused).
// Set-up and helpers: hostile-inputs-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../functions/_shared/constants.ts';
import { EmailHeaderError, emailHeaders } from '../../functions/_shared/email-headers.ts';
import { readRawMessage } from '../inbox';
import { dispatchEmails, inboxFor, platform, sql } from '../support';
import {
  setUpHostileInputs,
  email,
  HEADER_INJECTION,
  ONE_LINE_REFUSAL,
  hostAddress,
  postFrom,
  rpcFrom,
  stay,
  request,
  oldRow,
  expectSingleLineHeaders,
} from './hostile-inputs-fixtures';

setUpHostileInputs();

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
