// Benchmark (not a test) of the channel calendar sync:
//   npm run bench:sync                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:sync   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform, creates 20 rooms and serves, from a local HTTP server,
// 3 feeds per room (Booking.com, Expedia, Hotels.com) of 500 one-night events each, then times
// through booking-integration (service role, as the schedule calls it):
//   1. the first sync (30,000 events created; one call per platform, as one call for all would
//      outlast the local gateway's 30 s upstream timeout on PGlite),
//   2. a sync where every feed answers 304 Not Modified (the fetch and bookkeeping baseline),
//   3. a sync with new ETags and the same events (everything fetched, parsed and compared, nothing changes);
// the export feed's latency (median and max of 30 GETs) against a one-row PostgREST read through
// the same gateway; and the occupancy calendar's call (two weeks) with 50,000 bookings.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { median, signedInClient, startBenchPlatform } from './bench-support';

const ROOMS = 20;
const PLATFORMS = ['booking', 'expedia', 'hotels'] as const;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const EXPORT_RUNS = 30;
const BOOKINGS = 50_000;

const compact = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
function feedText(room: number, platformIndex: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//bench//${PLATFORMS[platformIndex]}//EN`];
  const today = new Date();
  for (let i = 0; i < EVENTS; i += 1) {
    // the three channels take turns, one night each, so nothing collides
    const start = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2 + i * 3 + platformIndex),
    );
    const end = new Date(start.getTime() + 86_400_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${room}-${platformIndex}-${i}@${PLATFORMS[platformIndex]}.example`,
      'DTSTAMP:20261120T000000Z',
      `DTSTART;VALUE=DATE:${compact(start)}`,
      `DTEND;VALUE=DATE:${compact(end)}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

let etagVersion = 1;
const feeds = new Map<string, string>();
const server = http.createServer((req, res) => {
  const body = feeds.get(req.url ?? '');
  if (!body) return res.writeHead(404).end();
  const etag = `"v${etagVersion}"`;
  if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
  res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const platform = await startBenchPlatform({ seed: false, schedule: false });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const { rows: rooms } = await db.query<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, price_per_night)
     select 'Bench room ' || g, 'B' || g, 'classic', 100 from generate_series(1, $1::int) g returning id`,
    [ROOMS],
  );
  for (const [roomIndex, room] of rooms.entries()) {
    for (const [platformIndex, name] of PLATFORMS.entries()) {
      const path = `/${roomIndex}/${name}.ics`;
      feeds.set(path, feedText(roomIndex, platformIndex));
      await db.query('update public.channel_feeds set import_url = $1 where room_id = $2 and platform = $3', [
        `${feedBase}${path}`,
        room.id,
        name,
      ]);
    }
  }
  // the database is idle while the function works; reconnect for the export part
  await db.end();

  async function sync(platformName?: string): Promise<{ seconds: number; result: Record<string, number> }> {
    const started = performance.now();
    const response = await fetch(`${platform.apiUrl}/functions/v1/booking-integration`, {
      method: 'POST',
      headers: {
        apikey: platform.serviceRoleKey,
        authorization: `Bearer ${platform.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'sync_feeds', platform: platformName }),
    });
    const result = await response.json();
    if (!response.ok) throw new Error(`sync failed: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
    return { seconds: (performance.now() - started) / 1000, result };
  }

  const total = ROOMS * PLATFORMS.length * EVENTS;
  console.log(`${ROOMS} rooms × ${PLATFORMS.length} feeds × ${EVENTS} events = ${total} events`);
  const show = (label: string, run: { seconds: number; result: Record<string, number> }, baseline?: number) => {
    const { created, updated, cancelled, conflicts, unchanged, failed } = run.result;
    const ratio = baseline ? `  (${(run.seconds / baseline).toFixed(1)}× the 304 sync)` : '';
    console.log(
      `${label.padEnd(44)} ${run.seconds.toFixed(2).padStart(7)} s${ratio}   created ${created}, updated ${updated}, cancelled ${cancelled}, conflicts ${conflicts}, unchanged ${unchanged}, failed ${failed}`,
    );
  };
  // the first sync platform by platform: all 30,000 inserts in one call outlast the local gateway's 30 s
  const firstRuns: Awaited<ReturnType<typeof sync>>[] = [];
  for (const name of PLATFORMS) firstRuns.push(await sync(name));
  const first = {
    seconds: firstRuns.reduce((sum, run) => sum + run.seconds, 0),
    result: Object.fromEntries(
      ['created', 'updated', 'cancelled', 'conflicts', 'unchanged', 'failed'].map((key) => [
        key,
        firstRuns.reduce((sum, run) => sum + run.result[key], 0),
      ]),
    ),
  };
  const notModified = await sync();
  etagVersion += 1;
  const unchanged = await sync();
  show('304 Not Modified from every feed (baseline)', notModified);
  show('first sync (every event created; 3 calls)', first, notModified.seconds);
  show('new ETags, same events (nothing changes)', unchanged, notModified.seconds);
  console.log(`first sync: ${Math.round(total / first.seconds)} events/s`);

  const reader = new pg.Client({ connectionString: platform.dbUrl });
  await reader.connect();
  const { rows: tokenRows } = await reader.query<{ export_token: string; n: number }>(
    `select f.export_token, (select count(*)::int from public.external_blocks e where e.room_id = f.room_id
       and e.status = 'active' and e.check_in_date < current_date + interval '18 months') as n
     from public.channel_feeds f where f.room_id = $1 and f.platform = 'airbnb'`,
    [rooms[0].id],
  );
  await reader.end();
  const exportUrl = `${platform.apiUrl}/functions/v1/channel-calendar/${tokenRows[0].export_token}.ics`;
  async function timeGets(url: string, headers: Record<string, string> = {}): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i <= EXPORT_RUNS; i += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      if (i > 0) times.push(performance.now() - started); // the first is a warm-up
    }
    return times.sort((a, b) => a - b);
  }
  const exportTimes = await timeGets(exportUrl);
  const restTimes = await timeGets(`${platform.apiUrl}/rest/v1/rooms?select=id&limit=1`, { apikey: platform.anonKey });
  console.log(
    `export feed (${tokenRows[0].n} events): median ${median(exportTimes).toFixed(1)} ms, max ${exportTimes.at(-1)!.toFixed(1)} ms` +
      `  (${(median(exportTimes) / median(restTimes)).toFixed(1)}× a one-row PostgREST read: median ${median(restTimes).toFixed(1)} ms)`,
  );
  // the occupancy calendar's one call (two weeks, every room) with 50,000 bookings in the database
  const writer = new pg.Client({ connectionString: platform.dbUrl });
  await writer.connect();
  const perRoom = Math.ceil(BOOKINGS / ROOMS);
  for (let first = 0; first < perRoom; first += 250) {
    await writer.query(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status)
       select r.id, 'Bench Guest ' || g, 'bench' || g || '@example.com', date '1990-01-01' + g * 3, date '1990-01-01' + g * 3 + 2, 'checked_out'
       from public.rooms r, generate_series($1::int, $2::int) g`,
      [first, Math.min(first + 249, perRoom - 1)],
    );
  }
  await writer.query('analyze public.bookings');
  const { rows: counted } = await writer.query<{ n: number }>('select count(*)::int as n from public.bookings');
  const { rows: users } = await writer.query<{ id: string }>(
    `insert into auth.users (instance_id, id, email, encrypted_password, email_confirmed_at, aud, role,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'bench-staff@example.com',
             extensions.crypt('bench-password', extensions.gen_salt('bf')), now(), 'authenticated', 'authenticated',
             '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '')
     returning id`,
  );
  await writer.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values (gen_random_uuid(), $1::text, $1::uuid,
             jsonb_build_object('sub', $1::text, 'email', 'bench-staff@example.com', 'email_verified', true), 'email',
             now(), now())`,
    [users[0].id],
  );
  await writer.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [users[0].id]);
  await writer.end();
  const staff = await signedInClient(platform, { email: 'bench-staff@example.com', password: 'bench-password' });
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const calendarTimes: number[] = [];
  for (let i = 0; i <= EXPORT_RUNS; i += 1) {
    const started = performance.now();
    const { error } = await staff.rpc('room_occupancy', { p_from: from, p_to: to });
    if (error) throw error;
    if (i > 0) calendarTimes.push(performance.now() - started);
  }
  calendarTimes.sort((a, b) => a - b);
  console.log(
    `occupancy calendar, two weeks of ${ROOMS} rooms with ${counted[0].n} bookings: median ${median(calendarTimes).toFixed(1)} ms, max ${calendarTimes.at(-1)!.toFixed(1)} ms` +
      `  (${(median(calendarTimes) / median(restTimes)).toFixed(1)}× the one-row read)`,
  );
} finally {
  await platform.stop();
  server.close();
}
