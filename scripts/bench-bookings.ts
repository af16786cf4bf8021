// Benchmark (not a test) of the admin Bookings screen and Dashboard with 50,000 bookings:
//   npm run bench:bookings                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:bookings   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform with the seed, adds 50,000 bookings, signs in as the demo
// admin and times, through the gateway and PostgREST exactly as the browser calls them, the
// screen's requests: first page (20 rows + exact count), a search, a status filter, a deep page,
// and the dashboard RPC. Prints the median and max of 7 runs after one warm-up.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY } from '../supabase/local/keys';
import { startPlatform } from '../supabase/local/platform';
import { bookingSearchFilter, pageRange } from '../src/features/admin-bookings/booking-logic';
import type { Database } from '../src/types/database';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000); // about: rooms × ceil(BOOKINGS / rooms)
const RUNS = 7;
const CHUNK = Number(process.env.BENCH_CHUNK ?? 100); // bookings per room per insert statement

const platform = await startPlatform({
  apiPort: 0,
  dbPort: 0,
  dataDir: null,
  seed: true,
  databaseUrl: process.env.SUPABASE_DB_URL || undefined,
});
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const started = Date.now();
  // Non-overlapping stays: each room gets consecutive 2-night bookings far in the past, inserted
  // in chunks (each row goes through the bookings triggers).
  const { rows: roomRows } = await db.query('select count(*)::int as n from public.rooms');
  const perRoom = Math.ceil(BOOKINGS / roomRows[0].n);
  for (let first = 1; first <= perRoom; first += CHUNK) {
    await db.query(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status, created_at)
       select r.id, 'Bench Guest ' || g || ' ' || r.room_number, 'bench' || g || '.' || r.room_number || '@example.com',
              date '1900-01-01' + g * 3, date '1900-01-01' + g * 3 + 2, 2, 240,
              (array['pending','confirmed','checked_in','checked_out','cancelled'])[1 + g % 5]::public.booking_status,
              now() - make_interval(mins => g)
       from public.rooms r, generate_series($1::int, least($2::int, $3::int)) g`,
      [first, first + CHUNK - 1, perRoom],
    );
    if (process.env.BENCH_VERBOSE) console.log(`  … ${Math.min(first + CHUNK - 1, perRoom) * roomRows[0].n} rows`);
  }
  await db.query('analyze public.bookings');
  const { rows } = await db.query('select count(*)::int as n from public.bookings');
  console.log(`${rows[0].n} bookings in the database (inserted in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await db.end();

  const supabase = createClient<Database>(platform.apiUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // realtime is never used here; Node 20 has no global WebSocket for it
    realtime: { transport: class {} as never },
  });
  const { error: signInError } = await supabase.auth.signInWithPassword({
    email: 'admin@example.com',
    password: 'admin-demo-2026',
  });
  if (signInError) throw signInError;

  const columns =
    'id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, discount_amount, promo_code, status, special_requests, created_at, room_name, room_number, room_type';
  function page(options: { search?: string; status?: 'pending' | 'cancelled'; page?: number }) {
    const [from, to] = pageRange(options.page ?? 1);
    let query = supabase.from('booking_list').select(columns, { count: 'exact' });
    if (options.status) query = query.eq('status', options.status);
    const search = bookingSearchFilter(options.search ?? '');
    if (search) query = query.or(search);
    return query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to);
  }

  const cases: [string, () => PromiseLike<{ error: unknown; count?: number | null }>][] = [
    ['first page (20 + exact count)', () => page({})],
    ['search "guest 123" (name/e-mail/room ilike)', () => page({ search: 'guest 123' })],
    ['search "102" (room number)', () => page({ search: '102' })],
    ['search with no match', () => page({ search: 'no-such-guest' })],
    ['status = pending', () => page({ status: 'pending' })],
    ['page 1,000 (offset 19,980)', () => page({ page: Math.min(1000, Math.floor(BOOKINGS / 20)) })],
    ['dashboard admin_dashboard_stats()', () => supabase.rpc('admin_dashboard_stats').single()],
  ];

  for (const [name, run] of cases) {
    const first = await run();
    if (first.error) throw first.error;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      const result = await run();
      times.push(performance.now() - t);
      if (result.error) throw result.error;
    }
    times.sort((a, b) => a - b);
    const count = first.count == null ? '' : ` (${first.count} matches)`;
    console.log(
      `${name.padEnd(46)} median ${times[RUNS >> 1].toFixed(1).padStart(7)} ms   max ${times[RUNS - 1].toFixed(1).padStart(7)} ms${count}`,
    );
  }
} finally {
  await platform.stop();
}
