import type { Json } from '../shared/http';
import type { Queryable } from '../shared/database';
import type { ObjectMetadata } from './uploads';

export interface ObjectRow {
  id: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  created_at: Date;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const rows = await db.query<ObjectRow>(
    'select id, version, metadata, created_at from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return rows.rows[0];
}

export function bucketJson(row: Json): Json {
  const limit = row.file_size_limit;
  return { ...row, file_size_limit: limit === null || limit === undefined ? null : Number(limit) };
}

export function uuidOrNull(value: string | null): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;
}
