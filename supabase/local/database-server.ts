// The platform's Postgres server: PGlite served over the wire protocol by its own process
// (pglite-server.mjs) on a free port, or a database on the PostgreSQL server in SUPABASE_DB_URL
// (a throw-away one for tests). What runs SQL in a transaction is shared/transaction.ts.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProcess, waitUntilReady, type ManagedProcess } from './process';

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  /** superuser connection, for the platform's own services, migrations, psql and the Supabase CLI */
  url: string;
  /** the login PostgREST uses; it switches to anon / authenticated / service_role per request */
  authenticatorUrl: string;
  /** present for PGlite: the process serving it */
  process?: ManagedProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts PGlite on `port`; `dataDir` undefined keeps the database in memory. */
export async function startPglite(
  port: number,
  dataDir: string | undefined,
  echo?: (line: string) => void,
): Promise<DatabaseHandle> {
  if (!(await isPortFree(port))) {
    throw new Error(
      `database (PGlite): port ${port} is already in use (is another platform running? set SUPABASE_DB_PORT)`,
    );
  }
  const script = fileURLToPath(new URL('./pglite-server.mjs', import.meta.url));
  const proc = startProcess(
    'database (PGlite)',
    process.execPath,
    [script, String(port), ...(dataDir ? [dataDir] : [])],
    { echo },
  );
  const base = `127.0.0.1:${port}/postgres?sslmode=disable`;
  const url = `postgres://postgres:postgres@${base}`;
  await waitUntilReady(proc, async () => proc.tail.text().includes(`ready ${port}`) && canConnect(url), 60_000);
  return {
    kind: 'pglite',
    url,
    authenticatorUrl: `postgres://authenticator:postgres@${base}`,
    process: proc,
    stop: () => proc.stop(),
  };
}

function withDatabase(url: string, database: string, user?: { name: string; password: string }): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) {
    parsed.username = user.name;
    parsed.password = user.password;
  }
  return parsed.toString();
}

/**
 * Uses a real PostgreSQL server. With `throwaway`, a new database is created on it and dropped on
 * stop (tests); otherwise the database named in `serverUrl` is used as it is.
 */
export async function connectPostgres(serverUrl: string, throwaway: boolean): Promise<DatabaseHandle> {
  if (!(await canConnect(serverUrl).catch(() => false))) {
    throw new Error(`database (PostgreSQL): cannot connect to ${redact(serverUrl)}`);
  }
  let url = serverUrl;
  let stop = async () => {};
  if (throwaway) {
    const name = `cgh_test_${randomBytes(5).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    url = withDatabase(serverUrl, name);
    stop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const database = new URL(url).pathname.slice(1) || 'postgres';
  return {
    kind: 'postgres',
    url,
    authenticatorUrl: withDatabase(url, database, { name: 'authenticator', password: 'postgres' }),
    stop,
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '****';
  return parsed.toString();
}
