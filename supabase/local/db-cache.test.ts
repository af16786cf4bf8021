// The cache of the migrated and of the seeded database (db-cache.ts), on a project of its own with
// two small migrations: restored on an unchanged schema (the seeded copy on the same day, with the
// same settings), rebuilt when a migration or the seed changes or a copy is damaged or out of date,
// never read half-written, and still checked against the migration files.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, type DatabaseHandle } from './database-server';
import {
  ensureTemplate,
  findSnapshot,
  openDatabase,
  pgliteKey,
  saveSnapshot,
  SEEDED_MAX_AGE_MS,
  seededKey,
  seededSnapshotSettings,
  type OpenDatabaseOptions,
} from './db-cache';
import { ChangedMigrationError } from './migrations';

const CREATE = 'create table public.cache_probe (id int primary key, note text);\n';
const SEED = "insert into public.cache_probe values (1, 'seeded');\n";

let root = '';
let supabaseDir = '';
let cacheDir = '';
const open: DatabaseHandle[] = [];

async function writeMigration(file: string, sql: string) {
  await writeFile(path.join(supabaseDir, 'migrations', file), sql);
}

async function start(options: Partial<OpenDatabaseOptions> = {}) {
  const result = await openDatabase({
    supabaseDir,
    buckets: [],
    seed: true,
    cacheDir,
    pglitePort: await freePort(),
    throwaway: true,
    log: process.env.CACHE_TEST_LOG ? (line) => console.log(Date.now() % 100000, line) : () => {},
    ...options,
  });
  open.push(result.database);
  return result;
}

async function rows(database: DatabaseHandle) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query('select id, note from public.cache_probe order by id')).rows;
  } finally {
    await client.end();
  }
}

async function stopAll() {
  for (const database of open.splice(0)) await database.stop();
}

/** The finished snapshots in the cache folder, and whatever else is there. */
async function cacheEntries() {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  return {
    snapshots: names.filter((name) => !name.startsWith('.')),
    others: names.filter((name) => name.startsWith('.')),
  };
}

const key = () => pgliteKey({ supabaseDir, buckets: [] });
const seeded = () => seededKey({ supabaseDir, buckets: [] });
/** Removes today's seeded copy, so the next start seeds the migrated copy. */
const forgetSeeded = () => rm(path.join(cacheDir, seeded()), { recursive: true, force: true });
/** A seed whose row differs on every run: a restored seeded copy shows the row of the run that made it. */
const RANDOM_SEED = "insert into public.cache_probe values (1, 'seeded ' || gen_random_uuid());\n";

beforeEach(async () => {
  await stopAll();
  root = await mkdtemp(path.join(tmpdir(), 'db-cache-'));
  supabaseDir = path.join(root, 'supabase');
  cacheDir = path.join(root, 'cache');
  await mkdir(path.join(supabaseDir, 'migrations'), { recursive: true });
  await writeMigration('20990101000000_probe.sql', CREATE);
  await writeFile(path.join(supabaseDir, 'seed.sql'), SEED);
});
afterAll(async () => {
  await stopAll();
  await rm(root, { recursive: true, force: true });
});

// Each test starts PGlite up to five times: minutes on a busy shared machine.
describe.skipIf(process.env.SUPABASE_DB_URL)('the PGlite snapshot', { timeout: 600_000 }, () => {
  it('is restored on an unchanged schema, seeded afresh, and rebuilt when a migration changes', async () => {
    const first = await start();
    expect(first.migrations).toEqual({ applied: ['20990101000000_probe.sql'], seeded: true, fromCache: false });
    await stopAll();
    // the migrated copy and today's seeded one
    expect((await cacheEntries()).snapshots.sort()).toEqual([key(), seeded()].sort());

    const second = await start();
    expect(second.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    expect(await rows(second.database)).toEqual([{ id: 1, note: 'seeded' }]);
    await stopAll();

    // without the seeded copy, the migrated copy is restored and seeded afresh
    await forgetSeeded();
    const reseeded = await start();
    expect(reseeded.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    expect(await rows(reseeded.database)).toEqual([{ id: 1, note: 'seeded' }]);
    await stopAll();

    // a new migration is a new schema: built from the files, then cached beside the first one
    await writeMigration('20990102000000_more.sql', "insert into public.cache_probe values (2, 'migrated');\n");
    const third = await start();
    expect(third.migrations.fromCache).toBe(false);
    expect(third.migrations.applied).toEqual(['20990101000000_probe.sql', '20990102000000_more.sql']);
    await stopAll();
    const fourth = await start();
    expect(fourth.migrations.fromCache).toBe(true);
    expect(await rows(fourth.database)).toEqual([
      { id: 1, note: 'seeded' },
      { id: 2, note: 'migrated' },
    ]);
    expect((await cacheEntries()).snapshots).toHaveLength(4);
  });

  it('fills an empty data folder from the snapshot, and that folder is kept as any other', async () => {
    await start();
    await stopAll();
    const dataDir = path.join(root, 'data');
    const restored = await start({ dataDir, seed: 'auto' });
    expect(restored.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    await stopAll();
    const warm = await start({ dataDir, seed: 'auto' });
    expect(warm.migrations).toEqual({ applied: [], seeded: false, fromCache: false });
    expect(await rows(warm.database)).toEqual([{ id: 1, note: 'seeded' }]);
  });

  it('skips the check on a warm data folder whose stamp matches, and never when a migration or the seed changed', async () => {
    const dataDir = path.join(root, 'data');
    const lines: string[] = [];
    const startLogged = () => start({ dataDir, seed: 'auto', log: (line) => lines.push(line) });
    const skipped = () => lines.some((line) => line.includes('its stamp matches'));
    await startLogged();
    await stopAll();
    lines.length = 0;
    const warm = await startLogged();
    expect(skipped()).toBe(true);
    expect(warm.migrations).toEqual({ applied: [], seeded: false, fromCache: false });
    await stopAll();

    // a new migration changes the stamp: it is applied
    await writeMigration('20990102000000_more.sql', "insert into public.cache_probe values (2, 'migrated');\n");
    lines.length = 0;
    const migrated = await startLogged();
    expect(skipped()).toBe(false);
    expect(migrated.migrations.applied).toEqual(['20990102000000_more.sql']);
    expect(await rows(migrated.database)).toEqual([
      { id: 1, note: 'seeded' },
      { id: 2, note: 'migrated' },
    ]);
    await stopAll();

    // a changed seed changes the stamp too: the full check runs (and, the database not empty, no seed)
    await writeFile(path.join(supabaseDir, 'seed.sql'), `${SEED}-- edited\n`);
    lines.length = 0;
    const reseeded = await startLogged();
    expect(skipped()).toBe(false);
    expect(reseeded.migrations).toEqual({ applied: [], seeded: false, fromCache: false });
    await stopAll();

    // an applied migration edited: the stamp does not hide it, and a failed check leaves no stamp
    await writeMigration('20990101000000_probe.sql', `${CREATE}insert into public.cache_probe values (3, 'edited');\n`);
    await expect(startLogged()).rejects.toBeInstanceOf(ChangedMigrationError);
    await writeMigration('20990101000000_probe.sql', CREATE);
    lines.length = 0;
    await startLogged();
    expect(skipped()).toBe(false);
  });

  it('still checks the restored ledger against the migration files', async () => {
    await start();
    await stopAll();
    const built = pgliteKey({ supabaseDir, buckets: [] });
    await writeMigration('20990101000000_probe.sql', `${CREATE}insert into public.cache_probe values (3, 'edited');\n`);
    const edited = pgliteKey({ supabaseDir, buckets: [] });
    expect(edited).not.toBe(built);
    // a copy whose ledger recorded the migration's old text, found under the edited schema's key
    await cp(path.join(cacheDir, built), path.join(cacheDir, edited), { recursive: true });
    await expect(start()).rejects.toBeInstanceOf(ChangedMigrationError);
  });

  it('still checks a restored seeded copy against the migration files', async () => {
    await start();
    await stopAll();
    const built = seeded();
    await writeMigration('20990101000000_probe.sql', `${CREATE}insert into public.cache_probe values (3, 'edited');\n`);
    expect(seeded()).not.toBe(built);
    await cp(path.join(cacheDir, built), path.join(cacheDir, seeded()), { recursive: true });
    await expect(start()).rejects.toBeInstanceOf(ChangedMigrationError);
  });

  it('ignores a partial or corrupt snapshot and builds a whole one again', async () => {
    await start();
    await stopAll();
    const name = key();
    const tarball = path.join(cacheDir, name as string, 'data.tar');

    await truncate(tarball, 4096); // cut short, as by a full disk
    await forgetSeeded();
    const afterPartial = await start();
    expect(afterPartial.migrations).toMatchObject({ applied: ['20990101000000_probe.sql'], fromCache: false });
    await stopAll();
    expect(findSnapshot(cacheDir, name as string)).not.toBeNull();

    const bytes = await readFile(tarball);
    bytes.fill(0x55, 1_000_000, 1_000_100); // same size, other bytes
    await writeFile(tarball, bytes);
    await forgetSeeded();
    const afterCorrupt = await start();
    expect(afterCorrupt.migrations).toMatchObject({ applied: ['20990101000000_probe.sql'], fromCache: false });
    await stopAll();

    // a tarball that matches its manifest but is no data folder: PGlite refuses it, the platform rebuilds
    const garbage = Buffer.alloc(64 * 1024, 7);
    await rm(path.join(cacheDir, name as string), { recursive: true });
    await saveSnapshot(cacheDir, name as string, (file) => writeFile(file, garbage));
    await forgetSeeded();
    const afterGarbage = await start();
    expect(afterGarbage.migrations).toMatchObject({ applied: ['20990101000000_probe.sql'], fromCache: false });
    expect(await rows(afterGarbage.database)).toEqual([{ id: 1, note: 'seeded' }]);
    await stopAll();
    expect(findSnapshot(cacheDir, name as string)).not.toBeNull();
    expect((await cacheEntries()).others).toEqual([]);
  });

  it('never lets a second platform read a snapshot still being written', async () => {
    let finish = () => {};
    const written = new Promise<void>((resolve) => (finish = resolve));
    const saving = saveSnapshot(cacheDir, key(), async (file) => {
      await writeFile(file, 'the first half');
      await written;
      await writeFile(file, 'the first half and the rest');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(findSnapshot(cacheDir, key())).toBeNull();
    expect((await cacheEntries()).snapshots).toEqual([]);
    finish();
    await saving;
    const found = findSnapshot(cacheDir, key());
    expect(await readFile(found!.file, 'utf8')).toBe('the first half and the rest');
  });

  it('lets two platforms start at once on an empty cache: both migrate, one whole snapshot remains', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.migrations.applied).toEqual(['20990101000000_probe.sql']);
    expect(b.migrations.applied).toEqual(['20990101000000_probe.sql']);
    await stopAll();
    const { snapshots, others } = await cacheEntries();
    expect(snapshots.sort()).toEqual([key(), seeded()].sort());
    expect(others).toEqual([]);
    const third = await start();
    expect(third.migrations.fromCache).toBe(true);
    expect(await rows(third.database)).toEqual([{ id: 1, note: 'seeded' }]);
  });
});

describe.skipIf(process.env.SUPABASE_DB_URL)('the seeded PGlite copy', { timeout: 600_000 }, () => {
  const settings = { 'app.api_url': 'http://127.0.0.1:50001' };
  beforeEach(() => writeFile(path.join(supabaseDir, 'seed.sql'), RANDOM_SEED));

  it('stands in for the seed on the same day with the same settings, and only then', async () => {
    const first = await start({ seedSettings: settings });
    const [made] = await rows(first.database);
    await stopAll();
    expect(seededSnapshotSettings({ supabaseDir, buckets: [], cacheDir })).toEqual(settings);

    const copy = await start({ seedSettings: settings });
    expect(copy.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    expect(await rows(copy.database)).toEqual([made]);
    await stopAll();

    // other settings (another API address): seeded afresh; the copy stays the first one's
    const other = await start({ seedSettings: { 'app.api_url': 'http://127.0.0.1:50002' } });
    expect((await rows(other.database))[0]).not.toEqual(made);
    await stopAll();
    expect(seededSnapshotSettings({ supabaseDir, buckets: [], cacheDir })).toEqual(settings);

    // not asked to seed: the migrated copy, empty
    const bare = await start({ seed: false, seedSettings: settings });
    expect(await rows(bare.database)).toEqual([]);
  });

  it('is keyed by the seed and the day, and rebuilt when out of date', async () => {
    await start();
    await stopAll();
    const today = seeded();
    expect(seededKey({ supabaseDir, buckets: [] }, new Date(Date.now() + 86_400_000))).not.toBe(today);
    await writeFile(path.join(supabaseDir, 'seed.sql'), `${RANDOM_SEED}-- changed\n`);
    expect(seeded()).not.toBe(today);
    await writeFile(path.join(supabaseDir, 'seed.sql'), RANDOM_SEED);

    // made longer ago than SEEDED_MAX_AGE_MS: seeded afresh, and the copy replaced
    const manifestFile = path.join(cacheDir, today, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    const stale = (await start()).database;
    const [fromCopy] = await rows(stale);
    await stopAll();
    manifest.seed.at = Date.now() - SEEDED_MAX_AGE_MS - 60_000;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const fresh = await start();
    expect(fresh.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    const [seededAgain] = await rows(fresh.database);
    expect(seededAgain).not.toEqual(fromCopy);
    await stopAll();
    const again = await start();
    expect(await rows(again.database)).toEqual([seededAgain]);
  });

  it('ignores a partial or corrupt seeded copy, seeds the migrated copy and saves a whole one', async () => {
    const first = await start();
    const [made] = await rows(first.database);
    await stopAll();
    const tarball = path.join(cacheDir, seeded(), 'data.tar');
    await truncate(tarball, 4096);
    const afterPartial = await start();
    expect(afterPartial.migrations).toEqual({ applied: [], seeded: true, fromCache: true });
    const [reseeded] = await rows(afterPartial.database);
    expect(reseeded).not.toEqual(made);
    await stopAll();

    const bytes = await readFile(tarball);
    bytes.fill(0x55, 1_000_000, 1_000_100);
    await writeFile(tarball, bytes);
    const afterCorrupt = await start();
    expect((await rows(afterCorrupt.database))[0]).not.toEqual(reseeded);
    await stopAll();
    expect(findSnapshot(cacheDir, seeded())).not.toBeNull();
    expect((await cacheEntries()).others).toEqual([]);
  });

  it('lets two platforms seed at once: one whole seeded copy remains, read by the next', async () => {
    await start({ seed: false });
    await stopAll();
    const [a, b] = await Promise.all([start(), start()]);
    const made = [...(await rows(a.database)), ...(await rows(b.database))];
    await stopAll();
    const { snapshots, others } = await cacheEntries();
    expect(snapshots.sort()).toEqual([key(), seeded()].sort());
    expect(others).toEqual([]);
    const next = await start();
    expect(made).toContainEqual((await rows(next.database))[0]);
  });
});

describe.runIf(process.env.SUPABASE_DB_URL)('the PostgreSQL template', { timeout: 600_000 }, () => {
  it('is built once for two platforms starting at once, and copies per-database settings', async () => {
    await writeMigration(
      '20990102000000_setting.sql',
      "do $$ begin execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = %L', current_database(), 'true'); end $$;\n",
    );
    const serverUrl = process.env.SUPABASE_DB_URL as string;
    const [a, b] = await Promise.all([start({ databaseUrl: serverUrl }), start({ databaseUrl: serverUrl })]);
    for (const { database, migrations } of [a, b]) {
      expect(migrations).toEqual({ applied: [], seeded: true, fromCache: true });
      expect(await rows(database)).toEqual([{ id: 1, note: 'seeded' }]);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows: settings } = await client.query(
        `select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
          where r.rolname = 'authenticator' and s.setdatabase = (select oid from pg_database where datname = current_database())`,
      );
      await client.end();
      expect(settings).toEqual([{ setconfig: ['pgrst.db_plan_enabled=true'] }]);
    }
    const template = await ensureTemplate(serverUrl, { supabaseDir, buckets: [] });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows: builds } = await admin.query(`select datname from pg_database where datname like 'cgh_build_%'`);
      expect(builds.filter((row) => row.datname.includes(template.slice('cgh_template_'.length)))).toEqual([]);
      await stopAll();
      await admin.query(`drop database ${pg.escapeIdentifier(template)}`);
    } finally {
      await admin.end();
    }
  });
});
