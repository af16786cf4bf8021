// Benchmark (not a test) of what a hostile client tried against the local platform:
//   npm run bench:hardening                 (PGlite, throw-away data)
//   SUPABASE_DB_URL=postgres://… npm run bench:hardening   (a real PostgreSQL)
// 1. a catastrophic regex filter as anon (run last): how long until it is answered, and how long a
//    normal request sent at the same time waits, against the same request alone (baseline);
// 2. 200 concurrent REST requests, every third with `Connection: close`, the rest on keep-alive:
//    how many fail;
// 3. 40 parallel contact messages from one address (limit 5 per 10 minutes): how many are stored.
import http from 'node:http';
import pg from 'pg';
import { median, startBenchPlatform } from './bench-support';

const platform = await startBenchPlatform({ seed: true, schedule: false });
const { hostname, port } = new URL(platform.apiUrl);

interface Answer {
  status: number;
  ms: number;
}

function call(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent | false;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        localAddress: options.localAddress,
        headers: { apikey: platform.anonKey, ...options.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.setTimeout(120_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(options.body);
  });
}

/** "200 ×5, 429 ×35" */
function histogram(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status} ×${count}`).join(', ');
}
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);

try {
  console.log(`platform on ${process.env.SUPABASE_DB_URL ? 'PostgreSQL' : 'PGlite'}`);

  // 2. hop-by-hop headers
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0
        ? call('/rest/v1/rooms?select=id', { headers: { connection: 'close' } })
        : call('/rest/v1/rooms?select=id', { agent: keepAlive }),
    ),
  );
  keepAlive.destroy();
  const failed = answers.filter((answer) => answer.status !== 200);
  line(
    '2. 200 concurrent requests, 67 with Connection: close',
    `${failed.length} failed (${[...new Set(failed.map((a) => a.status))].join(', ') || 'none'}), ${(performance.now() - started).toFixed(0)} ms in all`,
  );

  // 3. contact rate limit race
  const address = '127.0.0.77';
  const message = JSON.stringify({ name: 'Bench', email: 'bench@example.com', phone: null, message: 'Hello' });
  // the function's first call compiles it; warm it with a refused message from another address
  await call('/functions/v1/send-contact-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const raceStarted = performance.now();
  const sent = await Promise.all(
    Array.from({ length: 40 }, () =>
      call('/functions/v1/send-contact-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: message,
        localAddress: address,
      }),
    ),
  );
  const db = new pg.Client({ connectionString: platform.dbUrl });
  await db.connect();
  const { rows } = await db.query('select count(*)::int as n from public.contact_messages where client_ip = $1', [
    address,
  ]);
  await db.end();
  line(
    '3. 40 parallel contact messages from one address (limit 5)',
    `${rows[0].n} stored; answers ${histogram(sent)}; ${(performance.now() - raceStarted).toFixed(0)} ms`,
  );

  // last: before the fix, the attack held PGlite for minutes
  // 1. catastrophic regex
  const normalPath = '/rest/v1/rooms?select=id&limit=1';
  await call(normalPath);
  const alone: number[] = [];
  for (let i = 0; i < 5; i += 1) alone.push((await call(normalPath)).ms);
  const attackPath = `/rest/v1/rooms?select=id&description=match.${encodeURIComponent('^(.*)(.*)(.*)(.*)\\1\\2\\3\\4$')}`;
  const attack = call(attackPath);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const during = await call(normalPath);
  const attacked = await attack;
  line('1. normal request alone (median of 5)', `${median(alone).toFixed(1)} ms`);
  line('   regex attack as anon answered', `${attacked.status} after ${attacked.ms.toFixed(0)} ms`);
  line(
    '   normal request sent during the attack',
    `${during.status} after ${during.ms.toFixed(1)} ms (${(during.ms / median(alone)).toFixed(1)}× alone)`,
  );
} finally {
  await platform.stop();
}
