// One list of scheduled jobs: the local scheduler runs SCHEDULE (supabase/local/scheduler.ts), and
// on a hosted project pg_cron runs what the migrations schedule. Read with PostgreSQL's parser, the
// migrations' last cron.schedule of each job must be the list's: same names, intervals and calls.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/platform';
import { intervalSeconds, jobCommand, SCHEDULE } from '../../local/scheduler';
import { cronSchedules, parseStatements, withoutLocations } from '../sql-parser';
import { platform } from '../support';

const MIGRATIONS = join(REPO_ROOT, 'supabase', 'migrations');

/** name → the schedule and command of its latest cron.schedule, in migration order. */
function scheduledByMigrations(): Map<string, { schedule: string; command: string; file: string }> {
  const jobs = new Map<string, { schedule: string; command: string; file: string }>();
  for (const file of readdirSync(MIGRATIONS).sort()) {
    for (const statement of parseStatements(readFileSync(join(MIGRATIONS, file), 'utf8'))) {
      for (const job of cronSchedules(statement)) jobs.set(job.name, { ...job, file });
    }
  }
  return jobs;
}

/** A job's command by meaning: its parse tree, JSON arguments read as JSON (spacing aside). */
function meaning(sql: string): unknown {
  const tree = withoutLocations(parseStatements(sql).map((statement) => statement.node));
  return JSON.parse(JSON.stringify(tree), (key, value) => {
    if (key !== 'sval' || typeof value !== 'string' || !value.startsWith('{')) return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  });
}

describe('scheduled jobs', () => {
  const migrations = scheduledByMigrations();

  it('the migrations schedule exactly the jobs the local scheduler runs', () => {
    expect([...migrations.keys()].sort()).toEqual(SCHEDULE.map((job) => job.name).sort());
  });

  it.each(SCHEDULE.map((job) => [job.name, job] as const))('%s: same interval and call on both', (name, job) => {
    const scheduled = migrations.get(name)!;
    expect(scheduled.schedule, scheduled.file).toBe(job.schedule);
    expect(meaning(scheduled.command), `${scheduled.file}: ${scheduled.command}`).toEqual(
      meaning(jobCommand(job.call)),
    );
    expect(intervalSeconds(job.schedule)).toBeGreaterThan(0);
  });

  it('reads pg_cron intervals as pg_cron does', () => {
    expect(intervalSeconds('5 seconds')).toBe(5);
    expect(intervalSeconds('* * * * *')).toBe(60);
    expect(intervalSeconds('*/10 * * * *')).toBe(600);
    expect(intervalSeconds('0 * * * *')).toBe(3600);
    expect(intervalSeconds('15 3 * * *')).toBe(86_400);
    expect(() => intervalSeconds('0 3 * * 1')).toThrow(/does not read/);
  });

  it('a job calling a function skips with a notice while pg_net, Vault or a secret is missing, else posts', async () => {
    const client = new pg.Client({ connectionString: platform().dbUrl });
    const notices: string[] = [];
    client.on('notice', (notice) => notices.push(notice.message ?? ''));
    await client.connect();
    const call = async () =>
      (
        await client.query<{ id: string | null }>(
          `select private.call_edge_function('booking-integration', '{"action": "sync_feeds"}', 60000) as id`,
        )
      ).rows[0]?.id;
    // PGlite's wire server does not pass notices on (PostgreSQL does): the texts are checked where they arrive
    await client.query(`do $$ begin raise notice 'probe'; end $$`);
    const forwardsNotices = notices.splice(0).includes('probe');
    const noticed = (pattern: RegExp) => {
      if (forwardsNotices) expect(notices.pop()).toMatch(pattern);
    };
    try {
      await client.query('begin');
      expect(await call()).toBeNull();
      noticed(/pg_net or Supabase Vault is not installed: booking-integration was not called/);
      // stand-ins for Vault's view and pg_net's function, inside this transaction only
      await client.query(`create schema vault; create schema net;
        create table vault.decrypted_secrets (name text, decrypted_secret text);
        create table net.posts (url text, headers jsonb, body jsonb, timeout_milliseconds int);
        create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds int) returns bigint
          language sql as $$ insert into net.posts values (url, headers, body, timeout_milliseconds); select 7::bigint $$;
        insert into vault.decrypted_secrets values ('project_url', 'https://ref.supabase.co/');`);
      expect(await call()).toBeNull();
      noticed(/project_url and service_role_key are not both set: booking-integration was not/);
      expect((await client.query('select count(*)::int as n from net.posts')).rows[0].n).toBe(0);
      await client.query(`insert into vault.decrypted_secrets values ('service_role_key', 'secret-key')`);
      expect(await call()).toBe('7');
      const posted = await client.query('select * from net.posts');
      expect(posted.rows).toEqual([
        {
          url: 'https://ref.supabase.co/functions/v1/booking-integration',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer secret-key' },
          body: { action: 'sync_feeds' },
          timeout_milliseconds: 60000,
        },
      ]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});
