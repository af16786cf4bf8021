// Benchmark (not a test) of the admin Reports screen with 50,000 bookings over three years:
//   npm run bench:reports                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:reports   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform with the seed, adds 100 rooms and about 50,000 bookings
// from 18 months ago to 18 months ahead (stays confirmed, checked out, held, cancelled, expired;
// a tenth entered by staff) and channel blocks in the gaps, then times in the database, as the
// demo staff account, the screen's queries for "last 12 months" with the year-before comparison:
// report_occupancy (twice), report_pace, report_stay_patterns, report_outcomes, report_sources and
// report_guest_countries. The baseline, in the same run, is a plain scan: count(*) and sum over
// every booking. Prints the median and max of 7 runs after one warm-up, and the machine's load
// average. On a PostgreSQL of this machine it also prints the CPU time the database backend spent
// per run (from /proc/<pid>/schedstat), which a machine shared with other work inflates far less
// than the wall time.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { addReportBookings } from './bench-reports-data';
import { startBenchPlatform } from './bench-support';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000);
const RUNS = 7;
const STAFF = '00000000-0000-4000-8000-0000000000a2'; // the demo staff account

const platform = await startBenchPlatform({ seed: true });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const started = Date.now();
  await addReportBookings(db, BOOKINGS);
  await db.query('analyze');
  const { rows } =
    await db.query(`select count(*)::int as n, min(check_in_date)::text as first, max(check_out_date)::text as last,
    (select count(*)::int from public.audit_logs) as audit, (select count(*)::int from public.external_blocks) as blocks
    from public.bookings`);
  console.log(
    `${rows[0].n} bookings from ${rows[0].first} to ${rows[0].last}, ${rows[0].blocks} channel blocks, ` +
      `${rows[0].audit} audit rows (inserted in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  // as the demo staff account, as PostgREST would call the functions
  await db.query(`set role authenticated`);
  await db.query(`select set_config('request.jwt.claims', $1, false)`, [
    JSON.stringify({ sub: STAFF, role: 'authenticated' }),
  ]);
  const { rows: period } = await db.query(`select
      (date_trunc('month', current_date) - interval '12 months')::date::text as from,
      date_trunc('month', current_date)::date::text as to,
      (date_trunc('month', current_date) - interval '24 months')::date::text as before_from,
      (date_trunc('month', current_date) - interval '12 months')::date::text as before_to,
      date_trunc('month', current_date)::date::text as next_from,
      (date_trunc('month', current_date) + interval '12 months')::date::text as next_to`);
  const p = period[0];
  const screen: [string, string, string][] = [
    ['report_occupancy', p.from, p.to],
    ['report_occupancy', p.before_from, p.before_to],
    ['report_pace', p.next_from, p.next_to],
    ['report_stay_patterns', p.from, p.to],
    ['report_outcomes', p.from, p.to],
    ['report_sources', p.from, p.to],
    ['report_guest_countries', p.from, p.to],
  ];
  const call = ([fn, from, to]: [string, string, string]) =>
    db.query(`select * from public.${fn}($1::date, $2::date)`, [from, to]);

  const backendCpu = await postgresBackendCpu(db);
  async function time(run: () => Promise<unknown>) {
    await run();
    const times: number[] = [];
    const cpuBefore = backendCpu?.();
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    const cpu = backendCpu && cpuBefore !== undefined ? (backendCpu() - cpuBefore) / RUNS : undefined;
    times.sort((a, b) => a - b);
    return { median: times[RUNS >> 1], max: times[RUNS - 1], cpu };
  }
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  const cpu = (t: { cpu?: number }) => (t.cpu === undefined ? '' : `   cpu ${ms(t.cpu)}/run`);
  const load = () =>
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`;
  console.log(load());

  const scan = await time(() => db.query('select count(*), sum(total_amount) from public.bookings'));
  console.log(
    `${'baseline: plain scan of every booking'.padEnd(52)} median ${ms(scan.median)} max ${ms(scan.max)}${cpu(scan)}`,
  );
  for (const query of screen) {
    const t = await time(() => call(query));
    const { rowCount } = await call(query);
    console.log(
      `${`${query[0]}(${query[1]}, ${query[2]})`.padEnd(52)} median ${ms(t.median)} max ${ms(t.max)}${cpu(t)}   ${rowCount} rows`,
    );
  }
  const whole = await time(async () => {
    for (const query of screen) await call(query);
  });
  console.log(
    `${'the whole screen (7 calls in a row)'.padEnd(52)} median ${ms(whole.median)} max ${ms(whole.max)}${cpu(whole)}   ` +
      `${(whole.median / scan.median).toFixed(1)}x the plain scan; goal ≤ 200 ms`,
  );
  console.log(load());
  await db.end();
} finally {
  await platform.stop();
}

/** Reads the CPU time (ms) of the connection's backend, when it is a PostgreSQL process of this machine. */
async function postgresBackendCpu(db: pg.Client): Promise<(() => number) | undefined> {
  if (!process.env.SUPABASE_DB_URL) return undefined; // PGlite: one process for everything
  const { rows } = await db.query('select pg_backend_pid() as pid');
  const file = `/proc/${rows[0].pid}/schedstat`;
  try {
    if (!readFileSync(`/proc/${rows[0].pid}/cmdline`, 'utf8').startsWith('postgres')) return undefined;
    const read = () => Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6;
    read();
    return read;
  } catch {
    return undefined; // another machine's server
  }
}
