// Benchmark (not a test) of the admin Bookings screen and Dashboard with 50,000 bookings:
//   npm run bench:bookings                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:bookings   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform with the seed, adds 50,000 bookings, signs in as the demo
// admin and times, through the gateway and PostgREST exactly as the browser calls them, the
// screen's requests: first page (20 rows + count), searches, a status filter, a deep page, and the
// dashboard RPC. Each list request runs twice: through search_booking_list (what the screen calls)
// and, as the baseline, the booking_list view with PostgREST filters (what it called before the
// trigram search). Prints the median and max of 7 runs after one warm-up, and the ratio.
import pg from 'pg';
import { DEMO_ADMIN, signedInClient, startBenchPlatform } from './bench-support';
import { pageRange, type BookingFilters } from '../src/features/admin-bookings/logic/bookings';

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Quotes a value for PostgREST's logic-tree syntax (commas, dots and brackets are safe inside). */
function quotePostgrest(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

const BOOKING_SEARCH_COLUMNS = ['guest_name', 'guest_email', 'room_number'] as const;

/**
 * The baseline's `or` filter: case-insensitive substring on guest name, guest e-mail
 * and room number; null for a blank search. PostgREST turns `*` into `%`, so a literal `*` in
 * the search cannot be matched and is dropped.
 */
function viewSearchFilter(search: string): string | null {
  const text = search.replace(/\*/g, '').trim();
  if (!text) return null;
  const pattern = quotePostgrest(`*${escapeLike(text)}*`);
  return BOOKING_SEARCH_COLUMNS.map((column) => `${column}.ilike.${pattern}`).join(',');
}

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000); // about: rooms × ceil(BOOKINGS / rooms)
const RUNS = 7;
const CHUNK = Number(process.env.BENCH_CHUNK ?? 100); // bookings per room per insert statement

const platform = await startBenchPlatform({ seed: true });
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

  const supabase = await signedInClient(platform, DEMO_ADMIN);

  const columns =
    'id, reference, room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, discount_amount, promo_code, status, special_requests, created_at, room_name, room_number, room_type';
  /** The baseline: the view, searched with PostgREST's `or` of three ilike filters. */
  async function viewPage(filters: BookingFilters) {
    const [from, to] = pageRange(filters.page);
    let query = supabase.from('booking_list').select(columns, { count: 'exact' });
    if (filters.status !== 'all') query = query.eq('status', filters.status);
    const search = viewSearchFilter(filters.search);
    if (search) query = query.or(search);
    const { error, count } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to);
    if (error) throw error;
    return count ?? 0;
  }
  /** What the screen calls (src/features/admin-bookings/api/bookings.ts). */
  async function screenPage(filters: BookingFilters) {
    const [from, to] = pageRange(filters.page);
    const { data, error } = await supabase.rpc('search_booking_list', {
      p_search: filters.search,
      p_status: filters.status === 'all' ? undefined : filters.status,
      p_offset: from,
      p_limit: to - from + 1,
    });
    if (error) throw error;
    return data[0]?.total_count ?? 0;
  }

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

  const filters = (changes: Partial<BookingFilters>): BookingFilters => ({
    search: '',
    status: 'all',
    page: 1,
    ...changes,
  });
  const cases: [string, BookingFilters][] = [
    ['first page (20 + count)', filters({})],
    ['search "guest 123" (name/e-mail/room)', filters({ search: 'guest 123' })],
    ['search "102" (room number)', filters({ search: '102' })],
    ['search with no match', filters({ search: 'no-such-guest' })],
    ['status = pending', filters({ status: 'pending' })],
    ['page 1,000 (offset 19,980)', filters({ page: Math.min(1000, Math.floor(BOOKINGS / 20)) })],
  ];
  console.log(`${''.padEnd(40)} search_booking_list         view + or(ilike) (baseline)  ratio`);
  for (const [name, caseFilters] of cases) {
    const total = await screenPage(caseFilters);
    if (total !== (await viewPage(caseFilters))) throw new Error(`${name}: the two queries disagree`);
    const after = await time(() => screenPage(caseFilters));
    const before = await time(() => viewPage(caseFilters));
    console.log(
      `${name.padEnd(40)} median ${ms(after.median)} max ${ms(after.max)}   median ${ms(before.median)} max ${ms(before.max)}   ${(after.median / before.median).toFixed(2)}x  (${total} matches)`,
    );
  }
  const dashboard = await time(async () => {
    const { error } = await supabase.rpc('admin_dashboard_stats').single();
    if (error) throw error;
  });
  console.log(
    `${'dashboard admin_dashboard_stats()'.padEnd(40)} median ${ms(dashboard.median)} max ${ms(dashboard.max)}`,
  );
} finally {
  await platform.stop();
}
