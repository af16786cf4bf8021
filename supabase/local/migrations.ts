import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BucketConfig } from './config';

const BOOTSTRAP = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

export interface MigrationResult {
  applied: string[];
  seeded: boolean;
}

/** SHA-256 of a migration's text, line endings normalised (a CRLF checkout is the same file). */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** A migration file whose text differs from what this database applied. */
export class ChangedMigrationError extends Error {
  constructor(readonly files: string[]) {
    super(
      `These migrations changed after this database applied them:\n${files.map((file) => `  - ${file}`).join('\n')}\n` +
        'A migration that has landed never changes: restore its text and put the change in a new migration ' +
        '(npm run db:reset rebuilds a local database from scratch).',
    );
    this.name = 'ChangedMigrationError';
  }
}

/**
 * Brings a database up to date: the bootstrap (what hosted Supabase provides) when it changed, then every
 * migration not yet recorded in supabase_migrations.schema_migrations, in name order, each in its
 * own transaction, then the buckets of config.toml, then the seed when asked. The ledger keeps a
 * checksum of each applied file; when an applied file has changed, nothing runs and a
 * ChangedMigrationError names the files (as Flyway's validation does). `seedSettings` are set
 * (transaction-local) while the seed runs, e.g. app.api_url, the instance's own API address.
 */
export async function migrate(
  url: string,
  supabaseDir: string,
  options: {
    seed: boolean;
    seedSettings?: Record<string, string>;
    buckets: BucketConfig[];
    log?: (line: string) => void;
  },
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const log = options.log ?? (() => {});
  try {
    await bootstrap(client);
    const done = await appliedChecksums(client);
    const dir = join(supabaseDir, 'migrations');
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.sql'))
          .sort()
      : [];
    const changed = files.filter((file) => {
      const recorded = done.get(versionOf(file));
      return typeof recorded === 'string' && recorded !== migrationChecksum(readFileSync(join(dir, file), 'utf8'));
    });
    if (changed.length > 0) throw new ChangedMigrationError(changed);
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = basename(file, '.sql').split('_');
      if (done.has(version)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      await runInTransaction(client, file, async () => {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements, checksum) values ($1, $2, $3, $4)',
          [version, rest.join('_'), [sql], migrationChecksum(sql)],
        );
      });
      applied.push(file);
      log(`applied migration ${file}`);
    }
    await upsertBuckets(client, options.buckets);
    const seeded = options.seed && (await applySeed(client, supabaseDir, options.seedSettings ?? {}, log));
    return { applied, seeded };
  } finally {
    await client.end();
  }
}

/** Sets config.toml's buckets as they are declared, whatever was changed on them since. */
export async function syncBuckets(url: string, buckets: BucketConfig[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await upsertBuckets(client, buckets);
  } finally {
    await client.end();
  }
}

async function upsertBuckets(client: pg.Client, buckets: BucketConfig[]) {
  for (const bucket of buckets) {
    await client.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
    );
  }
}

/** Runs supabase/seed.sql when there is one; false when there is none. */
async function applySeed(
  client: pg.Client,
  supabaseDir: string,
  settings: Record<string, string>,
  log: (line: string) => void,
): Promise<boolean> {
  const seedFile = join(supabaseDir, 'seed.sql');
  if (!existsSync(seedFile)) return false;
  await runInTransaction(client, 'seed.sql', async () => {
    for (const [name, value] of Object.entries(settings)) {
      await client.query('select set_config($1, $2, true)', [name, value]);
    }
    await client.query(readFileSync(seedFile, 'utf8'));
  });
  log('applied seed.sql');
  return true;
}

/**
 * Runs bootstrap.sql unless this database already ran this very text: its checksum is kept as the
 * comment of the ledger's schema (a start saves re-creating its functions and grants).
 */
async function bootstrap(client: pg.Client) {
  const sql = readFileSync(BOOTSTRAP, 'utf8');
  const marker = `platform bootstrap ${migrationChecksum(sql)}`;
  const { rows } = await client.query<{ marker: string | null }>(
    `select obj_description(to_regnamespace('supabase_migrations'), 'pg_namespace') as marker`,
  );
  if (rows[0]?.marker === marker) return;
  await client.query(sql);
  await client.query(`comment on schema supabase_migrations is ${client.escapeLiteral(marker)}`);
}

function versionOf(file: string): string {
  return basename(file, '.sql').split('_')[0] as string;
}

/**
 * version → checksum of every applied migration. Rows this platform recorded before checksums
 * existed get one from the text they applied, which the ledger keeps as the one element of
 * `statements`; rows the Supabase CLI wrote (the file split into statements) stay unchecked (null).
 */
async function appliedChecksums(client: pg.Client): Promise<Map<string, string | null>> {
  const { rows } = await client.query<{ version: string; statements: string[] | null; checksum: string | null }>(
    // the texts (hundreds of KB) only for the rows that still need a checksum
    `select version, checksum, case when checksum is null then statements end as statements
       from supabase_migrations.schema_migrations`,
  );
  const checksums = new Map<string, string | null>();
  for (const row of rows) {
    let checksum = row.checksum;
    if (checksum === null && row.statements?.length === 1) {
      checksum = migrationChecksum(row.statements[0] as string);
      await client.query('update supabase_migrations.schema_migrations set checksum = $2 where version = $1', [
        row.version,
        checksum,
      ]);
    }
    checksums.set(row.version, checksum);
  }
  return checksums;
}

/**
 * Each file runs in its own transaction with hosted's search_path for `postgres`, so a migration
 * or seed written for a hosted project finds the extensions' functions (`crypt`, `gen_salt`,
 * `uuid_generate_v4`, …) without the `extensions.` prefix.
 */
async function runInTransaction(client: pg.Client, label: string, work: () => Promise<unknown>) {
  await client.query('begin');
  await client.query('set local search_path to "$user", public, extensions');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw new Error(`${label} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Drops everything the bootstrap and the migrations created, for a reset on a real server. */
export async function dropProjectSchemas(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      drop schema if exists public cascade;
      drop schema if exists storage cascade;
      drop schema if exists auth cascade;
      drop schema if exists supabase_migrations cascade;
      drop schema if exists private cascade;
      create schema public;
      grant all on schema public to postgres;
    `);
  } finally {
    await client.end();
  }
}
