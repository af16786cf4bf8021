// The keys of the cached databases (db-cache.ts): a checksum of everything that decides what the
// migrations leave behind, so a changed migration, bootstrap or bucket builds a new copy; the
// seeded copy's key adds the seed and the UTC day; a data folder's stamp adds the seed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BucketConfig } from './config';

/** Bumped when the way a copy is made changes, so older copies stop matching. */
const FORMAT = 'cgh-db-cache 1';
const LOCAL_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * SHA-256 of what decides the migrated database: the bootstrap and any other SQL of the platform,
 * the code that applies it, every migration (name and text), config.toml's buckets, and the backend.
 */
export function schemaKey(options: { supabaseDir: string; buckets: BucketConfig[] }, backend: string): string {
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

/**
 * The key of the seeded PGlite copy: the migrated schema's key, the seed's text and the UTC day
 * (the seed's dates follow current_date). The settings the seed ran with are in its manifest.
 */
export function seededKey(options: { supabaseDir: string; buckets: BucketConfig[] }, now = new Date()): string {
  return createHash('sha256')
    .update(`seeded\n${pgliteKey(options)}\n${utcDay(now)}\n${seedText(options.supabaseDir)}`)
    .digest('hex');
}

/**
 * The stamp a PGlite data folder keeps once the migrations and the seed ran on it: the migrated
 * schema's key and the seed's text. A warm start whose stamp still matches skips the check.
 */
export function migratedStamp(options: { supabaseDir: string; buckets: BucketConfig[] }): string {
  return createHash('sha256')
    .update(`migrated\n${pgliteKey(options)}\n${seedText(options.supabaseDir)}`)
    .digest('hex');
}

function seedText(supabaseDir: string): string {
  const seedFile = join(supabaseDir, 'seed.sql');
  return existsSync(seedFile) ? readFileSync(seedFile, 'utf8').replace(/\r\n/g, '\n') : '';
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
