// The platform's Postgres server: PGlite served over the wire protocol by its own process
// (pglite-server.mjs) on a free port, or a database on the PostgreSQL server in SUPABASE_DB_URL
// (a throw-away one for tests). What runs SQL in a transaction is shared/transaction.ts.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProcess, waitUntilReady, type ManagedProcess } from './process';

const execFileAsync = promisify(execFile);

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  /** superuser connection, for the platform's own services, migrations, psql and the Supabase CLI */
  url: string;
  /** the login PostgREST uses; it switches to anon / authenticated / service_role per request */
  authenticatorUrl: string;
  /** present for PGlite: the process serving it */
  process?: ManagedProcess;
  /** PGlite: writes its data folder to `path` as a tarball (see db-cache.ts) */
  snapshot?(path: string): Promise<void>;
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

/**
 * Holds `port` (a listening socket no one answers on) until `release`; null when the port is 0 or
 * taken. A platform keeps the port it chose this way while its database starts.
 */
export function reservePort(port: number): Promise<{ port: number; release(): Promise<void> } | null> {
  if (!port) return Promise.resolve(null);
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      let released: Promise<void> | undefined;
      resolve({
        port,
        release: () => (released ??= new Promise<void>((done) => server.close(() => done()))),
      });
    });
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

/**
 * Starts PGlite on `port`; `dataDir` undefined keeps the database in memory. `load`, a tarball from
 * `snapshot`, is the data folder an empty database starts from (extracted by `tar` into a data
 * folder on disk, loaded by PGlite into memory).
 */
export async function startPglite(
  port: number,
  dataDir: string | undefined,
  echo?: (line: string) => void,
  load?: string,
): Promise<DatabaseHandle> {
  if (!(await isPortFree(port))) {
    throw new Error(
      `database (PGlite): port ${port} is already in use (is another platform running? set SUPABASE_DB_PORT)`,
    );
  }
  if (load && dataDir) {
    // a data folder on disk is filled by tar itself, much faster than PGlite's loader
    mkdirSync(dataDir, { recursive: true });
    await execFileAsync('tar', ['-xf', load, '-C', dataDir]);
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${load} holds no data folder`);
  }
  const script = fileURLToPath(new URL('./pglite-server.mjs', import.meta.url));
  const inMemoryLoad = load && !dataDir ? [`--load=${load}`] : [];
  const proc = startProcess(
    'database (PGlite)',
    process.execPath,
    [script, String(port), ...(dataDir ? [dataDir] : []), ...inMemoryLoad],
    { echo, ipc: true },
  );
  const base = `127.0.0.1:${port}/postgres?sslmode=disable`;
  const url = `postgres://postgres:postgres@${base}`;
  // initdb alone can take a minute on a busy shared machine; a PGlite that fails exits at once
  await waitUntilReady(proc, async () => proc.tail.text().includes(`ready ${port}`) && canConnect(url), 180_000);
  return {
    kind: 'pglite',
    url,
    authenticatorUrl: `postgres://authenticator:postgres@${base}`,
    process: proc,
    snapshot: (path) => requestSnapshot(proc, path),
    stop: () => proc.stop(),
  };
}

function requestSnapshot(proc: ManagedProcess, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; path?: string; error?: string }) => {
      if (message?.type !== 'snapshot' || message.path !== path) return;
      proc.child.off('message', onMessage);
      if (message.error) reject(new Error(`PGlite could not write its snapshot: ${message.error}`));
      else resolve();
    };
    proc.child.on('message', onMessage);
    void proc.exited.then(() => {
      proc.child.off('message', onMessage);
      reject(new Error('PGlite exited while writing its snapshot'));
    });
    proc.child.send({ type: 'snapshot', path });
  });
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
 * stop (tests), as a copy of `template` when one is named; otherwise the database named in
 * `serverUrl` is used as it is.
 */
export async function connectPostgres(
  serverUrl: string,
  throwaway: boolean,
  template?: string,
): Promise<DatabaseHandle> {
  if (!(await canConnect(serverUrl).catch(() => false))) {
    throw new Error(`database (PostgreSQL): cannot connect to ${redact(serverUrl)}`);
  }
  let url = serverUrl;
  let stop = async () => {};
  if (throwaway) {
    const name = `cgh_test_${randomBytes(5).toString('hex')}`;
    if (template) await copyDatabase(serverUrl, template, name);
    else await adminQuery(serverUrl, `create database ${name}`);
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

/**
 * CREATE DATABASE … TEMPLATE copies the tables but not the settings made with ALTER ROLE … IN
 * DATABASE or ALTER DATABASE … SET (they belong to the database's oid), so those are copied after.
 */
async function copyDatabase(serverUrl: string, template: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
    const { rows } = await client.query<{ role: string | null; settings: string[] }>(
      `select r.rolname as role, s.setconfig as settings from pg_db_role_setting s
         join pg_database d on d.oid = s.setdatabase left join pg_roles r on r.oid = s.setrole
        where d.datname = $1`,
      [template],
    );
    for (const { role, settings } of rows) {
      const target = role
        ? `role ${pg.escapeIdentifier(role)} in database ${pg.escapeIdentifier(name)}`
        : `database ${pg.escapeIdentifier(name)}`;
      for (const setting of settings) {
        const [key = '', ...value] = setting.split('=');
        const parameter = key
          .split('.')
          .map((part) => pg.escapeIdentifier(part))
          .join('.');
        await client.query(`alter ${target} set ${parameter} = ${pg.escapeLiteral(value.join('='))}`);
      }
    }
  } finally {
    await client.end();
  }
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
