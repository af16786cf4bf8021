// `npm run bench:lighthouse`: Lighthouse's mobile profile (its default config: a mid-range phone,
// simulated slow 4G) on every prerendered public page of a production build (home and a room page
// in each language, the payment pages, the privacy notice), 3 runs per page, quiet and loaded (a
// fixed CPU load beside Lighthouse: one busy process per spare core, `./bench-load.ts`), beside the
// last landed build (`main`, or BENCH_BASELINE_REF, checked out in a temp folder and built there:
// `./bench-baseline.ts`), printing the median of each figure. Lighthouse drives the Chromium of the
// browser tests (CHROME_PATH, `scripts/site/browser.ts`) with `--headless=new --no-sandbox`.
//
// By default it starts a throw-away seeded platform, builds this checkout and the baseline against
// it (client, SSR, prerender: `scripts/prerender/build.ts`) and serves each build as a static host
// does (`scripts/prerender/static-server.ts`). The runs of the two builds are interleaved (same
// run, same platform, same load). Options:
//   --dist DIR            serve this build instead of building (it talks to the API it was built
//                         for: start the platform on that port with --api-port, default 54321)
//   --baseline DIR        the baseline is this build (built against the API at --api-port) instead
//                         of building BENCH_BASELINE_REF
//   --no-baseline         this checkout only
//   --api-port 54321      the seeded platform's port when --dist or --baseline is given
//   --base-url URL        measure a running site instead (no platform, no build, no baseline)
//   --runs 3              runs per page, build and condition
//   --page /fr/           only these pages (repeatable)
//   --conditions quiet,loaded   which of the two to measure
//   --json FILE           also write every run's figures to FILE
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { REPO_ROOT, startPlatform, type Platform } from '../supabase/local/platform';
import { ensureChromium } from './site/browser';
import { checkoutBaseline, type BaselineCheckout } from './bench-baseline';
import { LOAD_WORKERS, loadAverage, startCpuLoad, type CpuLoad } from './bench-load';
import { buildSite } from './prerender/build';
import { serveStatic, type StaticServer } from './prerender/static-server';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    baseline: { type: 'string' },
    'api-port': { type: 'string', default: '54321' },
    'base-url': { type: 'string' },
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    json: { type: 'string' },
    'no-baseline': { type: 'boolean', default: false },
    conditions: { type: 'string', default: 'quiet,loaded' },
  },
});

/** The seed's first room (supabase/seed.sql). */
const ROOM_ID = '10000000-0000-4000-8000-000000000001';
const PAGES = values.page?.length
  ? values.page
  : [
      '/',
      '/it/',
      '/fr/',
      `/room/${ROOM_ID}`,
      `/it/room/${ROOM_ID}`,
      `/fr/room/${ROOM_ID}`,
      '/booking-success',
      '/booking-cancelled',
      '/privacy',
    ];
const CONDITIONS = values.conditions.split(',').map((name) => name.trim()) as Array<'quiet' | 'loaded'>;
if (CONDITIONS.some((name) => name !== 'quiet' && name !== 'loaded'))
  throw new Error('--conditions takes quiet, loaded or both');
const RUNS = Number(values.runs);
const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** TBT from the main thread's CPU time per task (`blockingFromThreadTime`) */
  cpuTbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * The blocking time of the page's main thread after the first paint, from each task's CPU time
 * (the trace's `tdur`) rather than its wall time, slowed as Lighthouse's mobile profile slows the
 * CPU (×4): Σ max(0, 4·cpu − 50 ms). On a machine shared with other work a task's wall time grows
 * while the thread waits for a core; its CPU time does not, so this figure tells a change to the
 * page from a change of the machine's load (Lighthouse's own TBT is built on wall time).
 */
function blockingFromThreadTime(events: TraceEvent[], multiplier = 4): number {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  const tasks = events
    .filter(
      (event) =>
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.ts + (event.dur ?? 0) > fcp.ts &&
        event.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  let blocking = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // a task nested in the one before
    end = task.ts + (task.dur ?? 0);
    blocking += Math.max(0, (multiplier * task.tdur!) / 1000 - 50);
  }
  return blocking;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const { existsSync } = await import('node:fs');
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : ensureChromium();
}

let platform: Platform | undefined;
let site: StaticServer | undefined;
let baselineSite: StaticServer | undefined;
let builtDir: string | undefined;
let baselineBuilt: string | undefined;
let baselineCheckout: BaselineCheckout | undefined;
let baseUrl = values['base-url']?.replace(/\/$/, '');

const cleanup = async () => {
  await site?.close();
  await baselineSite?.close();
  await platform?.stop();
  if (builtDir) (await import('node:fs')).rmSync(builtDir, { recursive: true, force: true });
  if (baselineBuilt) (await import('node:fs')).rmSync(baselineBuilt, { recursive: true, force: true });
  baselineCheckout?.remove();
};

try {
  if (!baseUrl) {
    platform = await startPlatform({
      apiPort: values.dist || values.baseline ? Number(values['api-port']) : 0,
      dataDir: null,
      seed: true,
      databaseUrl: process.env.SUPABASE_DB_URL || undefined,
    });
    const dist = values.dist ? resolve(values.dist) : join(REPO_ROOT, '.local', `bench-dist-${process.pid}`);
    // the server first: its address is the site's address in the build (canonical URLs)
    site = await serveStatic(dist);
    baseUrl = site.url;
    if (!values.dist) {
      process.env.VITE_SUPABASE_URL = platform.apiUrl;
      process.env.VITE_SUPABASE_ANON_KEY = platform.anonKey;
      process.env.VITE_SITE_URL = site.url;
      builtDir = dist;
      console.log('Building the site (client, SSR, prerender)…');
      await buildSite({ outDir: dist, logLevel: 'warn' });
    }
    console.log(`Serving ${dist} at ${baseUrl} (API ${platform.apiUrl})`);
    if (values.baseline) {
      baselineSite = await serveStatic(resolve(values.baseline));
      console.log(`Serving the baseline ${resolve(values.baseline)} at ${baselineSite.url}`);
    } else if (!values['no-baseline']) {
      baselineCheckout = checkoutBaseline();
      baselineBuilt = join(REPO_ROOT, '.local', `bench-baseline-dist-${process.pid}`);
      baselineSite = await serveStatic(baselineBuilt);
      console.log(
        `Building the baseline ${baselineCheckout.ref} (${baselineCheckout.commit.slice(0, 8)}) in ${baselineCheckout.dir}…`,
      );
      await baselineCheckout.build(baselineBuilt, {
        VITE_SUPABASE_URL: platform.apiUrl,
        VITE_SUPABASE_ANON_KEY: platform.anonKey,
        VITE_SITE_URL: baselineSite.url,
      });
      console.log(`Serving the baseline at ${baselineSite.url}`);
    }
  }
  const builds = baselineSite
    ? [
        { name: baselineCheckout ? baselineCheckout.ref : 'baseline', url: baselineSite.url },
        { name: 'this checkout', url: baseUrl! },
      ]
    : [{ name: '', url: baseUrl! }];

  console.log(`Load average before: ${loadAverage()} (${cpus().length} cores; the load: ${LOAD_WORKERS} busy workers)`);
  process.env.CHROME_PATH = await chromiumPath();
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  /** build → condition → page → runs */
  const results: Record<string, Record<string, Record<string, Figures[]>>> = Object.fromEntries(
    builds.map((build) => [build.name, Object.fromEntries(CONDITIONS.map((condition) => [condition, {}]))]),
  );
  const loadSeen: Record<string, number[]> = { quiet: [], loaded: [] };
  let cpuLoad: CpuLoad | undefined;
  try {
    for (const page of PAGES)
      for (const condition of CONDITIONS) {
        builds.forEach((build) => (results[build.name][condition][page] = []));
        if (condition === 'loaded') cpuLoad = await startCpuLoad();
        for (let run = 0; run < RUNS * builds.length; run += 1) {
          // one build after the other, so a change in the machine's load touches both alike
          const build = builds[run % builds.length];
          const result = await lighthouse(`${build.url}${page}`, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          const { categories, audits, runtimeError } = result.lhr;
          if (runtimeError) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
          const figures: Figures = {
            performance: Math.round((categories.performance.score ?? 0) * 100),
            fcp: audits['first-contentful-paint'].numericValue ?? NaN,
            lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
            tbt: audits['total-blocking-time'].numericValue ?? NaN,
            cpuTbt: blockingFromThreadTime(
              (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents,
            ),
            cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
            accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
            bestPractices: Math.round((categories['best-practices'].score ?? 0) * 100),
            seo: Math.round((categories.seo.score ?? 0) * 100),
          };
          results[build.name][condition][page].push(figures);
          loadSeen[condition].push(loadavg()[0]);
          const failing = Object.values(categories)
            .flatMap((category) => category.auditRefs)
            .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 0.9)
            .map((ref) => ref.id);
          console.log(
            `  ${condition} ${build.name ? `${build.name} ` : ''}${page} run ${Math.floor(run / builds.length) + 1}: perf ${figures.performance}, FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms (from CPU time ${Math.round(figures.cpuTbt)} ms), CLS ${figures.cls.toFixed(3)}${failing.length ? `; below 0.9: ${[...new Set(failing)].join(', ')}` : ''}`,
          );
        }
        await cpuLoad?.stop();
        cpuLoad = undefined;
      }
  } finally {
    await cpuLoad?.stop();
    chrome.kill();
  }

  console.log(`Load average after: ${loadAverage()}`);
  for (const condition of CONDITIONS) {
    const seen = loadSeen[condition];
    if (seen.length)
      console.log(
        `  ${condition} runs: 1-minute load average ${Math.min(...seen).toFixed(2)}–${Math.max(...seen).toFixed(2)}`,
      );
  }
  console.log(
    `\nMedian of ${RUNS} runs (Lighthouse ${LIGHTHOUSE_VERSION} mobile, simulated throttling; loaded = ${LOAD_WORKERS} busy workers beside it):`,
  );
  const rows = CONDITIONS.flatMap((condition) =>
    PAGES.flatMap((page) =>
      builds.map((build) => {
        const pick = (key: keyof Figures) =>
          median(results[build.name][condition][page].map((figures) => figures[key]));
        return {
          page,
          ...(build.name ? { build: build.name } : {}),
          condition,
          perf: pick('performance'),
          'FCP s': (pick('fcp') / 1000).toFixed(2),
          'LCP s': (pick('lcp') / 1000).toFixed(2),
          'TBT ms': Math.round(pick('tbt')),
          'TBT cpu ms': Math.round(pick('cpuTbt')),
          CLS: pick('cls').toFixed(3),
          a11y: pick('accessibility'),
          'best pr.': pick('bestPractices'),
          SEO: pick('seo'),
        };
      }),
    ),
  );
  console.table(rows);
  const mine = rows.filter((row) => row.condition === 'loaded' && (!('build' in row) || row.build === 'this checkout'));
  const missing = mine.filter((row) => row['TBT ms'] > 100 || row.perf < 99);
  if (mine.length)
    console.log(
      missing.length
        ? `Goal (loaded: TBT ≤ 100 ms, performance ≥ 99) missed on ${missing.map((row) => row.page).join(', ')}`
        : 'Goal (loaded: TBT ≤ 100 ms, performance ≥ 99) met on every page measured',
    );
  if (values.json) writeFileSync(values.json, JSON.stringify({ baseUrl, results, medians: rows }, null, 2));
} finally {
  await cleanup();
}
process.exit(0);
