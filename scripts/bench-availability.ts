// Benchmark (not a test) of the public availability calendar, room_calendar, for 18 months of one
// room with 50,000 bookings:
//   npm run bench:availability                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:availability   (a real PostgreSQL; an empty scratch database)
// It starts a throw-away platform without the seed, makes one room with two seasons and 50,000
// non-overlapping stays (every status; the last ones cover the 18 months asked for, the rest lie
// in the past), and times in one run, each as the median and max of 9 runs after a warm-up:
//   - room_calendar in the database (EXPLAIN ANALYZE's execution time), the goal being ≤ 20 ms;
//   - the same call as the browser makes it, through the gateway and PostgREST, as anon;
//   - baselines in the database: the same function over a plain scan (index scans switched off),
//     and the query it replaces: one availability check per night (private.room_has_overlap,
//     what room_is_available asks) for the 549 nights.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { startBenchPlatform } from './bench-support';
import type { Database } from '../src/types/database';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000);
const NIGHTS = 549; // 18 months, room_calendar's most
const RUNS = 9;

const platform = await startBenchPlatform({ seed: false });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const started = Date.now();
  const [{ id: roomId }] = (
    await db.query<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ('Bench room', 'B-1', 'classic', 'available', 120, 2) returning id::text`,
    )
  ).rows;
  await db.query(
    `insert into public.room_rate_seasons (room_id, name, starts_on, ends_on, price_per_night, weekend_price, min_nights, closed_arrival_days)
     values ($1, 'High', current_date + 30, current_date + 120, 180, 210, 2, '{7}'),
            ($1, 'Low', current_date + 200, current_date + 300, 90, null, 1, '{}')`,
    [roomId],
  );
  // Consecutive 2-night stays with a free night between them, the last ending at the window's end.
  // Loaded with triggers off (they would only re-check what is non-overlapping by construction):
  // the reference is given, a pending stay's hold is set.
  await db.query('set session_replication_role = replica');
  await db.query(
    `insert into public.bookings (room_id, reference, guest_name, guest_email, check_in_date, check_out_date, guests,
                                  total_amount, status, hold_expires_at)
     select $1, 'CG-' || lpad(upper(to_hex(g)), 6, '0'), 'Bench Guest ' || g, 'bench' || g || '@example.com',
            current_date + $3::int - 3 * ($2::int - g) - 2, current_date + $3::int - 3 * ($2::int - g), 2, 240,
            (array['pending','confirmed','checked_in','checked_out','cancelled'])[1 + g % 5]::public.booking_status,
            case when g % 5 = 0 then now() + interval '1 day' end
     from generate_series(1, $2::int) g`,
    [roomId, BOOKINGS, NIGHTS],
  );
  await db.query('set session_replication_role = origin');
  await db.query('analyze public.bookings');
  const { rows } = await db.query<{ n: number; first: string }>(
    'select count(*)::int as n, min(check_in_date)::text as first from public.bookings where room_id = $1',
    [roomId],
  );
  console.log(
    `${rows[0].n} bookings of one room, from ${rows[0].first} to 18 months ahead (inserted in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const window = [roomId, 'current_date', `current_date + ${NIGHTS}`];
  const calendarSql = `select * from public.room_calendar('${window[0]}', ${window[1]}, ${window[2]})`;
  const perNightSql = `select d::date, not private.room_has_overlap('${roomId}', d::date, d::date + 1)
    from generate_series(current_date, current_date + ${NIGHTS - 1}, interval '1 day') d`;

  /** EXPLAIN ANALYZE's execution time of `sql` (ms), optionally after `setup` in the same transaction. */
  async function executionMs(sql: string, setup?: string): Promise<number> {
    await db.query('begin');
    try {
      if (setup) await db.query(setup);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, summary on) ${sql}`);
      const line = plan.rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
      return Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN);
    } finally {
      await db.query('rollback');
    }
  }
  async function time(run: () => Promise<number>) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await run());
    times.sort((a, b) => a - b);
    return { median: times[RUNS >> 1], max: times[RUNS - 1] };
  }
  const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;
  const report = (name: string, t: { median: number; max: number }) =>
    console.log(`${name.padEnd(62)} median ${ms(t.median)}   max ${ms(t.max)}`);

  // the answers agree before anything is timed
  const calendarRows = (await db.query<{ night: string; available: boolean }>(`${calendarSql} order by night`)).rows;
  const perNightRows = (await db.query<{ available: boolean }>(`${perNightSql} order by 1`)).rows.map(
    (r) => Object.values(r)[1] as boolean,
  );
  const taken = calendarRows.filter((r) => !r.available).length;
  if (calendarRows.length !== NIGHTS || calendarRows.some((r, i) => r.available !== perNightRows[i])) {
    throw new Error('room_calendar and the per-night checks disagree');
  }
  console.log(`${NIGHTS} nights asked for, ${taken} of them taken`);

  const inDb = await time(() => executionMs(calendarSql));
  report('room_calendar, in the database', inDb);

  const anon = createClient<Database>(platform.apiUrl, platform.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
  const [{ today, end }] = (
    await db.query<{ today: string; end: string }>(
      `select current_date::text as today, (current_date + ${NIGHTS})::text as end`,
    )
  ).rows;
  report(
    'room_calendar through the gateway and PostgREST (anon)',
    await time(async () => {
      const t = performance.now();
      const { data, error } = await anon.rpc('room_calendar', { p_room_id: roomId, p_from: today, p_to: end });
      if (error || data?.length !== NIGHTS) throw error ?? new Error('wrong row count');
      return performance.now() - t;
    }),
  );
  const plain = await time(() =>
    executionMs(calendarSql, 'set local enable_indexscan = off; set local enable_bitmapscan = off'),
  );
  report('baseline: room_calendar over a plain scan (no index scans)', plain);
  const perNight = await time(() => executionMs(perNightSql));
  report('baseline: one room_has_overlap check per night (549 calls)', perNight);
  console.log(
    `room_calendar is ${(plain.median / inDb.median).toFixed(1)}x faster than the plain scan and ` +
      `${(perNight.median / inDb.median).toFixed(1)}x faster than per-night checks; goal ≤ 20 ms: ${inDb.median <= 20 ? 'met' : 'NOT met'}`,
  );
  await db.end();
} finally {
  await platform.stop();
}
