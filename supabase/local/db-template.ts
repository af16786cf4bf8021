// The migrated database on PostgreSQL (db-cache.ts): a template database per schema, built once
// and copied into each throw-away database (CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BucketConfig } from './config';
import { connectPostgres, type DatabaseHandle } from './database-server';
import { schemaKey } from './db-cache-key';
import type { OpenDatabaseOptions } from './db-cache';
import { dropProjectSchemas, migrate } from './migrations';

/** Connects to the server: a throw-away database copied from the template when caching, else as asked. */
export async function openPostgres(
  options: OpenDatabaseOptions,
): Promise<{ database: DatabaseHandle; restored: boolean }> {
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
