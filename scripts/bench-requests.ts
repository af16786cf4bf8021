// Benchmark (not a test) of stay requests, on a throw-away platform that runs the scheduler as
// `npm start` does (e-mails every 5 s, booking timers every minute):
//   npm run bench:requests                 (PGlite)
//   SUPABASE_DB_URL=postgres://… npm run bench:requests   (a real PostgreSQL)
//   1. latency: a guest's request (request_booking) to the host's e-mail in the local inbox, for
//      requests sent at random moments of the dispatcher's period, each from its own address:
//      median and p95 (goal: median ≤ 10 s);
//   2. hoarding: one machine sends requests for every room and every 3-night stay of the next two
//      years as fast as it can for a few seconds, with the header tricks that used to give it new
//      rate-limit buckets (a forged X-Forwarded-For, `Connection: x-forwarded-for`, X-Real-IP) and
//      a new made-up e-mail each time: the room-nights held at once, and 31 minutes later (the
//      database clock moved, as the tests do).
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { median, startBenchPlatform } from './bench-support';

const LATENCY_RUNS = Number(process.env.BENCH_REQUEST_RUNS ?? 20);
const ATTACK_SECONDS = Number(process.env.BENCH_ATTACK_SECONDS ?? 3);

const platform = await startBenchPlatform({ seed: true, schedule: true });
const db = new pg.Client({ connectionString: platform.dbUrl });

/** request_booking through the gateway, from a chosen loopback address, with extra headers. */
function requestBooking(localAddress: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const url = new URL(`${platform.apiUrl}/rest/v1/rpc/request_booking`);
  const body = JSON.stringify(args);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { apikey: platform.anonKey, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function hostMailArrived(reference: string): Promise<boolean> {
  const response = await fetch(`${platform.apiUrl}/inbox/api/messages`);
  const { messages } = (await response.json()) as { messages: { subject: string; kind: string }[] };
  return messages.some((m) => m.kind === 'request_received_host' && m.subject.includes(reference));
}

try {
  await db.connect();
  const [{ today }] = (await db.query<{ today: string }>(`select current_date::text as today`)).rows;
  const day = (n: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + n);
    return date.toISOString().slice(0, 10);
  };
  const rooms = (
    await db.query<{ id: string }>(`select id from public.rooms where status = 'available' order by room_number`)
  ).rows;

  // 1. latency, requests spread over twice the dispatcher's period
  const latencies = await Promise.all(
    Array.from({ length: LATENCY_RUNS }, async (_, i) => {
      await sleep(Math.random() * 10_000);
      const started = performance.now();
      const answer = await requestBooking(`127.0.3.${i + 1}`, {
        p_room_id: rooms[i % rooms.length].id,
        p_check_in: day(100 + i * 4),
        p_check_out: day(102 + i * 4),
        p_guests: 1,
        p_guest_name: 'Bench Guest',
        p_guest_email: `bench${i}@bench.example.com`,
      });
      if (answer.status !== 200) throw new Error(`request ${i}: ${JSON.stringify(answer.body)}`);
      while (!(await hostMailArrived(String(answer.body.reference)))) {
        if (performance.now() - started > 60_000) throw new Error(`no host e-mail for request ${i} after 60 s`);
        await sleep(100);
      }
      return (performance.now() - started) / 1000;
    }),
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];

  // 2. hoarding from one machine
  await db.query(`truncate private.rate_limit_hits, private.booking_request_origins`);
  const tricks: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.1' },
    { connection: 'x-forwarded-for' },
    { 'x-real-ip': '198.51.100.1' },
    { 'cf-connecting-ip': '198.51.100.2' },
  ];
  // every 3-night stay from day 70 to the two-year limit, in every room
  const stays = rooms.flatMap((room) => Array.from({ length: 218 }, (_, k) => ({ room: room.id, start: 70 + k * 3 })));
  const deadline = performance.now() + ATTACK_SECONDS * 1000;
  let sent = 0;
  const stored: string[] = [];
  const refusals = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline && i < stays.length; i += 8) {
        const trick = { ...tricks[i % tricks.length] };
        if (trick['x-forwarded-for']) trick['x-forwarded-for'] = `203.0.${i >> 8}.${i & 255}`;
        const answer = await requestBooking(
          '127.0.0.1',
          {
            p_room_id: stays[i].room,
            p_check_in: day(stays[i].start),
            p_check_out: day(stays[i].start + 3),
            p_guests: 1,
            p_guest_name: 'Hoarder',
            p_guest_email: `hoard${i}@made-up.example.com`,
          },
          trick,
        );
        sent++;
        if (answer.status === 200) stored.push(String(answer.body.booking_id));
        else {
          const message = String(answer.body.message ?? answer.status);
          refusals.set(message, (refusals.get(message) ?? 0) + 1);
        }
      }
    }),
  );
  const heldNights = async () =>
    (
      await db.query<{ nights: number }>(
        `select coalesce(sum(check_out_date - check_in_date), 0)::int as nights from public.bookings
         where id = any($1::uuid[]) and private.booking_occupies(status, hold_expires_at)`,
        [stored],
      )
    ).rows[0].nights;
  const heldNow = await heldNights();
  await db.query(`update private.clock_offset set offset_by = interval '31 minutes'`);
  const heldLater = await heldNights();
  await db.query(`update private.clock_offset set offset_by = interval '0'`);

  console.log(`request → host e-mail in the inbox (${LATENCY_RUNS} requests, 5 s dispatcher):`);
  console.log(
    `  median ${median(latencies).toFixed(2)} s · p95 ${p95.toFixed(2)} s · max ${sorted.at(-1)!.toFixed(2)} s`,
  );
  console.log(`hoarding from one machine for ${ATTACK_SECONDS} s (${sent} requests with forged address headers):`);
  console.log(`  stored ${stored.length} · room-nights held now ${heldNow} · 31 minutes later ${heldLater}`);
  for (const [message, count] of refusals) console.log(`  refused ${count}×: ${message}`);
} finally {
  await db.end();
  await platform.stop();
}
