// Benchmark (not a test) of the admin Reports screen with 50,000 bookings over three years:
//   npm run bench:reports                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:reports   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform with the seed, adds 100 rooms and about 50,000 bookings
// from 18 months ago to 18 months ahead (stays confirmed, checked out, held, cancelled, expired;
// a tenth entered by staff) and channel blocks in the gaps, then times in the database, as the
// demo staff account, the screen's queries for "last 12 months" with the year-before comparison:
// report_occupancy (twice), report_pace, report_stay_patterns, report_outcomes, report_sources and
// report_guest_countries. The baseline, in the same run, is a plain scan: count(*) and sum over
// every booking. Prints the median and max of 7 runs after one warm-up.
import pg from 'pg';
import { startBenchPlatform } from './bench-support';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000);
const ROOMS = 100;
const RUNS = 7;
const STAFF = '00000000-0000-4000-8000-0000000000a2';

const platform = await startBenchPlatform({ seed: true });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const started = Date.now();
  await db.query(
    `insert into public.rooms (name, room_number, room_type, price_per_night)
     select 'Bench room ' || g, 'B' || g, 'classic', 120 from generate_series(1, $1::int) g`,
    [ROOMS],
  );
  // Per room: 3-day slots over 1,095 days from 18 months ago; each slot holds a stay of 1-3 nights
  // (checked out, confirmed, or a pending hold), a cancelled or expired request on top of every
  // third, and an active channel block in the free nights of some.
  const slots = Math.ceil(BOOKINGS / ROOMS / (4 / 3));
  const insertStays = (filter: string) =>
    db.query(
      `with s as (
         select r.id as room_id, g, (current_date - 548) + g * 3 as check_in,
           1 + abs(hashint4(g * 1000 + substr(r.room_number, 2)::int)) % 3 as nights
         from public.rooms r cross join generate_series(0, $1::int - 1) g
         where r.room_number like 'B%'
       )
       insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
         hold_expires_at, created_at)
       select room_id, 'Bench Guest ' || g, 'bench' || g || '@example.com', check_in, check_in + nights, nights * (90 + g % 80),
         case when check_in + nights <= current_date then 'checked_out'
              when g % 17 = 0 then 'pending' else 'confirmed' end::public.booking_status,
         case when g % 17 = 0 then now() + interval '1 day' end,
         least(now() - interval '1 hour', (check_in - (g * 7) % 200)::timestamptz)
       from s where ${filter}`,
      [slots],
    );
  await db.query('begin');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: STAFF, role: 'authenticated' }),
  ]);
  await insertStays('g % 10 = 0');
  await db.query('commit');
  await insertStays('g % 10 <> 0');
  await db.query(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
       hold_expires_at, created_at)
     select b.room_id, 'Bench Lost ' || b.reference, 'lost@example.com', b.check_in_date, b.check_out_date + 1, 200,
       (case when hashint4(b.check_in_date - date '2000-01-01') % 2 = 0 then 'cancelled' else 'expired' end)::public.booking_status,
       b.created_at - interval '2 days', b.created_at - interval '3 days'
     from public.bookings b join public.rooms r on r.id = b.room_id
     where r.room_number like 'B%' and ((b.check_in_date - date '2000-01-01') / 3) % 3 = 0`,
  );
  await db.query(
    `insert into public.external_blocks (feed_id, room_id, event_uid, check_in_date, check_out_date)
     select f.id, b.room_id, 'bench-' || b.id, b.check_out_date, b.check_out_date + 1
     from public.bookings b
     join public.rooms r on r.id = b.room_id and r.room_number like 'B%'
     join public.channel_feeds f on f.room_id = b.room_id
       and f.platform = (array['booking', 'expedia', 'hotels', 'airbnb'])[1 + (b.check_in_date - date '2000-01-01') % 4]::public.channel_platform
     where b.status <> 'cancelled' and b.status <> 'expired' and b.check_out_date - b.check_in_date < 3
       and (b.check_in_date - date '2000-01-01') % 4 = 1`,
  );
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

  async function time(run: () => Promise<unknown>) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { median: times[RUNS >> 1], max: times[RUNS - 1] };
  }
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

  const scan = await time(() => db.query('select count(*), sum(total_amount) from public.bookings'));
  console.log(`${'baseline: plain scan of every booking'.padEnd(52)} median ${ms(scan.median)} max ${ms(scan.max)}`);
  for (const query of screen) {
    const t = await time(() => call(query));
    const { rowCount } = await call(query);
    console.log(
      `${`${query[0]}(${query[1]}, ${query[2]})`.padEnd(52)} median ${ms(t.median)} max ${ms(t.max)}   ${rowCount} rows`,
    );
  }
  const whole = await time(async () => {
    for (const query of screen) await call(query);
  });
  console.log(
    `${'the whole screen (7 calls in a row)'.padEnd(52)} median ${ms(whole.median)} max ${ms(whole.max)}   ` +
      `${(whole.median / scan.median).toFixed(1)}x the plain scan; goal ≤ 200 ms`,
  );
  await db.end();
} finally {
  await platform.stop();
}
