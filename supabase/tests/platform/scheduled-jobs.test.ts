// One list of scheduled jobs: the local scheduler runs SCHEDULE (supabase/local/scheduler.ts), and
// on a hosted project pg_cron runs what the migrations schedule. Read with PostgreSQL's parser, the
// migrations' last cron.schedule of each job must be the list's: same names, intervals and calls.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/platform';
import { intervalSeconds, jobCommand, SCHEDULE } from '../../local/scheduler';
import { cronSchedules, parseStatements, withoutLocations } from '../sql-parser';

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
});
