// `npm run bench:admin`: each staff screen of the portal on the production build, with the demo
// data plus 50,000 bookings (`./bench-reports-data.ts`: 100 rooms, three years), beside the last
// landed build (`main`, or BENCH_BASELINE_REF, built in a temp folder: `./bench-baseline.ts`).
//
// One throw-away seeded platform (PGlite, or SUPABASE_DB_URL), both builds built against it and
// served as a static host does, one Chromium (playwright-core) signed in as the demo admin in each
// build's origin. Per screen, 10 full page loads of its URL per build, interleaved; each is timed
// from the navigation's start (performance.timeOrigin) to the data shown: the screen's heading is
// on screen, no skeleton, spinner or "Loading" status is visible, no request to the API is in
// flight, and this has held for 200 ms (the time is the moment it began). Prints median and p95.
// Options:
//   --runs 10             loads per screen and build
//   --screen Reports      only these screens (repeatable, by name)
//   --no-baseline         this checkout only
//   --loaded              with the fixed CPU load of the other benches beside it (`./bench-load.ts`)
//   --json FILE           every run's times
// BENCH_BOOKINGS sets another count of bookings. The board (/admin/board) is measured in each build
// whose route table has it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../supabase/local/platform';
import { checkoutBaseline, type BaselineCheckout } from './bench-baseline';
import { LOAD_WORKERS, loadAverage, startCpuLoad, type CpuLoad } from './bench-load';
import { addReportBookings } from './bench-reports-data';
import { DEMO_ADMIN, startBenchPlatform } from './bench-support';
import { buildSite } from './prerender/build';
import { serveStatic, type StaticServer } from './prerender/static-server';
import { CHROMIUM_ARGS, ensureChromium } from './site/browser';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    screen: { type: 'string', multiple: true },
    'no-baseline': { type: 'boolean', default: false },
    loaded: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000);

interface Screen {
  name: string;
  path: string;
  /** the start of the screen's main heading */
  heading: string;
  /** the screen exists in a build whose src/app/AdminRoutes.tsx has this route path (a <Route> or its screens table) */
  route?: string;
}

const SCREENS: Screen[] = [
  { name: 'Dashboard', path: '/admin', heading: 'Dashboard' },
  { name: 'Bookings', path: '/admin/bookings', heading: 'Bookings' },
  { name: 'Board', path: '/admin/board', heading: 'Room board', route: 'board' },
  { name: 'Arrivals', path: '/admin/arrivals', heading: 'Arrivals' },
  { name: 'Reports', path: '/admin/reports', heading: 'Reports' },
  { name: 'City tax', path: '/admin/city-tax', heading: 'City tax' },
  { name: 'Rates', path: '/admin/rates', heading: 'Rates' },
  { name: 'Rooms', path: '/admin/rooms', heading: 'Rooms' },
].filter((screen) => !values.screen?.length || values.screen.includes(screen.name));

/** Counts the page's requests to the API in flight (fetch is how supabase-js talks to it). */
const COUNT_REQUESTS = `(() => {
  const state = { pending: 0, total: 0, since: undefined };
  window.__bench = state;
  const fetch = window.fetch;
  window.fetch = function (...args) {
    state.pending += 1;
    state.total += 1;
    return fetch.apply(this, args).finally(() => { state.pending -= 1; });
  };
})()`;

/** In the page, each frame: the moment the screen first showed its data (see the header), else false. */
// Runs in the page: no named inner functions (tsx would wrap them in a `__name` helper the page lacks).
function dataShown(heading: string): number | false {
  const state = (window as unknown as { __bench: { pending: number; total: number; since?: number } }).__bench;
  const headed = [...document.querySelectorAll('h1')].some(
    (element) => element.getClientRects().length > 0 && (element.textContent ?? '').trim().startsWith(heading),
  );
  const busy =
    [...document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]')].some(
      (element) => element.getClientRects().length > 0,
    ) ||
    [...document.querySelectorAll('[role="status"]')].some(
      (element) => element.getClientRects().length > 0 && /loading/i.test(element.textContent ?? ''),
    );
  const now = performance.now();
  if (!headed || busy || state.pending > 0 || state.total === 0) {
    state.since = undefined;
    return false;
  }
  state.since ??= now;
  return now - state.since >= 200 ? state.since : false;
}

const percentile = (numbers: number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface Build {
  name: string;
  site: StaticServer;
  dir: string;
  screens: Set<string>;
  context?: BrowserContext;
}

let browser: Browser | undefined;
let cpuLoad: CpuLoad | undefined;
let baseline: BaselineCheckout | undefined;
const builds: Build[] = [];
const platform = await startBenchPlatform({ seed: true, schedule: false });
try {
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const inserted = Date.now();
  await addReportBookings(db, BOOKINGS);
  await db.query('analyze');
  const { rows } = await db.query(`select count(*)::int as n from public.bookings`);
  await db.end();
  console.log(`${rows[0].n} bookings (added in ${((Date.now() - inserted) / 1000).toFixed(1)} s)`);

  const routesOf = (dir: string) => readFileSync(join(dir, 'src', 'app', 'AdminRoutes.tsx'), 'utf8');
  const screensOf = (source: string) =>
    new Set(
      SCREENS.filter(
        (screen) =>
          !screen.route || source.includes(`path="${screen.route}"`) || source.includes(`path: '${screen.route}'`),
      ).map((screen) => screen.name),
    );
  const env = (site: StaticServer) => ({
    VITE_SUPABASE_URL: platform.apiUrl,
    VITE_SUPABASE_ANON_KEY: platform.anonKey,
    VITE_SITE_URL: site.url,
  });

  if (!values['no-baseline']) {
    baseline = checkoutBaseline();
    const dir = join(REPO_ROOT, '.local', `bench-admin-baseline-${process.pid}`);
    const site = await serveStatic(dir);
    builds.push({ name: baseline.ref, site, dir, screens: screensOf(routesOf(baseline.dir)) });
    console.log(`Building the baseline ${baseline.ref} (${baseline.commit.slice(0, 8)})…`);
    await baseline.build(dir, env(site));
  }
  {
    const dir = join(REPO_ROOT, '.local', `bench-admin-dist-${process.pid}`);
    const site = await serveStatic(dir);
    builds.push({ name: 'this checkout', site, dir, screens: screensOf(routesOf(REPO_ROOT)) });
    console.log('Building this checkout…');
    Object.assign(process.env, env(site));
    await buildSite({ outDir: dir, logLevel: 'warn' });
  }

  browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS });
  for (const build of builds) {
    build.context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await build.context.addInitScript(COUNT_REQUESTS);
    const page = await build.context.newPage();
    await page.goto(`${build.site.url}/auth`);
    await page.getByLabel(/email/i).first().fill(DEMO_ADMIN.email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(/\/admin\/?$/, { timeout: 60_000 });
    await page.close();
  }

  console.log(
    `Load average before: ${loadAverage()} (${cpus().length} cores${values.loaded ? `; the load: ${LOAD_WORKERS} busy workers` : ''})`,
  );
  if (values.loaded) cpuLoad = await startCpuLoad();
  const times: Record<string, Record<string, number[]>> = Object.fromEntries(builds.map((b) => [b.name, {}]));
  const waterfalls: Record<string, Record<string, [string, string, number, number][][]>> = Object.fromEntries(
    builds.map((b) => [b.name, {}]),
  );
  for (const screen of SCREENS) {
    const measured = builds.filter((build) => build.screens.has(screen.name));
    if (!measured.length) {
      console.log(`  ${screen.name}: not in any build (no ${screen.path} route)`);
      continue;
    }
    // one warm-up load per build: the screen's chunks in the HTTP cache, as for a desk that uses it daily
    for (let run = -1; run < RUNS; run += 1) {
      for (const build of measured) {
        const page = await build.context!.newPage();
        await page.goto(`${build.site.url}${screen.path}`, { waitUntil: 'commit' });
        const handle = await page.waitForFunction(dataShown, screen.heading, { polling: 'raf', timeout: 60_000 });
        const ms = (await handle.jsonValue()) as number;
        const entries = (await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => [
              entry.name,
              (entry as PerformanceResourceTiming).initiatorType,
              entry.startTime,
              (entry as PerformanceResourceTiming).responseEnd,
            ]),
        )) as [string, string, number, number][];
        await page.close();
        if (run < 0) continue;
        (times[build.name][screen.name] ??= []).push(ms);
        (waterfalls[build.name][screen.name] ??= []).push(entries);
      }
    }
    console.log(
      `  ${screen.name}: ${measured
        .map((build) => `${build.name} ${times[build.name][screen.name].map((ms) => Math.round(ms)).join(' ')}`)
        .join(' | ')}`,
    );
  }
  await cpuLoad?.stop();
  cpuLoad = undefined;
  console.log(`Load average after: ${loadAverage()}`);

  // what each screen waited for: its run nearest the median, request by request (start → end, ms)
  const apiOrigin = new URL(platform.apiUrl).origin;
  for (const build of builds) {
    console.log(`\nWaterfalls (${build.name}, the run nearest the median):`);
    for (const screen of SCREENS) {
      const runs = times[build.name][screen.name];
      if (!runs) continue;
      const middle = percentile(runs, 50);
      const entries = waterfalls[build.name][screen.name][runs.indexOf(middle)];
      const api = entries.filter(([name]) => name.startsWith(apiOrigin));
      const scripts = entries.filter(([name, type]) => name.endsWith('.js') && type !== 'fetch');
      const lastScript = Math.max(0, ...scripts.map(([, , , end]) => end));
      console.log(
        `  ${screen.name}: data shown at ${Math.round(middle)} ms; ${scripts.length} scripts, the last ending at ${Math.round(lastScript)} ms; ${api.length} API requests:`,
      );
      for (const [name, , start, end] of api.sort((a, b) => a[2] - b[2])) {
        const url = new URL(name);
        const what = `${url.pathname.replace(/^\/(rest|auth|functions)\/v1/, '$1')}${url.search.slice(0, 60)}`;
        console.log(`      ${String(Math.round(start)).padStart(5)} → ${String(Math.round(end)).padStart(5)}  ${what}`);
      }
    }
  }

  console.log(
    `\nNavigation to data shown, ${RUNS} full loads per screen (${BOOKINGS} added bookings; ${values.loaded ? `loaded: ${LOAD_WORKERS} busy workers beside it` : 'no added load'}; goal median ≤ 1000 ms, p95 ≤ 1500 ms):`,
  );
  const table = SCREENS.flatMap((screen) =>
    builds
      .filter((build) => times[build.name][screen.name])
      .map((build) => ({
        screen: screen.name,
        build: build.name,
        'median ms': Math.round(percentile(times[build.name][screen.name], 50)),
        'p95 ms': Math.round(percentile(times[build.name][screen.name], 95)),
      })),
  );
  console.table(table);
  if (values.json) writeFileSync(values.json, JSON.stringify({ bookings: BOOKINGS, times, table }, null, 2));
} finally {
  await cpuLoad?.stop();
  await browser?.close();
  for (const build of builds) {
    await build.site.close();
    rmSync(build.dir, { recursive: true, force: true });
  }
  baseline?.remove();
  await platform.stop();
}
process.exit(0);
