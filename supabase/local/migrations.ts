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

/**
 * Brings a database up to date: the bootstrap (what hosted Supabase provides), then every
 * migration not yet recorded in supabase_migrations.schema_migrations, in name order, each in its
 * own transaction, then the buckets of config.toml, then the seed when asked.
 */
export async function migrate(
  url: string,
  supabaseDir: string,
  options: { seed: boolean; buckets: BucketConfig[]; log?: (line: string) => void },
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const log = options.log ?? (() => {});
  try {
    await client.query(readFileSync(BOOTSTRAP, 'utf8'));
    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
    const dir = join(supabaseDir, 'migrations');
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.sql'))
          .sort()
      : [];
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = basename(file, '.sql').split('_');
      if (done.has(version)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      await runInTransaction(client, file, async () => {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, rest.join('_'), [sql]],
        );
      });
      applied.push(file);
      log(`applied migration ${file}`);
    }
    for (const bucket of options.buckets) {
      await client.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
      );
    }
    const seedFile = join(supabaseDir, 'seed.sql');
    const seeded = options.seed && existsSync(seedFile);
    if (seeded) {
      await runInTransaction(client, 'seed.sql', () => client.query(readFileSync(seedFile, 'utf8')));
      log('applied seed.sql');
    }
    return { applied, seeded };
  } finally {
    await client.end();
  }
}

async function runInTransaction(client: pg.Client, label: string, work: () => Promise<unknown>) {
  await client.query('begin');
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
