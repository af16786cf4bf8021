// The seeded PGlite copy (db-cache.ts): the database just seeded, saved beside the migrated copy.
// Its dates follow current_date and now(), so it is valid only on the day it was made and for
// SEEDED_MAX_AGE_MS, and only for a seed run with the same settings; then the seed runs again on
// the migrated copy, which replaces it.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BucketConfig } from './config';
import { startPglite, type DatabaseHandle } from './database-server';
import { seededKey, utcDay } from './db-cache-key';
import type { OpenDatabaseOptions, OpenedDatabase } from './db-cache';
import { migrate } from './migrations';
import { findSnapshot, readManifest, saveSnapshot, type SeedRecord } from './snapshot-store';

/**
 * How long a seeded copy stands in for the seed (and only on the same UTC day). A copy restored A
 * minutes after it was seeded is a platform that has run for A minutes: the seed's request hold of
 * 20 minutes (CG-DEMO13) has A fewer left, and test suites that expect it held run for up to ~15
 * minutes. So a copy serves a restart within a few minutes (npm start stopped and started again, a
 * test run right after another); later the seed runs again on the migrated copy.
 */
export const SEEDED_MAX_AGE_MS = 3 * 60_000;

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
export async function openSeededPglite(options: OpenDatabaseOptions): Promise<OpenedDatabase | null> {
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
export async function saveSeededSnapshot(cacheDir: string, database: DatabaseHandle, options: OpenDatabaseOptions) {
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
