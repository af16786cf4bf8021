// One transaction on the platform's pool, for the in-process services (auth, storage). Starting
// the database server itself is database-server.ts.
import type { Pool, PoolClient } from 'pg';

export type Queryable = Pool | PoolClient;

/**
 * Runs `work` on one pooled client inside BEGIN/COMMIT (ROLLBACK on failure). Settings a service
 * needs for the transaction go through `set_config(…, true)` in `work`: PGlite shares one session
 * between all connections, so nothing session-level is ever set.
 */
export async function inTransaction<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
