// The migrated database, cached: a cold start with an unchanged schema starts from a copy of it
// instead of replaying every migration (as the Supabase CLI ships pre-migrated images, or Rails
// loads schema.rb). PGlite starts from a tarball of its data folder (snapshot-store.ts); on
// PostgreSQL a throw-away database is created from a template database (db-template.ts). The key
// is a checksum of everything that decides what the migrations leave behind (db-cache-key.ts), so
// a changed migration, bootstrap or bucket builds a new copy.
// A second copy holds the seeded database too (seeded-snapshot.ts). Its dates follow current_date
// and now(), so it is valid only on the day it was made and for SEEDED_MAX_AGE_MS; then the seed
// runs again on the migrated copy, which replaces it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BucketConfig } from './config';
import { startPglite, type DatabaseHandle } from './database-server';
import { migratedStamp, pgliteKey } from './db-cache-key';
import { openPostgres } from './db-template';
import { migrate, syncBuckets, type MigrationResult } from './migrations';
import { openSeededPglite, saveSeededSnapshot } from './seeded-snapshot';
import { findSnapshot, saveSnapshot } from './snapshot-store';

export { migratedStamp, pgliteKey, seededKey } from './db-cache-key';
export { ensureTemplate } from './db-template';
export { SEEDED_MAX_AGE_MS, seededSnapshotSettings } from './seeded-snapshot';
export { findSnapshot, saveSnapshot } from './snapshot-store';

const LOCAL_DIR = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_CACHE_DIR = join(LOCAL_DIR, '..', '..', 'node_modules', '.cache', 'platform-db');

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

export interface OpenedDatabase {
  database: DatabaseHandle;
  migrations: MigrationResult & { fromCache: boolean };
}

/** Where a PGlite data folder keeps its stamp (migratedStamp); Postgres ignores a file it does not know there. */
const STAMP_FILE = 'platform-migrated.stamp';

/** Starts (PGlite) or connects to (PostgreSQL) the database, brought up to date and seeded as asked. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const stamped = await openStampedPglite(options);
  if (stamped) return stamped;
  const stampFile = !options.databaseUrl && options.dataDir ? join(options.dataDir, STAMP_FILE) : null;
  // an outdated stamp goes first: a migration that fails half-way leaves no stamp behind
  if (stampFile) rmSync(stampFile, { force: true });
  const opened = await openAndMigrate(options);
  if (stampFile) writeFileSync(stampFile, migratedStamp(options));
  return opened;
}

/**
 * A PGlite data folder whose stamp matches today's migrations and seed already ran them: it starts
 * without the ledger check (and without a seed, which only an empty database gets on 'auto').
 */
async function openStampedPglite(options: OpenDatabaseOptions): Promise<OpenedDatabase | null> {
  const { dataDir } = options;
  if (options.databaseUrl || !dataDir || options.seed === true) return null;
  const stampFile = join(dataDir, STAMP_FILE);
  if (!existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(stampFile)) return null;
  if (readFileSync(stampFile, 'utf8') !== migratedStamp(options)) return null;
  const database = await startPglite(options.pglitePort, dataDir, options.log);
  try {
    await syncBuckets(database.url, options.buckets);
  } catch (error) {
    await database.stop();
    throw error;
  }
  options.log('migrations and seed unchanged since this data folder ran them (its stamp matches): not checked again');
  return { database, migrations: { applied: [], seeded: false, fromCache: false } };
}

async function openAndMigrate(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
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
