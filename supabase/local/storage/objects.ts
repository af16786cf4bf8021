// Object rows: reading one, and saving one as the caller with its bytes written only once the
// policies have accepted the row (and removed again if the transaction then fails).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { PoolClient } from 'pg';
import type { Json } from '../shared/http';
import { inTransaction, type Queryable } from '../shared/transaction';
import type { Caller, StorageContext } from './context';
import type { ObjectMetadata } from './uploads';

export interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Json | null;
  created_at: Date;
  updated_at: Date;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const rows = await db.query<ObjectRow>(
    `select id, name, version, metadata, user_metadata, created_at, updated_at
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows.rows[0];
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  /** null only for the trial row of a signed upload URL, before any bytes exist */
  metadata: ObjectMetadata | null;
  userMetadata: Json | null;
  /** replace an object of the same name instead of answering KeyAlreadyExists */
  upsert: boolean;
}

/**
 * Inserts the row as `caller` (null: as the platform, for signed uploads whose token is the
 * permission), then runs `beforeWrite` and `write(target)`. Returns the stored row's id.
 */
export async function saveObject(
  ctx: StorageContext,
  caller: Caller | null,
  object: NewObject,
  write: (target: string) => Promise<void>,
  beforeWrite: () => void = () => undefined,
): Promise<string | undefined> {
  const target = ctx.objectPath(object.bucket, object.name);
  const newId = randomUUID();
  let createdFile = false;
  const work = async (db: PoolClient) => {
    await insertObjectRow(db, object, newId);
    await db.query(`select set_config('role', 'none', true)`); // back to the pool's role to read the id
    const stored = await db.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [
      object.bucket,
      object.name,
    ]);
    // After the policies, so a refused caller learns nothing about the bytes check.
    beforeWrite();
    createdFile = stored.rows[0]?.id === newId;
    await write(target);
    return stored.rows[0]?.id;
  };
  try {
    return await (caller ? ctx.asCaller(caller, work) : inTransaction(ctx.pool, work));
  } catch (err) {
    if (createdFile) await rm(target, { force: true });
    throw err;
  }
}

/**
 * Inserts the object's row (with `upsert`, or replaces the one of that name) as whoever `db` runs
 * as. Without RETURNING, like Storage: only the insert and update policies decide, not select.
 */
export async function insertObjectRow(db: Queryable, object: NewObject, id: string = randomUUID()): Promise<void> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await db.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     ${
       object.upsert
         ? `on conflict (bucket_id, name) do update
       set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
           user_metadata = excluded.user_metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now()`
         : ''
     }`,
    [
      id,
      object.bucket,
      object.name,
      uuidOrNull(object.owner),
      object.owner,
      json(object.metadata),
      json(object.userMetadata),
      randomUUID(),
    ],
  );
}

export function bucketJson(row: Json): Json {
  const limit = row.file_size_limit;
  return { ...row, file_size_limit: limit === null || limit === undefined ? null : Number(limit) };
}

export function uuidOrNull(value: string | null): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;
}
