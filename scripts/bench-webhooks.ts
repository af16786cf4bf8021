// Benchmark (not a test) of outgoing webhook delivery:
//   npm run bench:webhooks                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:webhooks   (a real PostgreSQL)
// It starts a throw-away local platform, a receiver on a local port answering 200 at once, and one
// webhook endpoint created through the `webhooks` function as the demo admin. Then:
//   1. baseline: the same number of plain POSTs sent straight from Node to the receiver, 50 at a time;
//   2. throughput: that many events queued in the outbox, sent by one dispatcher (the function's
//      `dispatch` action, 50 per claim) until none is left: deliveries per second, and the ratio to (1);
//   3. latency: a guest's booking request (request_booking) to its arrival at the receiver, with
//      dispatch called right after the request, and with the local scheduler's timer (requests at
//      random moments of its period).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { DEMO_ADMIN, median, signedInClient, startBenchPlatform } from './bench-support';
import { intervalSeconds, SCHEDULE, startScheduler } from '../supabase/local/scheduler';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const LATENCY_RUNS = 7;
const CONCURRENCY = 50;

const arrivals: { id: string; at: number }[] = [];
let arrived: ((id: string) => void) | null = null;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const id = String(request.headers['webhook-id'] ?? '');
    arrivals.push({ id, at: performance.now() });
    arrived?.(id);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const platform = await startBenchPlatform({ seed: true, schedule: false });
const db = new pg.Client({ connectionString: platform.dbUrl });
try {
  await db.connect();
  const options = {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  };
  const admin = await signedInClient(platform, DEMO_ADMIN);
  const adminToken = (await admin.auth.getSession()).data.session!.access_token;

  const callFunction = async (token: string, body: Record<string, unknown>) => {
    const response = await fetch(`${platform.apiUrl}/functions/v1/webhooks`, {
      method: 'POST',
      headers: { apikey: platform.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`webhooks ${body.action}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, number>;
  };
  await callFunction(adminToken, {
    action: 'create',
    url: receiverUrl,
    description: 'bench',
    event_types: ['booking.requested'],
  });
  const dispatch = () => callFunction(platform.serviceRoleKey, { action: 'dispatch', limit: CONCURRENCY });
  await dispatch(); // warm-up: loads the function and its modules

  // 1. baseline
  const payload = JSON.stringify({ type: 'booking.requested', data: { booking: { reference: 'CG-BENCH1' } } });
  let started = performance.now();
  for (let sent = 0; sent < EVENTS; sent += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, EVENTS - sent) }, () =>
        fetch(receiverUrl, { method: 'POST', body: payload, headers: { 'content-type': 'application/json' } }).then(
          (response) => response.text(),
        ),
      ),
    );
  }
  const baselinePerSecond = EVENTS / ((performance.now() - started) / 1000);

  // 2. throughput of one dispatcher
  arrivals.length = 0;
  await db.query(
    `select private.enqueue_webhook_event('booking.requested', jsonb_build_object('booking', jsonb_build_object('n', n)))
     from generate_series(1, $1::int) n`,
    [EVENTS],
  );
  started = performance.now();
  let delivered = 0;
  while (delivered < EVENTS) {
    const totals = await dispatch();
    if (!totals.claimed) break;
    delivered += totals.delivered;
  }
  const dispatchSeconds = (performance.now() - started) / 1000;
  const dispatchedPerSecond = delivered / dispatchSeconds;
  const { rows: distinct } = await db.query(
    "select count(distinct message_id)::int as n from public.webhook_deliveries where status = 'delivered'",
  );

  // 3. booking request → delivery
  const anon = createClient(platform.apiUrl, platform.anonKey, options);
  let day = 400;
  const requestToArrival = async (afterRequest: () => Promise<unknown>) => {
    await db.query('truncate private.rate_limit_hits');
    const { rows } = await db.query<{ check_in: string; check_out: string }>(
      'select (current_date + $1::int)::text as check_in, (current_date + $1::int + 2)::text as check_out',
      [day],
    );
    day += 3;
    const arrival = new Promise<number>((resolve) => {
      arrived = () => resolve(performance.now());
    });
    const t0 = performance.now();
    const { error: bookingError } = await anon.rpc('request_booking', {
      p_room_id: '10000000-0000-4000-8000-000000000001',
      p_check_in: rows[0].check_in,
      p_check_out: rows[0].check_out,
      p_guests: 2,
      p_guest_name: 'Bench Guest',
      p_guest_email: 'bench@example.com',
    });
    if (bookingError) throw bookingError;
    await afterRequest();
    const ms = (await arrival) - t0;
    arrived = null;
    return ms;
  };
  const immediate: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i += 1) immediate.push(await requestToArrival(dispatch));
  const webhooksJob = SCHEDULE.find((job) => 'function' in job.call && job.call.function === 'webhooks');
  const interval = webhooksJob && intervalSeconds(webhooksJob.schedule);
  const scheduler = startScheduler(SCHEDULE, {
    apiUrl: platform.apiUrl,
    serviceRoleKey: platform.serviceRoleKey,
    log: (line) => console.log(`  scheduler: ${line}`),
  });
  const scheduled: number[] = [];
  try {
    for (let i = 0; i < LATENCY_RUNS; i += 1) {
      // requests come at any moment of the timer's period
      await new Promise((resolve) => setTimeout(resolve, Math.random() * (interval ?? 5) * 1000));
      scheduled.push(await requestToArrival(async () => {}));
    }
  } finally {
    await scheduler.stop();
  }

  console.log(`database: ${process.env.SUPABASE_DB_URL ? 'PostgreSQL' : 'PGlite'}; ${EVENTS} events`);
  console.log(
    `baseline: plain POSTs from Node, ${CONCURRENCY} at a time   ${baselinePerSecond.toFixed(0).padStart(6)} /s`,
  );
  console.log(
    `one dispatcher: signed deliveries, ${CONCURRENCY} per claim     ${dispatchedPerSecond.toFixed(0).padStart(6)} /s` +
      `   (${(dispatchedPerSecond / baselinePerSecond).toFixed(2)} × baseline; ${delivered} delivered, ${distinct[0].n} distinct ids, ${dispatchSeconds.toFixed(1)} s)`,
  );
  console.log(
    `booking request → delivery, dispatch right after: median ${median(immediate).toFixed(0)} ms, max ${Math.max(...immediate).toFixed(0)} ms (${LATENCY_RUNS} runs)`,
  );
  console.log(
    `booking request → delivery, scheduler every ${interval} s:  median ${median(scheduled).toFixed(0)} ms, max ${Math.max(...scheduled).toFixed(0)} ms (${LATENCY_RUNS} runs)`,
  );
} finally {
  await db.end();
  await platform.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}
