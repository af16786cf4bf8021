// `npm run bench:lighthouse`: Lighthouse's mobile profile (its default config: a mid-range phone,
// simulated slow 4G) on the public pages of a production build, 3 runs per page, printing the
// median of each figure.
//
// By default it starts a throw-away seeded platform, builds this checkout against it (client, SSR,
// prerender: `scripts/prerender/build.ts`) and serves the build as a static host does
// (`scripts/prerender/static-server.ts`). Options:
//   --dist DIR            serve this build instead of building (it talks to the API it was built
//                         for: start the platform on that port with --api-port, default 54321)
//   --baseline DIR        also measure this build (e.g. main's, built against the API at --api-port),
//                         its runs interleaved with this checkout's, and print both: a comparison
//                         made in the same run, on the same seeded platform
//   --api-port 54321      the seeded platform's port when --dist or --baseline is given
//   --base-url URL        measure a running site instead (no platform, no build)
//   --runs 3              runs per page
//   --page /fr/           only these pages (repeatable)
//   --json FILE           also write every run's figures to FILE
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startPlatform, type Platform } from '../supabase/local/platform';
import { CHROMIUM_ARGS, ensureChromium } from './site/browser';
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
  },
});

/** The seed's first room (supabase/seed.sql). */
const ROOM_ID = '10000000-0000-4000-8000-000000000001';
const PAGES = values.page?.length ? values.page : ['/', '/it/', '/fr/', `/room/${ROOM_ID}`];
const RUNS = Number(values.runs);

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function chromiumPath(): Promise<string> {
  const { existsSync } = await import('node:fs');
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : ensureChromium();
}

let platform: Platform | undefined;
let site: StaticServer | undefined;
let baselineSite: StaticServer | undefined;
let builtDir: string | undefined;
let baseUrl = values['base-url']?.replace(/\/$/, '');

const cleanup = async () => {
  await site?.close();
  await baselineSite?.close();
  await platform?.stop();
  if (builtDir) (await import('node:fs')).rmSync(builtDir, { recursive: true, force: true });
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
    }
  }
  const builds = baselineSite
    ? [
        { name: 'baseline', url: baselineSite.url },
        { name: 'this checkout', url: baseUrl! },
      ]
    : [{ name: '', url: baseUrl! }];

  const { loadavg } = await import('node:os');
  console.log(
    `Load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  const chrome = await launch({
    chromePath: await chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const results: Record<string, Record<string, Figures[]>> = Object.fromEntries(
    builds.map((build) => [build.name, {}]),
  );
  try {
    for (const page of PAGES) {
      builds.forEach((build) => (results[build.name][page] = []));
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
          cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
          accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices'].score ?? 0) * 100),
          seo: Math.round((categories.seo.score ?? 0) * 100),
        };
        results[build.name][page].push(figures);
        const failing = Object.values(categories)
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 0.9)
          .map((ref) => ref.id);
        console.log(
          `  ${build.name ? `${build.name} ` : ''}${page} run ${Math.floor(run / builds.length) + 1}: perf ${figures.performance}, FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}${failing.length ? `; below 0.9: ${[...new Set(failing)].join(', ')}` : ''}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }

  console.log(
    `Load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(`\nMedian of ${RUNS} runs (Lighthouse ${'12'} mobile, simulated throttling):`);
  const rows = builds.flatMap((build) =>
    PAGES.map((page) => {
      const pick = (key: keyof Figures) => median(results[build.name][page].map((figures) => figures[key]));
      return {
        ...(build.name ? { build: build.name } : {}),
        page,
        perf: pick('performance'),
        'FCP s': (pick('fcp') / 1000).toFixed(2),
        'LCP s': (pick('lcp') / 1000).toFixed(2),
        'TBT ms': Math.round(pick('tbt')),
        CLS: pick('cls').toFixed(3),
        a11y: pick('accessibility'),
        'best pr.': pick('bestPractices'),
        SEO: pick('seo'),
      };
    }),
  );
  console.table(rows);
  if (values.json) writeFileSync(values.json, JSON.stringify({ baseUrl, results, medians: rows }, null, 2));
} finally {
  await cleanup();
}
process.exit(0);
