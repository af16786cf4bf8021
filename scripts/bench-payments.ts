// Benchmark (not a test) of a deposit payment, on a throw-away platform with its Stripe stand-in:
//   npm run bench:payments                 (PGlite)
//   SUPABASE_DB_URL=postgres://… npm run bench:payments   (a real PostgreSQL)
// For each run a guest requests a stay, the payments function creates a Checkout Session, and the
// card 4242 is submitted on the stand-in's checkout page; measured: from the card's submission to
// the booking being `confirmed` in the database (the page's answer, the signed webhook to
// stripe-webhook, the ledger and the e-mails written in one transaction). Median and p95 (goal:
// median ≤ 3 s), beside a baseline in the same run: the checkout page's answer alone.
import pg from 'pg';
import { median, startBenchPlatform } from './bench-support';

const RUNS = Number(process.env.BENCH_PAYMENT_RUNS ?? 20);
const platform = await startBenchPlatform({ seed: true, schedule: false });
const db = new pg.Client({ connectionString: platform.dbUrl });

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(path: string, body: unknown) {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      apikey: platform.anonKey,
      authorization: `Bearer ${platform.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

try {
  await db.connect();
  const [{ room }] = (
    await db.query<{ room: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ('Bench room', 'BENCH-PAY', 'classic', 'available', 150, 2) returning id::text as room`,
    )
  ).rows;
  const confirmed: number[] = [];
  const pageOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await db.query('truncate private.rate_limit_hits, private.booking_request_origins');
    const booking = await call('/rest/v1/rpc/request_booking', {
      p_room_id: room,
      p_check_in: new Date(Date.now() + (100 + i * 3) * 86_400_000).toISOString().slice(0, 10),
      p_check_out: new Date(Date.now() + (102 + i * 3) * 86_400_000).toISOString().slice(0, 10),
      p_guests: 2,
      p_guest_name: 'Bench Guest',
      p_guest_email: `bench${i}@bench.example.com`,
    });
    const { url } = (await call('/functions/v1/payments', { action: 'checkout', booking_id: booking.booking_id })) as {
      url: string;
    };
    const started = performance.now();
    const page = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242&cardExpiry=12%2F34&cardCvc=123&billingName=Bench',
    });
    pageOnly.push(performance.now() - started);
    if (page.status !== 303) throw new Error(`the checkout page answered ${page.status}`);
    for (;;) {
      const { rows } = await db.query<{ status: string }>('select status::text from public.bookings where id = $1', [
        booking.booking_id,
      ]);
      if (rows[0].status === 'confirmed') break;
      if (performance.now() - started > 30_000) throw new Error('not confirmed within 30 s');
      await sleep(10);
    }
    confirmed.push(performance.now() - started);
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`backend: ${process.env.SUPABASE_DB_URL ? 'PostgreSQL' : 'PGlite'}, ${RUNS} payments`);
  console.log(
    `card submitted → booking confirmed: median ${ms(median(confirmed))}, p95 ${ms(p95(confirmed))} (goal: median ≤ 3 s)`,
  );
  console.log(`baseline, the checkout page's answer alone: median ${ms(median(pageOnly))}, p95 ${ms(p95(pageOnly))}`);
} finally {
  await db.end().catch(() => undefined);
  await platform.stop();
}
