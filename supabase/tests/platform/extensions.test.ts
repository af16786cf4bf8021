// The extensions the local platform offers to migrations, as hosted Supabase does.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platform } from '../support';

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: platform().dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    return await work(db);
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
}

describe('extensions', () => {
  it('creates the extensions hosted Supabase offers in the extensions schema', async () => {
    const rows = await rolledBack(async (db) => {
      for (const name of ['pg_trgm', 'uuid-ossp', 'citext', 'btree_gist']) {
        await db.query(`create extension if not exists "${name}" with schema extensions`);
      }
      return (
        await db.query(
          `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
            where e.extname in ('pg_trgm', 'uuid-ossp', 'citext', 'btree_gist') order by e.extname`,
        )
      ).rows;
    });
    expect(rows).toEqual(
      ['btree_gist', 'citext', 'pg_trgm', 'uuid-ossp'].map((extname) => ({ extname, nspname: 'extensions' })),
    );
  });
});
