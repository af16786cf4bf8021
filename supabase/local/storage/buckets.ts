// The bucket endpoints: list, get, create, update, delete and empty, each run as the caller so the
// policies on storage.buckets (and storage.objects, for emptying) decide, as on Storage.
import type { Json, Reply } from '../shared/http';
import { callerId, readJson, requiredString, type StorageContext, type StorageRequest } from './context';
import { entityTooLarge, invalidRequest, noSuchBucket, storageError } from './errors';
import { bucketJson, uuidOrNull } from './objects';

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';
const BUCKET_SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'];
/** Storage's rule: S3-safe characters and a few that need care, 1 to 100 of them. */
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/i;
/** Storage's size units are decimal: 20MB is 20 000 000 bytes. */
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

const bucketAlreadyExists = () => storageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate');
const bucketNotEmpty = () =>
  storageError(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty', 'Conflict');

/** GET /bucket?limit&offset&search&sortColumn&sortOrder */
export async function listBuckets(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const query = r.url.searchParams;
  const column = BUCKET_SORT_COLUMNS.includes(query.get('sortColumn') ?? '') ? query.get('sortColumn') : 'name';
  const order = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = nonNegativeInteger(query.get('limit'), 'limit');
  const offset = nonNegativeInteger(query.get('offset'), 'offset') ?? 0;
  const rows = await ctx.asCaller(caller, (db) =>
    db.query(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where $1::text is null or name ilike '%' || $1 || '%'
        order by ${column} ${order} limit $2 offset $3`,
      [query.get('search') || null, limit, offset],
    ),
  );
  return { status: 200, body: rows.rows.map(bucketJson) };
}

export async function getBucket(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const rows = await ctx.asCaller(caller, (db) =>
    db.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [r.bucket]),
  );
  const bucket = rows.rows[0];
  if (!bucket) throw noSuchBucket();
  return { status: 200, body: bucketJson(bucket) };
}

/** POST /bucket {name, id?, public?, file_size_limit?, allowed_mime_types?} → {name} */
export async function createBucket(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const body = await readJson(r.req);
  const name = requiredString(body, 'name');
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  for (const candidate of [id, name]) {
    if (!BUCKET_NAME.test(candidate))
      throw storageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input');
  }
  const settings = bucketSettings(ctx, body);
  try {
    await ctx.asCaller(caller, (db) =>
      db.query(
        `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          id,
          name,
          uuidOrNull(callerId(caller)),
          settings.public ?? false,
          settings.file_size_limit ?? null,
          settings.allowed_mime_types ?? null,
        ],
      ),
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw bucketAlreadyExists();
    throw err;
  }
  return { status: 200, body: { name } };
}

/** PUT /bucket/:id with at least one of public, file_size_limit, allowed_mime_types. */
export async function updateBucket(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const settings = bucketSettings(ctx, await readJson(r.req));
  const columns = Object.keys(settings);
  if (columns.length === 0) {
    throw invalidRequest('Give at least one of public, file_size_limit, allowed_mime_types');
  }
  const updated = await ctx.asCaller(caller, (db) =>
    db.query(
      `update storage.buckets set ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
        where id = $1 returning id`,
      [r.bucket, ...Object.values(settings)],
    ),
  );
  if (updated.rowCount === 0) throw noSuchBucket();
  return { status: 200, body: { message: 'Successfully updated' } };
}

/** DELETE /bucket/:id: only an empty bucket, counting the objects the caller cannot see too. */
export async function deleteBucket(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  // Counted before the caller's transaction (PGlite serves one transaction at a time); an upload
  // racing the delete is still stopped by the objects' foreign key.
  const objects = await ctx.pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [r.bucket]);
  const deleted = await ctx.asCaller(caller, async (db) => {
    const visible = await db.query('select 1 from storage.buckets where id = $1', [r.bucket]);
    if (visible.rowCount === 0) throw noSuchBucket();
    if (objects.rowCount !== 0) throw bucketNotEmpty();
    return db.query('delete from storage.buckets where id = $1 returning id', [r.bucket]).catch((err) => {
      throw (err as { code?: string }).code === '23503' ? bucketNotEmpty() : err;
    });
  });
  if (deleted.rowCount === 0) throw noSuchBucket();
  return { status: 200, body: { message: 'Successfully deleted' } };
}

/** POST /bucket/:id/empty: removes every object the caller may delete. */
export async function emptyBucket(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const deleted = await ctx.asCaller(caller, async (db) => {
    const visible = await db.query('select 1 from storage.buckets where id = $1', [r.bucket]);
    if (visible.rowCount === 0) throw noSuchBucket();
    return db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [r.bucket]);
  });
  await ctx.removeFiles(
    r.bucket,
    deleted.rows.map((row) => row.name),
  );
  return { status: 200, body: { message: 'Successfully emptied' } };
}

interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

/** The settings a create or update body gives, checked; absent properties are left out. */
function bucketSettings(ctx: StorageContext, body: Json): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw invalidRequest('public must be a boolean');
    settings.public = body.public;
  }
  if (body.file_size_limit !== undefined) {
    settings.file_size_limit = body.file_size_limit === null ? null : sizeInBytes(body.file_size_limit);
    if ((settings.file_size_limit ?? 0) > ctx.maxFileSize) throw entityTooLarge('bucket file_size_limit');
  }
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types !== null && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) {
      throw invalidRequest('allowed_mime_types must be an array of strings');
    }
    const kept = types === null ? null : (types as string[]).filter(Boolean);
    const invalid = kept?.find((t) => !MIME_PATTERN.test(t));
    if (invalid !== undefined) throw invalidRequest(`Invalid mime type in allowed_mime_types: ${invalid}`);
    settings.allowed_mime_types = kept;
  }
  return settings;
}

/** A size as a number of bytes or a string such as "20MB" (Storage's units: b, kb, mb, gb). */
function sizeInBytes(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(b|kb|mb|gb)$/i.exec(value.trim()) : null;
  if (!match) throw invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  return Math.round(Number(match[1]) * SIZE_UNITS[match[2]!.toLowerCase()]!);
}

function nonNegativeInteger(value: string | null, name: string): number | null {
  if (value === null || value === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw invalidRequest(`${name} must be a whole number`);
  return number;
}
