// `npm run bench:platform`: the start of `npm run platform` three ways in one run (first-ever: empty
// data folder and empty cache; cold: empty data folder, the cache the first start filled, with
// today's seeded copy; warm: the data folder of the cold start), the gateway's overhead over PostgREST
// (2,000 GETs, 20 at a time, both ways in the same run, and the CPU the gateway's process spent on
// them) and the platform's memory at rest, with the fixed CPU load of the other benches beside it
// (`./bench-load.ts`: one busy process per spare core; `--quiet` for none), as on a laptop running a
// browser and an editor.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../supabase/local/database-server';
import { ANON_KEY } from '../supabase/local/keys';
import { LOAD_WORKERS, startCpuLoad, type CpuLoad } from './bench-load';

const QUIET = process.argv.includes('--quiet');

// free ports: another platform (or another bench) may be running on this machine
const API_PORT = await freePort();
const DB_PORT = await freePort();
const root = mkdtempSync(join(tmpdir(), 'bench-platform-'));
const cacheDir = join(root, 'cache');

interface Running {
  child: ChildProcess;
  seconds: number;
  restUrl: string;
  /** the platform's log lines until ready, each with its time since the spawn (ms) */
  timeline: [number, string][];
}

function startCli(dataDir: string): Promise<Running> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
    env: {
      ...process.env,
      SUPABASE_DATA_DIR: dataDir,
      SUPABASE_DB_CACHE_DIR: cacheDir,
      SUPABASE_API_PORT: String(API_PORT),
      SUPABASE_DB_PORT: String(DB_PORT),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let restUrl = '';
  const timeline: [number, string][] = [];
  let ready = false;
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      const at = Number(process.hrtime.bigint() - started) / 1e6;
      if (!ready) for (const line of text.split('\n').filter(Boolean)) timeline.push([at, line.slice(0, 110)]);
      restUrl ||= /PostgREST listens on (\S+)/.exec(text)?.[1] ?? '';
      if (text.includes('API ready at')) {
        ready = true;
        resolve({ child, restUrl, timeline, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
      }
    });
    child.once('exit', (code) => reject(new Error(`platform exited with ${code} before it was ready`)));
  });
}

async function stopCli(running: Running) {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGINT');
  await exited;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString());

/** CPU time (user and system) a process has used so far, in ms. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function treeRssMiB(rootPid: number): number {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i += 1) {
    try {
      pids.push(
        ...execFileSync('pgrep', ['-P', String(pids[i])])
          .toString()
          .trim()
          .split('\n')
          .filter(Boolean)
          .map(Number),
      );
    } catch {
      // no children
    }
  }
  const kib = pids.reduce((sum, pid) => {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return sum + (match ? Number(match[1]) : 0);
  }, 0);
  return kib / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });

function get(url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve()
          : reject(new Error(`${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`)),
      );
    });
    req.on('error', reject);
  });
}

async function load(base: string, total = 2000, concurrency = 20): Promise<number> {
  const url = new URL(`${base}/rooms?select=*`);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        await get(url);
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Rounds each way, alternating: the ratio moves by a few percent from round to round on a shared machine. */
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let cpuLoad: CpuLoad | undefined;
try {
  const loadAtStart = loadavg()[0] as number;
  if (!QUIET) cpuLoad = await startCpuLoad();
  // each figure as soon as it is measured: a run that fails later still tells it
  const firstEver = await startCli(join(root, 'first'));
  console.log(`first-ever start: ${firstEver.seconds.toFixed(2)} s (load average ${loadavg()[0].toFixed(2)})`);
  await stopCli(firstEver);
  const cold = await startCli(join(root, 'data'));
  console.log(`cold start: ${cold.seconds.toFixed(2)} s (load average ${loadavg()[0].toFixed(2)})`);
  await stopCli(cold);
  const warm = await startCli(join(root, 'data'));
  console.log(`warm start: ${warm.seconds.toFixed(2)} s (load average ${loadavg()[0].toFixed(2)})`);
  // where the warm start's time goes: its log, line by line, with the time each came
  for (const [name, run] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    console.log(`  the ${name} start's log:`);
    for (const [at, line] of run.timeline) console.log(`    ${String(Math.round(at)).padStart(6)} ms  ${line}`);
  }

  const gatewayBase = `http://127.0.0.1:${API_PORT}/rest/v1`;
  const gatewayRuns: number[] = [];
  const directRuns: number[] = [];
  // the gateway runs in the platform's own process (auth, storage and the scheduler idle beside it):
  // its CPU during a round through the gateway, less that of a round straight to PostgREST
  const gatewayCpuMs: number[] = [];
  const idleCpuMs: number[] = [];
  let rss: number;
  // the warm platform is stopped whatever happens (a 504 under a heavy load), so it never outlives the bench
  try {
    await load(gatewayBase, 200);
    await load(warm.restUrl, 200);
    const platformPid = warm.child.pid!;
    for (let round = 0; round < ROUNDS; round += 1) {
      let cpuBefore = processCpuMs(platformPid);
      directRuns.push(await load(warm.restUrl));
      idleCpuMs.push(processCpuMs(platformPid) - cpuBefore);
      cpuBefore = processCpuMs(platformPid);
      gatewayRuns.push(await load(gatewayBase));
      gatewayCpuMs.push(processCpuMs(platformPid) - cpuBefore);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rss = treeRssMiB(warm.child.pid!);
  } finally {
    await stopCli(warm);
  }
  await cpuLoad?.stop();

  const gatewayMs = median(gatewayRuns);
  const directMs = median(directRuns);
  console.log(
    `\nPlatform benchmark (PGlite, this machine; load average ${loadAtStart.toFixed(2)} at the start; ` +
      `${QUIET ? 'no added load' : `loaded: ${LOAD_WORKERS} busy workers beside it`})`,
  );
  console.log(`  first-ever start (no cache: initdb, migrations, seed, snapshots): ${firstEver.seconds.toFixed(2)} s`);
  console.log(
    `  cold start (empty data folder, today's cached seeded snapshot):  ${cold.seconds.toFixed(2)} s   goal ≤ 5 s`,
  );
  console.log(
    `  warm start (the cold start's data folder):                       ${warm.seconds.toFixed(2)} s   goal ≤ 2.5 s`,
  );
  console.log(`  2,000 GET /rest/v1/rooms?select=*, 20 at a time, median of ${ROUNDS} rounds:`);
  console.log(`    straight to PostgREST: ${directMs.toFixed(0)} ms (${((2000 / directMs) * 1000).toFixed(0)} req/s)`);
  console.log(
    `    through the gateway:   ${gatewayMs.toFixed(0)} ms (${((2000 / gatewayMs) * 1000).toFixed(0)} req/s)`,
  );
  console.log(`    gateway / direct:      ${(gatewayMs / directMs).toFixed(3)}   goal ≤ 1.10`);
  const roundRatios = gatewayRuns.map((ms, round) => (ms / directRuns[round]!).toFixed(3));
  console.log(`    round by round:        ${roundRatios.join(', ')}`);
  const cpuPerRequestUs = gatewayCpuMs.map((ms, round) => ((ms - idleCpuMs[round]!) / 2000) * 1000);
  console.log(
    `    the gateway's CPU per request (its process, less a direct round's): ${median(cpuPerRequestUs).toFixed(0)} µs ` +
      `(rounds: ${cpuPerRequestUs.map((us) => us.toFixed(0)).join(', ')})`,
  );
  console.log(`  resident memory at rest (whole process tree):      ${rss.toFixed(0)} MiB   goal ≤ 671 MiB`);
  console.log(`  load average at the end: ${(loadavg()[0] as number).toFixed(2)}`);
} finally {
  await cpuLoad?.stop();
  rmSync(root, { recursive: true, force: true });
}
