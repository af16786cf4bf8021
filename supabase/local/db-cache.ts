// The migrated database, cached: a cold start with an unchanged schema starts from a copy of it
// instead of replaying every migration (as the Supabase CLI ships pre-migrated images, or Rails
// loads schema.rb). PGlite starts from a tarball of its data folder; on PostgreSQL a throw-away
// database is created from a template database. The key is a checksum of everything that decides
// what the migrations leave behind, so a changed migration, bootstrap or bucket builds a new copy.
// A second copy holds the seeded database too. Its dates follow current_date and now(), so it is
// valid only on the day it was made and for SEEDED_MAX_AGE_MS; then the seed runs again on the
// migrated copy, which replaces it.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BucketConfig } from './config';
import { connectPostgres, startPglite, type DatabaseHandle } from './database-server';
import { dropProjectSchemas, migrate, type MigrationResult } from './migrations';

/** Bumped when the way a copy is made changes, so older copies stop matching. */
const FORMAT = 'cgh-db-cache 1';
const LOCAL_DIR = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_CACHE_DIR = join(LOCAL_DIR, '..', '..', 'node_modules', '.cache', 'platform-db');
/** Snapshots kept, the most recently used first (the app's schema, the test fixtures', other branches'). */
const KEEP = 8;
/**
 * How long a seeded copy stands in for the seed (and only on the same UTC day). A copy restored A
 * minutes after it was seeded is a platform that has run for A minutes: the seed's request hold of
 * 20 minutes (CG-DEMO13) has A fewer left, and test suites that expect it held run for up to ~15
 * minutes. So a copy serves a restart within a few minutes (npm start stopped and started again, a
 * test run right after another); later the seed runs again on the migrated copy.
 */
export const SEEDED_MAX_AGE_MS = 3 * 60_000;

export interface OpenDatabaseOptions {
  supabaseDir: string;
  buckets: BucketConfig[];
  /** seed after migrating: always, never, or only when the database was empty ('auto') */
  seed: boolean | 'auto';
  /** set (transaction-local) while the seed runs, e.g. app.api_url */
  seedSettings?: Record<string, string>;
  /** where PGlite snapshots live; null: no cache (and no template on PostgreSQL) */
  cacheDir: string | null;
  /** a PostgreSQL server; otherwise PGlite on `pglitePort` */
  databaseUrl?: string;
  pglitePort: number;
  /** PGlite's data folder; undefined keeps the database in memory */
  dataDir?: string;
  /** on PostgreSQL: a new database, dropped on stop */
  throwaway: boolean;
  reset?: boolean;
  log: (line: string) => void;
}

/** Starts (PGlite) or connects to (PostgreSQL) the database, brought up to date and seeded as asked. */
export async function openDatabase(
  options: OpenDatabaseOptions,
): Promise<{ database: DatabaseHandle; migrations: MigrationResult & { fromCache: boolean } }> {
  const seeded = options.databaseUrl ? null : await openSeededPglite(options);
  if (seeded) return seeded;
  const { database, restored } = options.databaseUrl ? await openPostgres(options) : await openPglite(options);
  try {
    const wasEmpty = restored || (await isEmpty(database.url));
    const seed = options.seed === 'auto' ? wasEmpty : options.seed;
    const migrateWith = (withSeed: boolean) =>
      migrate(database.url, options.supabaseDir, {
        seed: withSeed,
        seedSettings: options.seedSettings,
        buckets: options.buckets,
        log: options.log,
      });
    const cacheDir = database.snapshot ? options.cacheDir : null;
    let result: MigrationResult & { fromCache: boolean };
    if (cacheDir !== null && !restored && wasEmpty) {
      const migrated = await migrateWith(false);
      await saveSnapshot(cacheDir, pgliteKey(options), database.snapshot!, options.log);
      const { seeded } = await migrateWith(seed);
      result = { applied: migrated.applied, seeded, fromCache: false };
    } else {
      // A copy's ledger is checked against the files like any other: a changed migration still stops here.
      result = { ...(await migrateWith(seed)), fromCache: restored };
    }
    if (cacheDir !== null && wasEmpty && result.seeded) await saveSeededSnapshot(cacheDir, database, options);
    return { database, migrations: result };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/**
 * SHA-256 of what decides the migrated database: the bootstrap and any other SQL of the platform,
 * the code that applies it, every migration (name and text), config.toml's buckets, and the backend.
 */
function schemaKey(options: { supabaseDir: string; buckets: BucketConfig[] }, backend: string): string {
  const hash = createHash('sha256').update(`${FORMAT}\n${backend}\n${JSON.stringify(options.buckets)}\n`);
  const add = (label: string, file: string) =>
    hash.update(`${label}\n${readFileSync(file, 'utf8').replace(/\r\n/g, '\n')}\n`);
  for (const file of sqlFiles(LOCAL_DIR)) add(`platform ${file.slice(LOCAL_DIR.length)}`, file);
  for (const file of ['migrations.ts', 'pglite-server.mjs']) add(`platform ${file}`, join(LOCAL_DIR, file));
  const migrations = join(options.supabaseDir, 'migrations');
  if (existsSync(migrations)) {
    for (const file of readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .sort()) {
      add(`migration ${file}`, join(migrations, file));
    }
  }
  return hash.digest('hex');
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The key of the PGlite snapshot for a project's schema. */
export function pgliteKey(options: { supabaseDir: string; buckets: BucketConfig[] }): string {
  return schemaKey(options, pgliteVersion());
}

function pgliteVersion(): string {
  // the package exports no package.json; its entry point lives in dist/
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return `pglite ${pkg.version}`;
}

// ------------------------------------------------------------------------------------------ PGlite

/**
 * The key of the seeded PGlite copy: the migrated schema's key, the seed's text and the UTC day
 * (the seed's dates follow current_date). The settings the seed ran with are in its manifest.
 */
export function seededKey(options: { supabaseDir: string; buckets: BucketConfig[] }, now = new Date()): string {
  const seedFile = join(options.supabaseDir, 'seed.sql');
  const seed = existsSync(seedFile) ? readFileSync(seedFile, 'utf8').replace(/\r\n/g, '\n') : '';
  return createHash('sha256')
    .update(`seeded\n${pgliteKey(options)}\n${utcDay(now)}\n${seed}`)
    .digest('hex');
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a seeded copy made at `at` still stands for the seed now: the same UTC day, and young enough. */
function seedStillValid(seed: SeedRecord, now = Date.now()): boolean {
  return (
    utcDay(new Date(seed.at)) === utcDay(new Date(now)) && now - seed.at >= 0 && now - seed.at <= SEEDED_MAX_AGE_MS
  );
}

/**
 * The settings today's seeded copy was made with (e.g. its app.api_url), when there is a valid one:
 * a platform free to choose its port takes that copy's port, so its seed's links stay true.
 */
export function seededSnapshotSettings(options: {
  supabaseDir: string;
  buckets: BucketConfig[];
  cacheDir: string | null;
}): Record<string, string> | null {
  if (options.cacheDir === null || !existsSync(join(options.supabaseDir, 'seed.sql'))) return null;
  try {
    const manifest = readManifest(join(options.cacheDir, seededKey(options)));
    return manifest.seed && seedStillValid(manifest.seed) ? manifest.seed.settings : null;
  } catch {
    return null;
  }
}

/**
 * An empty PGlite to be seeded starts as today's seeded copy when there is a valid one made with
 * the same settings: neither the migrations nor the seed run (the ledger is still checked).
 */
async function openSeededPglite(
  options: OpenDatabaseOptions,
): Promise<{ database: DatabaseHandle; migrations: MigrationResult & { fromCache: boolean } } | null> {
  const { cacheDir, dataDir, log } = options;
  if (cacheDir === null || options.seed === false || !existsSync(join(options.supabaseDir, 'seed.sql'))) return null;
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return null;
  const key = seededKey(options);
  const snapshot = findSnapshot(cacheDir, key, log);
  if (!snapshot) return null;
  if (!snapshot.manifest.seed || !seedStillValid(snapshot.manifest.seed)) {
    log(`the seeded snapshot ${key.slice(0, 12)} is out of date; seeding again`);
    rmSync(snapshot.dir, { recursive: true, force: true });
    return null;
  }
  if (!sameSettings(snapshot.manifest.seed.settings, options.seedSettings ?? {})) return null;
  let database: DatabaseHandle;
  try {
    database = await startPglite(options.pglitePort, dataDir, log, snapshot.file);
  } catch (error) {
    log(`the seeded snapshot ${key.slice(0, 12)} could not be loaded; seeding again (${(error as Error).message})`);
    rmSync(snapshot.dir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    return null;
  }
  log(`database restored from the seeded snapshot ${key.slice(0, 12)}`);
  try {
    const { applied } = await migrate(database.url, options.supabaseDir, {
      seed: false,
      buckets: options.buckets,
      log,
    });
    return { database, migrations: { applied, seeded: true, fromCache: true } };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/** Saves the database just seeded as today's seeded copy, unless a valid one is there already. */
async function saveSeededSnapshot(cacheDir: string, database: DatabaseHandle, options: OpenDatabaseOptions) {
  if (!database.snapshot) return;
  const key = seededKey(options);
  const existing = findSnapshot(cacheDir, key);
  if (existing?.manifest.seed && seedStillValid(existing.manifest.seed)) return;
  if (existing) rmSync(existing.dir, { recursive: true, force: true });
  const seed: SeedRecord = { at: Date.now(), settings: options.seedSettings ?? {} };
  await saveSnapshot(cacheDir, key, database.snapshot, options.log, seed);
}

function sameSettings(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((name) => a[name] === b[name]);
}

async function openPglite(options: OpenDatabaseOptions): Promise<{ database: DatabaseHandle; restored: boolean }> {
  const { pglitePort: port, dataDir, cacheDir, log } = options;
  const empty = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const snapshot = cacheDir !== null && empty ? findSnapshot(cacheDir, pgliteKey(options), log) : null;
  if (snapshot) {
    try {
      const database = await startPglite(port, dataDir, log, snapshot.file);
      log(`database restored from the migrated snapshot ${snapshot.key.slice(0, 12)}`);
      return { database, restored: true };
    } catch (error) {
      log(`the snapshot ${snapshot.key.slice(0, 12)} could not be loaded; rebuilding it (${(error as Error).message})`);
      rmSync(snapshot.dir, { recursive: true, force: true });
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { database: await startPglite(port, dataDir, log), restored: false };
}

/** When a seeded copy was made (ms since the epoch) and the settings its seed ran with. */
interface SeedRecord {
  at: number;
  settings: Record<string, string>;
}

interface Manifest {
  sha256: string;
  bytes: number;
  /** present on a seeded copy */
  seed?: SeedRecord;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

/** The snapshot for `key` when it is whole (its size and checksum match its manifest); a damaged one is removed. */
export function findSnapshot(
  cacheDir: string,
  key: string,
  log: (line: string) => void = () => {},
): { key: string; dir: string; file: string; manifest: Manifest } | null {
  const dir = join(cacheDir, key);
  const file = join(dir, 'data.tar');
  if (!existsSync(dir)) return null;
  try {
    const manifest = readManifest(dir);
    if (statSync(file).size !== manifest.bytes || hashFile(file) !== manifest.sha256) {
      throw new Error('its size or checksum does not match its manifest');
    }
    const now = new Date();
    utimesSync(dir, now, now);
    return { key, dir, file, manifest };
  } catch (error) {
    log(`ignored a damaged snapshot ${key.slice(0, 12)} (${(error as Error).message}); it will be rebuilt`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/**
 * Writes the snapshot into a folder of its own and renames that folder into place, so another
 * platform sees either no snapshot or a whole one. When two build the same key, the first rename
 * wins and the other's copy is dropped. A failure here costs the next start time, never this one.
 */
export async function saveSnapshot(
  cacheDir: string,
  key: string,
  write: (file: string) => Promise<void>,
  log: (line: string) => void = () => {},
  seed?: SeedRecord,
) {
  const temp = join(cacheDir, `.tmp-${key.slice(0, 12)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(temp, { recursive: true });
    await write(join(temp, 'data.tar'));
    const file = join(temp, 'data.tar');
    const manifest: Manifest = { sha256: hashFile(file), bytes: statSync(file).size, ...(seed ? { seed } : {}) };
    writeFileSync(join(temp, 'manifest.json'), JSON.stringify(manifest));
    try {
      renameSync(temp, join(cacheDir, key));
      log(
        `saved the ${seed ? 'seeded' : 'migrated'} snapshot ${key.slice(0, 12)} (${(manifest.bytes / 2 ** 20).toFixed(0)} MiB)`,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
    prune(cacheDir);
  } catch (error) {
    log(`could not save the ${seed ? 'seeded' : 'migrated'} snapshot: ${(error as Error).message}`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Keeps the KEEP most recently used snapshots, and drops unfinished ones older than an hour. */
function prune(cacheDir: string) {
  const entries = readdirSync(cacheDir).map((name) => ({ name, mtime: statSync(join(cacheDir, name)).mtimeMs }));
  const finished = entries.filter((entry) => !entry.name.startsWith('.tmp-')).sort((a, b) => b.mtime - a.mtime);
  const abandoned = entries.filter((entry) => entry.name.startsWith('.tmp-') && entry.mtime < Date.now() - 3_600_000);
  for (const entry of [...finished.slice(KEEP), ...abandoned]) {
    rmSync(join(cacheDir, entry.name), { recursive: true, force: true });
  }
}

/** SHA-256 of a file, read a MiB at a time (a snapshot is tens of MiB; the platform keeps its memory). */
function hashFile(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(2 ** 20);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

// -------------------------------------------------------------------------------------- PostgreSQL

async function openPostgres(options: OpenDatabaseOptions): Promise<{ database: DatabaseHandle; restored: boolean }> {
  const serverUrl = options.databaseUrl as string;
  if (options.throwaway && options.cacheDir !== null) {
    const template = await ensureTemplate(serverUrl, options);
    return { database: await connectPostgres(serverUrl, true, template), restored: true };
  }
  const database = await connectPostgres(serverUrl, options.throwaway);
  if (options.reset) await dropProjectSchemas(database.url);
  return { database, restored: false };
}

/**
 * The template database for this schema on the server in `serverUrl`, built when missing: under a
 * build name, renamed once migrated, so a half-built one is never copied. An advisory lock makes a
 * second platform wait for the first one's build instead of building it again.
 */
export async function ensureTemplate(
  serverUrl: string,
  options: { supabaseDir: string; buckets: BucketConfig[]; log?: (line: string) => void },
): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const version = (await admin.query<{ v: string }>('show server_version_num')).rows[0]?.v;
    const key = schemaKey(options, `postgres ${version}`).slice(0, 24);
    const name = `cgh_template_${key}`;
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [Number.parseInt(key.slice(0, 12), 16)]);
    try {
      if (await exists()) return name;
      // builds left by a platform that died mid-way (the lock says no one is building now)
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `cgh_build_${key}_%`,
      ]);
      for (const row of rows) await admin.query(`drop database ${pg.escapeIdentifier(row.datname)} with (force)`);
      const build = `cgh_build_${key}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${pg.escapeIdentifier(build)}`);
      const buildUrl = new URL(serverUrl);
      buildUrl.pathname = `/${build}`;
      try {
        await migrate(buildUrl.toString(), options.supabaseDir, { seed: false, buckets: options.buckets });
        await admin.query(`alter database ${pg.escapeIdentifier(build)} rename to ${pg.escapeIdentifier(name)}`);
      } catch (error) {
        await admin.query(`drop database if exists ${pg.escapeIdentifier(build)} with (force)`);
        throw error;
      }
      options.log?.(`built the template database ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [Number.parseInt(key.slice(0, 12), 16)]);
    }
  } finally {
    await admin.end();
  }
}

async function isEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('supabase_migrations.schema_migrations') is null as empty`);
    if (rows[0].empty) return true;
    const count = await client.query('select count(*)::int as n from supabase_migrations.schema_migrations');
    return count.rows[0].n === 0;
  } finally {
    await client.end();
  }
}
