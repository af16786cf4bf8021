// Channel calendar sync against the real platform: feeds shaped like Booking.com's and Airbnb's
// exports and a channel manager's date-time feed across a DST change, served as real .ics files by
// a local HTTP server; the booking-integration and channel-calendar functions; the occupancy rule
// for bookings, external and manual blocks under concurrency; who may do what.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, anonClient, newUserClient, platform, serviceClient, signedInClient, sql, type Client } from '../support';

// ---------------------------------------------------------------- dates (Europe/Rome, as the import)
const romeToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
const day = (offset: number) => addDays(romeToday(), offset);
/** The last Sunday of March (clocks go forward in Rome) after today + 90 days. */
function springForward(): string {
  let year = Number(day(90).slice(0, 4));
  for (;;) {
    const lastOfMarch = new Date(Date.UTC(year, 2, 31));
    const sunday = addDays(lastOfMarch.toISOString().slice(0, 10), -lastOfMarch.getUTCDay());
    if (sunday > day(90)) return sunday;
    year += 1;
  }
}

// ---------------------------------------------------------------- the feed server
const FIXTURES = new URL('../fixtures/channels/', import.meta.url);
const compact = (date: string) => date.replaceAll('-', '');

/** A fixture's text with its {{day±N}} and {{spring±N}} placeholders replaced by dates. */
function fixture(name: string, drop: string[] = []): string {
  let text = readFileSync(new URL(name, FIXTURES), 'utf8')
    .replace(/\{\{day([+-]\d+)\}\}/g, (_, offset: string) => compact(day(Number(offset))))
    .replace(/\{\{spring([+-]\d+)\}\}/g, (_, offset: string) => compact(addDays(springForward(), Number(offset))));
  for (const uid of drop)
    text = text.replace(
      new RegExp(`BEGIN:VEVENT\\r\\n(?:(?!END:VEVENT)[\\s\\S])*UID:${uid}[\\s\\S]*?END:VEVENT\\r\\n`),
      '',
    );
  return text;
}

interface Served {
  status?: number;
  body: string;
  etag?: string;
  headers?: Record<string, string>;
}
const routes = new Map<string, Served>();
const hits = new Map<string, { count: number; ifNoneMatch?: string }>();
let feedServer: http.Server;
let feedBase: string;

function serve(path: string, served: Served) {
  routes.set(path, served);
  return `${feedBase}${path}`;
}

// ---------------------------------------------------------------- calls
let adminToken: string;
let admin: Client;
let staff: Client;
const service = serviceClient();

async function callSync(body: unknown, token = adminToken) {
  const headers: Record<string, string> = { 'content-type': 'application/json', apikey: platform().anonKey };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${platform().apiUrl}/functions/v1/booking-integration`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

/** Syncs every Airbnb feed (the platform these tests import into) as the admin. */
const syncAirbnb = () => callSync({ action: 'sync_feeds', platform: 'airbnb' });

async function newRoom(label: string): Promise<{ roomId: string; feeds: Record<string, string> }> {
  const number = `T${Math.random().toString(36).slice(2, 9)}`;
  const { data, error } = await service
    .from('rooms')
    .insert({ name: `Channel test ${label}`, room_number: number, room_type: 'classic', price_per_night: 100 })
    .select('id')
    .single();
  if (error) throw error;
  const feeds = await sql<{ id: string; platform: string }>(
    'select id, platform from public.channel_feeds where room_id = $1',
    [data.id],
  );
  return { roomId: data.id, feeds: Object.fromEntries(feeds.map((feed) => [feed.platform, feed.id])) };
}

async function setImportUrl(feedId: string, url: string | null) {
  await sql('update public.channel_feeds set import_url = $2, etag = null where id = $1', [feedId, url]);
}

/** Only this feed has an import URL among Airbnb feeds, so a sync touches it alone. */
async function onlyAirbnbFeed(feedId: string, url: string) {
  await sql(`update public.channel_feeds set import_url = null where platform = 'airbnb'`);
  await setImportUrl(feedId, url);
}

async function blocks(roomId: string) {
  return sql<{ event_uid: string; check_in: string; check_out: string; status: string; summary: string | null }>(
    `select event_uid, check_in_date::text as check_in, check_out_date::text as check_out, status::text, summary
     from public.external_blocks where room_id = $1 order by check_in_date, event_uid`,
    [roomId],
  );
}

async function exportUrl(feedId: string) {
  const [row] = await sql<{ export_token: string }>('select export_token from public.channel_feeds where id = $1', [
    feedId,
  ]);
  return `${platform().apiUrl}/functions/v1/channel-calendar/${row.export_token}.ics`;
}

beforeAll(async () => {
  feedServer = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    const served = routes.get(path);
    hits.set(path, { count: (hits.get(path)?.count ?? 0) + 1, ifNoneMatch: req.headers['if-none-match'] });
    if (!served) return res.writeHead(404).end('not found');
    if (served.etag && req.headers['if-none-match'] === served.etag) return res.writeHead(304).end();
    res.writeHead(served.status ?? 200, {
      'content-type': 'text/calendar; charset=utf-8',
      ...(served.etag ? { etag: served.etag } : {}),
      ...served.headers,
    });
    res.end(served.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  adminToken = (await admin.auth.getSession()).data.session!.access_token;
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

afterAll(async () => {
  await sql(`update public.channel_feeds set import_url = null where import_url like $1`, [`${feedBase}%`]);
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

beforeEach(() => hits.clear());

// ---------------------------------------------------------------- import
describe('import', () => {
  it("syncs the seeded demo feed: Superior King's Airbnb calendar is Standard King's export on this platform", async () => {
    const superiorKing = '10000000-0000-4000-8000-000000000001';
    const [seeded] = await sql<{ id: string; import_url: string }>(
      `select id, import_url from public.channel_feeds where room_id = $1 and platform = 'airbnb'`,
      [superiorKing],
    );
    // the seed points the feed at the instance it seeds (app.api_url), here the suite's own port
    expect(new URL(seeded.import_url).origin).toBe(platform().apiUrl);
    await onlyAirbnbFeed(seeded.id, seeded.import_url);
    const result = await syncAirbnb();
    expect(result.body).toMatchObject({ feeds: 1, conflicts: 0, failed: 0 });
    const [today] = await sql<{ d: string }>('select current_date::text as d');
    const seedDay = (offset: number) => addDays(today.d, offset);
    // the feed's blocks from today on: Standard King's seeded stays ahead (the seed's report history
    // adds past stays to both rooms, and channel blocks of its own)
    const fromFeed = await sql<{ check_in: string; check_out: string; status: string }>(
      `select check_in_date::text as check_in, check_out_date::text as check_out, status::text
       from public.external_blocks where feed_id = $1 and check_out_date >= current_date order by check_in_date`,
      [seeded.id],
    );
    expect(fromFeed.map((block) => [block.check_in, block.check_out, block.status])).toEqual([
      [seedDay(30), seedDay(32), 'active'],
      [seedDay(45), seedDay(48), 'active'],
    ]);
    await sql('delete from public.external_blocks where feed_id = $1', [seeded.id]);
    await sql('update public.channel_feeds set import_url = $2 where id = $1', [seeded.id, seeded.import_url]);
  });

  it('imports a Booking.com export as blocks of the room, and a second sync changes nothing', async () => {
    const { roomId, feeds } = await newRoom('booking');
    await onlyAirbnbFeed(feeds.airbnb, serve('/booking.ics', { body: fixture('booking-com.ics'), etag: '"v1"' }));

    const first = await syncAirbnb();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ feeds: 1, created: 3, updated: 0, cancelled: 0, conflicts: 0, failed: 0 });
    expect(await blocks(roomId)).toEqual([
      expect.objectContaining({ check_in: day(-2), check_out: day(2), status: 'active' }),
      expect.objectContaining({
        check_in: day(100),
        check_out: day(103),
        status: 'active',
        summary: 'CLOSED - Not available',
      }),
      expect.objectContaining({ check_in: day(110), check_out: day(112), status: 'active' }),
    ]);
    const before = await sql('select id, updated_at from public.external_blocks where room_id = $1 order by id', [
      roomId,
    ]);

    // same ETag: the server answers 304 and nothing is touched
    const second = await syncAirbnb();
    expect(hits.get('/booking.ics')?.ifNoneMatch).toBe('"v1"');
    expect(second.body).toMatchObject({ created: 0, updated: 0, cancelled: 0, unchanged: 3 });
    // a new ETag with the same events: still nothing changes
    routes.get('/booking.ics')!.etag = '"v2"';
    const third = await syncAirbnb();
    expect(third.body).toMatchObject({ created: 0, updated: 0, cancelled: 0, conflicts: 0, unchanged: 3 });
    expect(
      await sql('select id, updated_at from public.external_blocks where room_id = $1 order by id', [roomId]),
    ).toEqual(before);

    const runs = await sql<{ http_status: number; created_count: number; unchanged_count: number; trigger: string }>(
      'select http_status, created_count, unchanged_count, trigger from public.channel_sync_runs where feed_id = $1 order by started_at',
      [feeds.airbnb],
    );
    expect(runs.map((run) => run.http_status)).toEqual([200, 304, 200]);
    expect(runs[0]).toMatchObject({ created_count: 3, trigger: 'manual' });
  });

  it("reads Airbnb's reservations and its long 'Not available' window, and the public booking refuses those dates", async () => {
    const { roomId, feeds } = await newRoom('airbnb');
    await onlyAirbnbFeed(feeds.airbnb, serve('/airbnb.ics', { body: fixture('airbnb.ics') }));
    expect((await syncAirbnb()).body).toMatchObject({ created: 2, failed: 0 });
    expect(await blocks(roomId)).toEqual([
      expect.objectContaining({ check_in: day(120), check_out: day(125), summary: 'Reserved' }),
      expect.objectContaining({ check_in: day(380), check_out: day(400), summary: 'Airbnb (Not available)' }),
    ]);

    const anon = anonClient();
    const blocked = await anon.rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(123),
      p_check_out: day(126),
    });
    expect(blocked.data).toBe(false);
    const free = await anon.rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(125),
      p_check_out: day(127),
    });
    expect(free.data).toBe(true);
    const ids = await anon.rpc('available_room_ids', { p_check_in: day(121), p_check_out: day(122) });
    expect(ids.data).not.toContain(roomId);
    await sql(`delete from private.rate_limit_hits where action = 'request_booking'`);
    const request = await anon.rpc('request_booking', {
      p_room_id: roomId,
      p_check_in: day(124),
      p_check_out: day(126),
      p_guests: 2,
      p_guest_name: 'Double Booker',
      p_guest_email: 'double@channel.test.example.com',
    });
    expect(request.error?.message).toBe('This room is not available for the selected dates.');
  });

  it('turns date-times into Rome calendar dates across the spring DST change', async () => {
    const { roomId, feeds } = await newRoom('dst');
    await onlyAirbnbFeed(feeds.airbnb, serve('/dst.ics', { body: fixture('channel-manager-dst.ics') }));
    expect((await syncAirbnb()).body).toMatchObject({ created: 2, failed: 0 });
    const spring = springForward();
    expect(await blocks(roomId)).toEqual([
      // 23:00Z the Friday before is Saturday 00:00 CET; 22:30Z on the Sunday is Monday 00:30 CEST
      expect.objectContaining({
        event_uid: 'spring-forward-utc@channel-manager.example',
        check_in: addDays(spring, -1),
        check_out: addDays(spring, 1),
      }),
      expect.objectContaining({
        event_uid: 'spring-forward-rome@channel-manager.example',
        check_in: addDays(spring, 3),
        check_out: addDays(spring, 5),
      }),
    ]);
  });

  it('cancels an event only after two syncs in a row miss it, and never one already under way', async () => {
    const { roomId, feeds } = await newRoom('cancel');
    const path = '/cancel.ics';
    await onlyAirbnbFeed(feeds.airbnb, serve(path, { body: fixture('booking-com.ics') }));
    await syncAirbnb();
    // the guest cancels on Booking.com: the event at +100 and the stay under way leave the feed
    routes.set(path, {
      body: fixture('booking-com.ics', [
        '6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com',
        '0f0e0d0c0b0a49088706050403020100@booking.com',
      ]),
    });
    expect((await syncAirbnb()).body).toMatchObject({ cancelled: 0, unchanged: 1 });
    expect((await blocks(roomId)).map((block) => block.status)).toEqual(['active', 'active', 'active']);
    expect((await syncAirbnb()).body).toMatchObject({ cancelled: 1, unchanged: 1 });
    expect((await blocks(roomId)).map((block) => [block.check_in, block.status])).toEqual([
      [day(-2), 'active'],
      [day(100), 'cancelled'],
      [day(110), 'active'],
    ]);
    // cancelled dates are free again
    const free = await anonClient().rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(100),
      p_check_out: day(103),
    });
    expect(free.data).toBe(true);
  });

  it('keeps an event that collides with a booking as a conflict, alerts the admin, and leaves the booking alone', async () => {
    const { roomId, feeds } = await newRoom('conflict');
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status)
       values ($1, 'Direct Guest', 'direct@channel.test.example.com', $2, $3, 'confirmed') returning id`,
      [roomId, day(101), day(104)],
    );
    await onlyAirbnbFeed(feeds.airbnb, serve('/conflict.ics', { body: fixture('booking-com.ics') }));
    const result = await syncAirbnb();
    expect(result.body).toMatchObject({ created: 2, conflicts: 1 });
    const conflict = (await blocks(roomId)).find((block) => block.status === 'conflict');
    expect(conflict).toMatchObject({
      check_in: day(100),
      check_out: day(103),
      event_uid: '6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com',
    });
    const alerts = await sql<{ severity: string; occurrences: number; metadata: Record<string, unknown> }>(
      `select severity::text, occurrences, metadata from public.security_alerts
       where alert_type = 'channel_conflict' and dedup_key = $1 and status = 'active'`,
      [`${feeds.airbnb}:6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com`],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'high', metadata: { room_id: roomId, check_in: day(100) } });
    expect(await sql('select status::text from public.bookings where id = $1', [booking.id])).toEqual([
      { status: 'confirmed' },
    ]);

    // re-running keeps the conflict without a second alert; once the booking is cancelled, the block takes the room
    expect((await syncAirbnb()).body).toMatchObject({ created: 0, conflicts: 1 });
    expect(
      (
        await sql(`select occurrences from public.security_alerts where dedup_key = $1`, [
          alerts[0] && `${feeds.airbnb}:6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com`,
        ])
      )[0],
    ).toEqual({ occurrences: 1 });
    await sql(`update public.bookings set status = 'cancelled' where id = $1`, [booking.id]);
    expect((await syncAirbnb()).body).toMatchObject({ updated: 1, conflicts: 0 });
  });

  it('refuses bad feeds with a clear error on the run and changes nothing', async () => {
    const { roomId, feeds } = await newRoom('bad');
    await onlyAirbnbFeed(feeds.airbnb, serve('/good.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();
    const before = await blocks(roomId);
    const manyEvents = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from(
      { length: 20_000 },
      (_, i) => `BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART;VALUE=DATE:${compact(day(200))}\r\nEND:VEVENT\r\n`,
    ).join('')}END:VCALENDAR\r\n`;
    const cases: [string, Served | string, RegExp][] = [
      [
        '/page.html',
        { body: '<!doctype html><html><body>Sign in</body></html>', headers: { 'content-type': 'text/html' } },
        /not.*iCalendar/,
      ],
      [
        '/garbage.ics',
        { body: 'BEGIN:VCALENDAR\r\nthis is : not ; valid\r\nBEGIN:VEVENT\r\n' },
        /could not be read|without UID/,
      ],
      ['/huge.ics', { body: 'X'.repeat(10 * 1024 * 1024) }, /larger than/],
      ['/many.ics', { body: manyEvents }, /20000 events/],
      ['/gone.ics', { status: 500, body: 'oops' }, /HTTP 500/],
      ['/moved.ics', { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest' } }, /redirect/],
      ['private', 'http://10.0.0.7/calendar.ics', /private or local network|https/],
      ['metadata', 'https://169.254.169.254/latest/meta-data', /private or local network/],
      ['plain http', 'http://93.184.216.34/calendar.ics', /Only https/],
    ];
    for (const [name, served, message] of cases) {
      await onlyAirbnbFeed(feeds.airbnb, typeof served === 'string' ? served : serve(name, served));
      const result = await syncAirbnb();
      expect(result.status, name).toBe(502);
      expect(result.body.error, name).toMatch(/^Failed to sync rooms with Airbnb: /);
      expect(result.body.error, name).toMatch(message);
      expect(await blocks(roomId), name).toEqual(before);
    }
    const [lastRun] = await sql<{ error: string }>(
      'select error from public.channel_sync_runs where feed_id = $1 order by started_at desc limit 1',
      [feeds.airbnb],
    );
    expect(lastRun.error).toMatch(/Only https/);
  });
});

// ---------------------------------------------------------------- export
describe('export', () => {
  it('serves the room as all-day events without guest data, leaves out the channel’s own events, and supports ETag', async () => {
    const { roomId, feeds } = await newRoom('export');
    await sql(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status)
       values ($1, 'Secret Guest', 'secret@channel.test.example.com', $2, $3, 'pending'),
              ($1, 'Cancelled Guest', 'cancelled@channel.test.example.com', $4, $5, 'cancelled')`,
      [roomId, day(95), day(98), day(150), day(152)],
    );
    await sql(
      `insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason) values ($1, $2, $3, 'owner_stay')`,
      [roomId, day(140), day(145)],
    );
    await onlyAirbnbFeed(feeds.airbnb, serve('/export-source.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();

    // no apikey, no sign-in: as Booking.com's calendar importer calls it
    const bookingFeed = await fetch(await exportUrl(feeds.booking));
    expect(bookingFeed.status).toBe(200);
    expect(bookingFeed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await bookingFeed.text();
    expect(text).not.toMatch(/Secret Guest|secret@|Reserved/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.startDate.toString(), event.endDate.toString(), event.summary])).toEqual([
      [day(95), day(98), 'Not available'],
      [day(120), day(125), 'Not available'],
      [day(140), day(145), 'Not available'],
      [day(380), day(400), 'Not available'],
    ]);
    expect(events.every((event) => event.startDate.isDate && event.uid.endsWith('@colosseum-guest-house'))).toBe(true);
    const stamps = text.match(/^DTSTAMP:.*$/gm) ?? [];
    expect(stamps).toHaveLength(4);
    expect(stamps.every((line) => /^DTSTAMP:\d{8}T\d{6}Z\r?$/.test(line))).toBe(true);

    // Airbnb's own feed leaves out what came from Airbnb
    const airbnbText = await (await fetch(await exportUrl(feeds.airbnb))).text();
    const airbnbEvents = new ICAL.Component(ICAL.parse(airbnbText)).getAllSubcomponents('vevent');
    expect(airbnbEvents.map((vevent) => new ICAL.Event(vevent).startDate.toString())).toEqual([day(95), day(140)]);

    // the same calendar twice: same ETag, and 304 when the caller has it
    const etag = bookingFeed.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(await exportUrl(feeds.booking), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('kills the old URL when the admin rotates the token; staff and anon cannot see or rotate tokens', async () => {
    const { feeds } = await newRoom('rotate');
    const oldUrl = await exportUrl(feeds.booking);
    expect((await fetch(oldUrl)).status).toBe(200);

    const staffRotate = await staff.rpc('rotate_channel_export_token', { p_feed_id: feeds.booking });
    expect(staffRotate.error?.code).toBe('42501');
    expect((await staff.rpc('channel_export_tokens')).error?.code).toBe('42501');
    expect((await anonClient().rpc('channel_export_tokens')).error).not.toBeNull();

    const tokens = await admin.rpc('channel_export_tokens');
    expect(oldUrl).toContain(tokens.data!.find((row) => row.feed_id === feeds.booking)!.export_token);
    expect((await admin.rpc('rotate_channel_export_token', { p_feed_id: feeds.booking })).error).toBeNull();
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await fetch(await exportUrl(feeds.booking))).status).toBe(200);
    expect((await fetch(`${platform().apiUrl}/functions/v1/channel-calendar/not-a-token.ics`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------- Sync Rooms and permissions
describe('Sync Rooms and who may do what', () => {
  it('stores the key server-side (only the last 4 characters come back) and syncs that platform’s feeds', async () => {
    const { roomId, feeds } = await newRoom('key');
    await setImportUrl(feeds.expedia, serve('/expedia.ics', { body: fixture('airbnb.ics') }));
    const result = await callSync({ action: 'sync_rooms', api_key: 'exp-live-key-9876', platform: 'expedia' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ platform: 'expedia', failed: 0 });
    expect(result.body.created).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(result.body)).not.toContain('exp-live-key');
    expect((await blocks(roomId)).length).toBe(2);

    const hints = await admin.rpc('platform_api_key_hints');
    expect(hints.data?.find((hint) => hint.platform === 'expedia')?.last4).toBe('9876');
    expect(JSON.stringify(hints.data)).not.toContain('exp-live-key');
    // nobody reads the key through the API, admins included
    for (const client of [admin, staff, anonClient(), service]) {
      const direct = await client
        .schema('private' as 'public')
        .from('platform_api_keys' as 'rooms')
        .select('*');
      expect(direct.data ?? []).toEqual([]);
    }
    expect((await admin.from('channel_feeds').select('export_token')).error).not.toBeNull();
    await setImportUrl(feeds.expedia, null);
  });

  it('refuses Sync Rooms from anon, a user without a role and staff, and an empty key', async () => {
    const stranger = await newUserClient('channel');
    const strangerToken = (await stranger.client.auth.getSession()).data.session!.access_token;
    const staffToken = (await staff.auth.getSession()).data.session!.access_token;
    const body = { action: 'sync_rooms', api_key: 'some-key-1234', platform: 'booking' };
    expect((await callSync(body, '')).status).toBe(401);
    expect((await callSync(body, platform().anonKey)).status).toBe(401);
    expect((await callSync(body, strangerToken)).status).toBe(403);
    const byStaff = await callSync(body, staffToken);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error).toBe('Only admins can sync booking platforms.');
    expect(
      (await staff.rpc('save_platform_api_key', { p_platform: 'booking', p_api_key: 'staff-key-0000' })).error?.code,
    ).toBe('42501');
    const empty = await callSync({ action: 'sync_rooms', api_key: '', platform: 'booking' });
    expect(empty.status).toBe(400);
    const unknown = await callSync({ action: 'sync_rooms', api_key: 'abcd1234', platform: 'trivago' });
    expect(unknown.status).toBe(400);
  });

  it('lets only admins read feeds and runs, staff read blocks and manage manual blocks, nobody else anything', async () => {
    const { roomId, feeds } = await newRoom('rls');
    await onlyAirbnbFeed(feeds.airbnb, serve('/rls.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();
    const stranger = (await newUserClient('channel-rls')).client;
    const anon = anonClient();

    expect((await admin.from('channel_feeds').select('id').eq('room_id', roomId)).data).toHaveLength(4);
    expect((await admin.from('channel_sync_runs').select('id').eq('room_id', roomId)).data!.length).toBeGreaterThan(0);
    for (const client of [staff, stranger, anon]) {
      expect((await client.from('channel_feeds').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      expect((await client.from('channel_sync_runs').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      const update = await client
        .from('channel_feeds')
        .update({ import_url: 'https://evil.example/x.ics' })
        .eq('id', feeds.booking)
        .select();
      expect(update.data ?? []).toEqual([]);
      expect((await client.rpc('platform_api_key_hints')).error).not.toBeNull();
    }
    expect((await staff.from('external_blocks').select('id').eq('room_id', roomId)).data).toHaveLength(2);
    for (const client of [stranger, anon]) {
      expect((await client.from('external_blocks').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      expect((await client.rpc('room_occupancy', { p_from: day(0), p_to: day(14) })).error).not.toBeNull();
    }
    // the sync's own function is for the service role only
    const record = await admin.rpc('channel_record_sync', {
      p_feed_id: feeds.airbnb,
      p_trigger: 'manual',
      p_started_at: new Date().toISOString(),
      p_http_status: 200,
      p_etag: '',
      p_events: [],
      p_error: '',
    });
    expect(record.error).not.toBeNull();
    expect((await staff.from('external_blocks').delete().eq('room_id', roomId).select()).data ?? []).toEqual([]);

    // manual blocks: staff add and remove; an overlap with a channel block is refused; others cannot
    const refused = await staff
      .from('manual_blocks')
      .insert({ room_id: roomId, check_in_date: day(124), check_out_date: day(127), reason: 'maintenance' });
    expect(refused.error?.message).toBe('This room is not available for the selected dates.');
    const added = await staff
      .from('manual_blocks')
      .insert({
        room_id: roomId,
        check_in_date: day(125),
        check_out_date: day(127),
        reason: 'maintenance',
        note: 'Paint',
      })
      .select()
      .single();
    expect(added.error).toBeNull();
    for (const client of [stranger, anon]) {
      const insert = await client
        .from('manual_blocks')
        .insert({ room_id: roomId, check_in_date: day(200), check_out_date: day(201), reason: 'other' });
      expect(insert.error).not.toBeNull();
    }
    const occupancy = await staff.rpc('room_occupancy', { p_from: day(118), p_to: day(132) });
    expect(occupancy.data?.filter((item) => item.room_id === roomId).map((item) => [item.kind, item.source])).toEqual(
      expect.arrayContaining([
        ['external', 'airbnb'],
        ['manual', 'manual'],
      ]),
    );
    expect((await staff.from('manual_blocks').delete().eq('id', added.data!.id).select()).data).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- never a double booking
describe('concurrency', () => {
  it('20 parallel booking requests, manual blocks and imports on the same room and dates leave no overlap', async () => {
    const { roomId, feeds } = await newRoom('race');
    await sql(`delete from private.rate_limit_hits where action = 'request_booking'`);
    await sql(`update public.channel_feeds set import_url = null`);
    // four channels each send a stay over the same dates
    for (const [index, platformName] of ['booking', 'expedia', 'hotels', 'airbnb'].entries()) {
      const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//race//EN\r\nBEGIN:VEVENT\r\nUID:race-${index}@${platformName}.example\r\nDTSTAMP:20261120T000000Z\r\nDTSTART;VALUE=DATE:${compact(day(300 + index))}\r\nDTEND;VALUE=DATE:${compact(day(304 + index))}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      await setImportUrl(feeds[platformName], serve(`/race-${platformName}.ics`, { body }));
    }
    const anon = anonClient();
    const attempts: PromiseLike<unknown>[] = [
      ...Array.from({ length: 10 }, (_, i) =>
        anon.rpc('request_booking', {
          p_room_id: roomId,
          p_check_in: day(301 + (i % 3)),
          p_check_out: day(305 + (i % 3)),
          p_guests: 1,
          p_guest_name: `Racer ${i}`,
          p_guest_email: `racer${i}@channel.test.example.com`,
        }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        staff.from('manual_blocks').insert({
          room_id: roomId,
          check_in_date: day(302 + (i % 2)),
          check_out_date: day(306),
          reason: 'maintenance',
        }),
      ),
      ...['booking', 'expedia', 'hotels', 'airbnb'].map((name) => callSync({ action: 'sync_feeds', platform: name })),
    ];
    await Promise.all(attempts);

    const taken = await sql<{ kind: string; check_in: string; check_out: string }>(
      `select 'booking' as kind, check_in_date::text as check_in, check_out_date::text as check_out from public.bookings where room_id = $1 and status <> 'cancelled'
       union all select 'external', check_in_date::text, check_out_date::text from public.external_blocks where room_id = $1 and status = 'active'
       union all select 'manual', check_in_date::text, check_out_date::text from public.manual_blocks where room_id = $1`,
      [roomId],
    );
    expect(taken).toHaveLength(1);
    const [conflicts] = await sql<{ n: number }>(
      `select count(*)::int as n from public.external_blocks where room_id = $1 and status = 'conflict'`,
      [roomId],
    );
    expect(conflicts.n).toBe(taken[0].kind === 'external' ? 3 : 4);
    await sql(`update public.channel_feeds set import_url = null where room_id = $1`, [roomId]);
  });
});
