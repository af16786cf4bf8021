// Benchmark (not a test) of the channel calendar sync:
//   npm run bench:sync                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:sync   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform, creates 20 rooms and serves, from a local HTTP server,
// 3 feeds per room (Booking.com, Expedia, Hotels.com) of 500 one-night events each, then times
// through booking-integration (service role, as the schedule calls it):
//   1. the first sync (30,000 events created),
//   2. a sync where every feed answers 304 Not Modified (the fetch and bookkeeping baseline),
//   3. a sync with new ETags and the same events (everything fetched, parsed and compared, nothing changes);
// and the export feed's latency (median and max of 30 GETs) against a one-row PostgREST read
// through the same gateway.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startPlatform } from '../supabase/local/platform';

const ROOMS = 20;
const PLATFORMS = ['booking', 'expedia', 'hotels'] as const;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const EXPORT_RUNS = 30;

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

const platform = await startPlatform({
  apiPort: 0,
  dbPort: 0,
  dataDir: null,
  seed: false,
  schedule: false,
  echo: process.env.BENCH_VERBOSE ? (line) => console.log(line) : undefined,
  databaseUrl: process.env.SUPABASE_DB_URL || undefined,
});
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

  async function sync(): Promise<{ seconds: number; result: Record<string, number> }> {
    const started = performance.now();
    const response = await fetch(`${platform.apiUrl}/functions/v1/booking-integration`, {
      method: 'POST',
      headers: {
        apikey: platform.serviceRoleKey,
        authorization: `Bearer ${platform.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'sync_feeds' }),
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
  const first = await sync();
  const notModified = await sync();
  etagVersion += 1;
  const unchanged = await sync();
  show('304 Not Modified from every feed (baseline)', notModified);
  show('first sync (every event created)', first, notModified.seconds);
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
  const median = (times: number[]) => times[Math.floor(times.length / 2)];
  const exportTimes = await timeGets(exportUrl);
  const restTimes = await timeGets(`${platform.apiUrl}/rest/v1/rooms?select=id&limit=1`, { apikey: platform.anonKey });
  console.log(
    `export feed (${tokenRows[0].n} events): median ${median(exportTimes).toFixed(1)} ms, max ${exportTimes.at(-1)!.toFixed(1)} ms` +
      `  (${(median(exportTimes) / median(restTimes)).toFixed(1)}× a one-row PostgREST read: median ${median(restTimes).toFixed(1)} ms)`,
  );
} finally {
  await platform.stop();
  server.close();
}
