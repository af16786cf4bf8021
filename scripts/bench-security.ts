// Benchmark (not a test) of the admin Security screen with 100,000 security events:
//   npm run bench:security                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:security   (a real PostgreSQL; use an empty scratch database)
// It starts a throw-away local platform with the seed, adds 100,000 events spread over 60 days
// (and 20,000 audit rows), signs in as the demo admin and times, through the gateway and
// PostgREST as the browser calls them, the screen's requests for several filter settings. Prints
// the median and max of 7 runs after one warm-up, and each median as a multiple of a baseline
// request measured in the same run (is_admin(), one round trip that reads one row).
import pg from 'pg';
import { DEMO_ADMIN, signedInClient, startBenchPlatform } from './bench-support';
import { filterArgs, LIMITS, type SecurityFilters } from '../src/features/admin-security/logic/security';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CHUNK = 10_000;
const RUNS = 7;

const platform = await startBenchPlatform({ seed: true });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const started = Date.now();
  for (let first = 1; first <= EVENTS; first += CHUNK) {
    // every row goes through the detection trigger; addresses and times are spread so that
    // only a few alerts are raised
    await db.query(
      `insert into public.security_logs (event_type, severity, risk_score, description, ip_address, metadata, created_at)
       select (array['login_attempt','failed_login','admin_action','suspicious_activity','api_access'])[1 + g % 5],
              (array['low','medium','medium','high','critical'])[1 + (g / 7) % 5]::public.security_severity,
              g % 11,
              'Bench event ' || g || ' for account' || (g % 500) || '@example.com',
              '10.' || (g % 200) || '.' || ((g / 200) % 250) || '.' || (g % 7),
              jsonb_build_object('email', 'account' || (g % 500) || '@example.com', 'path', '/rest/v1/rooms'),
              now() - make_interval(secs => g * (60 * 86400 / $3::int))
       from generate_series($1::int, least($2::int, $3::int)) g`,
      [first, first + CHUNK - 1, EVENTS],
    );
  }
  await db.query(
    `insert into public.audit_logs (action, table_name, record_id, user_id, new_values, created_at)
     select 'UPDATE', 'rooms', g::text, null, jsonb_build_object('n', g), now() - make_interval(mins => g)
     from generate_series(1, 20000) g`,
  );
  await db.query('analyze public.security_logs; analyze public.audit_logs; analyze public.security_alerts');
  const { rows } = await db.query('select count(*)::int as n from public.security_logs');
  console.log(
    `${rows[0].n} security events in the database (inserted in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  await db.end();

  const supabase = await signedInClient(platform, DEMO_ADMIN);

  const filters = (overrides: Partial<SecurityFilters>): SecurityFilters => ({
    search: '',
    severity: 'all',
    eventType: 'all',
    timeRange: '24h',
    ...overrides,
  });
  const logs = (f: SecurityFilters) => supabase.rpc('admin_security_logs', { ...filterArgs(f), p_limit: LIMITS.logs });
  const counts = (f: SecurityFilters) => supabase.rpc('admin_security_counts', filterArgs(f));
  const settings: [string, SecurityFilters][] = [
    ['default (24 h)', filters({})],
    ['all time', filters({ timeRange: 'all' })],
    ['30 d, severity critical', filters({ timeRange: '30d', severity: 'critical' })],
    ['all time, event type failed_login', filters({ timeRange: 'all', eventType: 'failed_login' })],
    ['all time, search an IP "10.7.3."', filters({ timeRange: 'all', search: '10.7.3.' })],
    ['all time, search with no match', filters({ timeRange: 'all', search: 'no-such-text' })],
    ['all time, search a common word "login" (40%)', filters({ timeRange: 'all', search: 'login' })],
  ];

  const cases: [string, () => PromiseLike<{ error: unknown; data: unknown }>][] = [
    ['baseline: is_admin()', () => supabase.rpc('is_admin')],
  ];
  for (const [name, f] of settings) {
    cases.push([`logs, ${name}`, () => logs(f)]);
    cases.push([`counts, ${name}`, () => counts(f)]);
  }
  cases.push(
    [
      'alerts (newest 50)',
      () => supabase.from('security_alerts').select('*').order('created_at', { ascending: false }).limit(LIMITS.alerts),
    ],
    [
      'audit trail (newest 100)',
      () => supabase.from('audit_logs').select('*').order('created_at', { ascending: false }).limit(LIMITS.audit),
    ],
  );

  let baseline = 0;
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
    const median = times[RUNS >> 1];
    baseline ||= median;
    const size = Array.isArray(first.data) ? ` (${first.data.length} rows)` : '';
    console.log(
      `${name.padEnd(52)} median ${median.toFixed(1).padStart(7)} ms   max ${times[RUNS - 1].toFixed(1).padStart(7)} ms   ×${(median / baseline).toFixed(1).padStart(5)}${size}`,
    );
  }
} finally {
  await platform.stop();
}
