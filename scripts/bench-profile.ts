// `npm run bench:profile`: where a prerendered page's main thread goes before a guest can tap: a
// V8 CPU profile (Chrome DevTools protocol, through playwright-core) of each page load, with the
// CPU slowed 4× as Lighthouse's mobile profile does, and the long tasks after the first paint
// (their time over 50 ms summed: the page's blocking time at that speed). Prints per page and build
// the median blocking time and script time, the time by chunk and the functions with the most time
// of their own, so a change to the first load can be told by what it moved.
//
// It starts a seeded platform on --api-port (default 54399) and serves each --dist NAME=DIR; with
// --build NAME=DIR (this checkout) or --build-baseline NAME=DIR (BENCH_BASELINE_REF, default
// main, built in a temp worktree) it first builds into DIR against that port, so a build made once
// is measured again without rebuilding. Options: --page (repeatable), --runs 3, --cpu 4, --top 12,
// --loaded (the fixed CPU load of ./bench-load.ts beside it).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startPlatform } from '../supabase/local/platform';
import { checkoutBaseline } from './bench-baseline';
import { loadAverage, startCpuLoad, type CpuLoad } from './bench-load';
import { buildSite } from './prerender/build';
import { serveStatic, type StaticServer } from './prerender/static-server';
import { CHROMIUM_ARGS, ensureChromium } from './site/browser';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: [] },
    build: { type: 'string', multiple: true, default: [] },
    'build-baseline': { type: 'string', multiple: true, default: [] },
    'api-port': { type: 'string', default: '54399' },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '12' },
    loaded: { type: 'boolean', default: false },
  },
});
const ROOM_ID = '10000000-0000-4000-8000-000000000001';
const PAGES = values.page?.length ? values.page : ['/', '/fr/', `/room/${ROOM_ID}`, `/fr/room/${ROOM_ID}`];
const RUNS = Number(values.runs);
const TOP = Number(values.top);

const pair = (spec: string) => {
  const at = spec.indexOf('=');
  if (at < 1) throw new Error(`expected NAME=DIR, got ${spec}`);
  return { name: spec.slice(0, at), dir: resolve(spec.slice(at + 1)) };
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per function and per script, idle and the profiler's own nodes left out. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const scripts = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const ms = (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index]) / 1000;
    total += ms;
    const file = url ? url.replace(/^https?:\/\/[^/]+/, '') : functionName;
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
    scripts.set(file, (scripts.get(file) ?? 0) + ms);
  });
  return { total, functions, scripts };
}

const LONG_TASKS = `(() => {
  const state = { fcp: undefined, tasks: [] };
  window.__profile = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})()`;

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1] ?? NaN;

const platform = await startPlatform({
  apiPort: Number(values['api-port']),
  dataDir: null,
  seed: true,
  databaseUrl: process.env.SUPABASE_DB_URL || undefined,
});
const servers: StaticServer[] = [];
let cpuLoad: CpuLoad | undefined;
const browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS });
try {
  const builds: { name: string; url: string }[] = [];
  const specs = [
    ...values.build.map((spec) => ({ ...pair(spec), kind: 'build' })),
    ...values['build-baseline'].map((spec) => ({ ...pair(spec), kind: 'baseline' })),
    ...values.dist.map((spec) => ({ ...pair(spec), kind: 'dist' })),
  ];
  for (const spec of specs) {
    const site = await serveStatic(spec.dir);
    servers.push(site);
    const env = {
      VITE_SUPABASE_URL: platform.apiUrl,
      VITE_SUPABASE_ANON_KEY: platform.anonKey,
      VITE_SITE_URL: site.url,
    };
    if (spec.kind === 'build') {
      console.log(`Building this checkout into ${spec.dir}…`);
      Object.assign(process.env, env);
      await buildSite({ outDir: spec.dir, logLevel: 'warn' });
    } else if (spec.kind === 'baseline') {
      const baseline = checkoutBaseline();
      try {
        console.log(`Building ${baseline.ref} into ${spec.dir}…`);
        await baseline.build(spec.dir, env);
      } finally {
        baseline.remove();
      }
    } else if (!existsSync(spec.dir)) throw new Error(`no build at ${spec.dir}`);
    builds.push({ name: spec.name, url: site.url });
  }
  if (values.loaded) cpuLoad = await startCpuLoad();
  console.log(`Load average: ${loadAverage()}${values.loaded ? ' (with the fixed load)' : ''}; CPU ×${values.cpu}`);
  for (const page of PAGES) {
    const perBuild = new Map<string, { blocking: number[]; script: number[]; last?: ReturnType<typeof selfTimes> }>();
    builds.forEach((build) => perBuild.set(build.name, { blocking: [], script: [] }));
    for (let run = 0; run < RUNS * builds.length; run += 1) {
      const build = builds[run % builds.length];
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      await context.addInitScript(LONG_TASKS);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await tab.goto(`${build.url}${page}`, { waitUntil: 'load' });
      // the inline loader waits for the first paint, then the entry hydrates island by island
      await tab.waitForTimeout(4000);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const state = (await tab.evaluate('window.__profile')) as { fcp?: number; tasks: [number, number][] };
      await context.close();
      const blocking = state.tasks
        .filter(([start]) => state.fcp === undefined || start >= state.fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      const times = selfTimes(profile);
      const entry = perBuild.get(build.name)!;
      entry.blocking.push(blocking);
      entry.script.push(times.total);
      entry.last = times;
    }
    console.log(`\n${page}`);
    for (const build of builds) {
      const entry = perBuild.get(build.name)!;
      console.log(
        `  ${build.name}: blocking after FCP ${Math.round(median(entry.blocking))} ms (${entry.blocking.map(Math.round).join(', ')}), ` +
          `script ${Math.round(median(entry.script))} ms (${entry.script.map(Math.round).join(', ')})`,
      );
      const top = (map: Map<string, number>) =>
        [...map.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, TOP)
          .map(([key, ms]) => `      ${ms.toFixed(1).padStart(7)} ms  ${key}`)
          .join('\n');
      console.log(`    by script (last run):\n${top(entry.last!.scripts)}`);
      console.log(`    by function (last run):\n${top(entry.last!.functions)}`);
    }
  }
} finally {
  await cpuLoad?.stop();
  await browser.close();
  for (const server of servers) await server.close();
  await platform.stop();
}
process.exit(0);
