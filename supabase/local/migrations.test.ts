// The migrations ledger on a database of its own: a checksum per applied file, and a refusal to
// start when an applied file has changed since.
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, freePort, startPglite, type DatabaseHandle } from './database-server';
import { changedMigrations, migrationsBase } from '../../scripts/check-migrations';
import { ChangedMigrationError, migrate, migrationChecksum } from './migrations';

let database: DatabaseHandle;
let supabaseDir = '';

const first = 'create table public.ledger_probe (id int primary key);\n';
const second = 'alter table public.ledger_probe add column note text;\n';

async function writeMigration(file: string, sql: string) {
  await writeFile(path.join(supabaseDir, 'migrations', file), sql);
}

const run = () => migrate(database.url, supabaseDir, { seed: false, buckets: [] });

beforeAll(async () => {
  database = process.env.SUPABASE_DB_URL
    ? await connectPostgres(process.env.SUPABASE_DB_URL, true)
    : await startPglite(await freePort(), undefined);
  supabaseDir = await mkdtemp(path.join(tmpdir(), 'ledger-'));
  await mkdir(path.join(supabaseDir, 'migrations'));
});
afterAll(async () => {
  await database?.stop();
  await rm(supabaseDir, { recursive: true, force: true });
});

describe('migrations ledger', () => {
  it('records a checksum per applied file and refuses to run when an applied file changed', async () => {
    await writeMigration('20990101000000_probe.sql', first);
    expect((await run()).applied).toEqual(['20990101000000_probe.sql']);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('select version, checksum from supabase_migrations.schema_migrations');
      expect(rows).toEqual([{ version: '20990101000000', checksum: migrationChecksum(first) }]);
    } finally {
      await client.end();
    }

    // the same text with Windows line endings is the same migration
    await writeMigration('20990101000000_probe.sql', first.replace(/\n/g, '\r\n'));
    expect((await run()).applied).toEqual([]);

    // an edited landed file stops everything, even the new migration after it
    await writeMigration('20990101000000_probe.sql', `${first}insert into public.ledger_probe values (1);\n`);
    await writeMigration('20990102000000_note.sql', second);
    const refusal = await run().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ChangedMigrationError);
    expect((refusal as Error).message).toContain('20990101000000_probe.sql');
    expect((refusal as Error).message).toMatch(/never changes/);

    // restored: the new migration is applied
    await writeMigration('20990101000000_probe.sql', first);
    expect((await run()).applied).toEqual(['20990102000000_note.sql']);
  });

  it('gives rows recorded before checksums existed one from the text they applied', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `update supabase_migrations.schema_migrations set checksum = null, statements = array['select 1;']
          where version = '20990102000000'`,
      );
    } finally {
      await client.end();
    }
    const refusal = await run().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ChangedMigrationError);
    expect((refusal as Error).message).toContain('20990102000000_note.sql');
  });
});

describe('the bootstrap', () => {
  it('runs again on a database that ran another text of bootstrap.sql', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const marker = async () =>
      (await client.query(`select obj_description('supabase_migrations'::regnamespace, 'pg_namespace') as m`)).rows[0]
        .m as string;
    const hasRole = async () =>
      (await client.query(`select to_regprocedure('auth.role()') is not null as ok`)).rows[0].ok;
    // a project without migrations: only the bootstrap runs (the ledger above holds an edited file)
    const emptyProject = await mkdtemp(path.join(tmpdir(), 'bootstrap-'));
    const run = () => migrate(database.url, emptyProject, { seed: false, buckets: [] });
    try {
      await run();
      const current = await marker();
      expect(current).toMatch(/^platform bootstrap [0-9a-f]{64}$/);

      // bootstrapped by an older text, and missing something the current one creates
      await client.query('drop function auth.role()');
      await client.query(`comment on schema supabase_migrations is 'platform bootstrap older'`);
      await run();
      expect(await hasRole()).toBe(true);
      expect(await marker()).toBe(current);
    } finally {
      await client.end();
      await rm(emptyProject, { recursive: true, force: true });
    }
  });
});

describe('migrations and seed as on hosted', () => {
  it('find the extensions’ functions without the extensions. prefix, as hosted’s search_path does', async () => {
    const projectDir = await mkdtemp(path.join(tmpdir(), 'hosted-seed-'));
    try {
      await mkdir(path.join(projectDir, 'migrations'));
      await writeFile(
        path.join(projectDir, 'migrations', '20990201000000_hashes.sql'),
        "create table public.hash_probe (hash text);\ninsert into public.hash_probe values (crypt('pw', gen_salt('bf')));\n",
      );
      await writeFile(
        path.join(projectDir, 'seed.sql'),
        "insert into public.hash_probe values (crypt('seed', gen_salt('md5')));\n",
      );
      const result = await migrate(database.url, projectDir, { seed: true, buckets: [] });
      expect(result).toMatchObject({ applied: ['20990201000000_hashes.sql'], seeded: true });
    } finally {
      await rm(projectDir, { recursive: true, force: true });
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as hashes from public.hash_probe where hash like '$%'");
      expect(rows).toEqual([{ hashes: 2 }]);
    } finally {
      await client.end();
    }
  });
});

describe('the CI check that landed migrations stay unchanged', () => {
  it('on a branch, names an edited, a deleted and a renamed migration of main and accepts a new one', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'check-migrations-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
    try {
      git('init', '-q', '-b', 'main');
      await mkdir(path.join(repo, 'supabase/migrations'), { recursive: true });
      const file = (name: string) => path.join(repo, 'supabase/migrations', name);
      await writeFile(file('1_a.sql'), 'select 1;\n');
      await writeFile(file('2_b.sql'), 'select 2;\n');
      await writeFile(file('3_c.sql'), 'select 3;\n');
      git('add', '.');
      git('commit', '-qm', 'landed');
      git('checkout', '-qb', 'feature');
      await writeFile(file('4_d.sql'), 'select 4;\n');
      git('add', '.');
      git('commit', '-qm', 'new migration');
      const base = migrationsBase(repo, '');
      expect(base).toBe(execFileSync('git', ['rev-parse', 'main'], { cwd: repo, encoding: 'utf8' }).trim());
      expect(changedMigrations(repo, base!)).toEqual([]);

      await writeFile(file('1_a.sql'), 'select 10;\n');
      await rm(file('2_b.sql'));
      git('mv', 'supabase/migrations/3_c.sql', 'supabase/migrations/5_c.sql');
      expect(changedMigrations(repo, base!)).toEqual([
        'M supabase/migrations/1_a.sql',
        'D supabase/migrations/2_b.sql',
        'R supabase/migrations/3_c.sql -> supabase/migrations/5_c.sql',
      ]);

      // on main itself, the first parent is the base: a merge is checked against main before it
      git('checkout', '-q', '.');
      git('reset', '-q', '--hard');
      git('checkout', '-q', 'main');
      git('merge', '-q', '--no-ff', 'feature', '-m', 'merge');
      expect(migrationsBase(repo, '')).toBe(
        execFileSync('git', ['rev-parse', 'HEAD^1'], { cwd: repo, encoding: 'utf8' }).trim(),
      );
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });
});
