// `npm run bench:lighthouse`: Lighthouse's mobile profile (its default config: a mid-range phone,
// simulated slow 4G) on the public pages of a production build, 3 runs per page, printing the
// median of each figure.
//
// By default it starts a throw-away seeded platform, builds this checkout against it (client, SSR,
// prerender: `scripts/prerender/build.ts`) and serves the build as a static host does
// (`scripts/prerender/static-server.ts`). Options:
//   --dist DIR            serve this build instead of building (it talks to the API it was built
//                         for: start the platform on that port with --api-port, default 54321)
//   --api-port 54321      the seeded platform's port when --dist is given
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
let builtDir: string | undefined;
let baseUrl = values['base-url']?.replace(/\/$/, '');

const cleanup = async () => {
  await site?.close();
  await platform?.stop();
  if (builtDir) (await import('node:fs')).rmSync(builtDir, { recursive: true, force: true });
};

try {
  if (!baseUrl) {
    platform = await startPlatform({
      apiPort: values.dist ? Number(values['api-port']) : 0,
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
  }

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
  const results: Record<string, Figures[]> = {};
  try {
    for (const page of PAGES) {
      results[page] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, logLevel: 'error', output: 'json' });
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
        results[page].push(figures);
        const failing = Object.values(categories)
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 0.9)
          .map((ref) => ref.id);
        console.log(
          `  ${page} run ${run + 1}: perf ${figures.performance}, FCP ${(figures.fcp / 1000).toFixed(2)} s, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}${failing.length ? `; below 0.9: ${[...new Set(failing)].join(', ')}` : ''}`,
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
  const rows = PAGES.map((page) => {
    const pick = (key: keyof Figures) => median(results[page].map((figures) => figures[key]));
    return {
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
  });
  console.table(rows);
  if (values.json) writeFileSync(values.json, JSON.stringify({ baseUrl, results, medians: rows }, null, 2));
} finally {
  await cleanup();
}
process.exit(0);
