// The object endpoints: upload, download, info, delete, move and copy. Rows are read and written
// as the caller, so the policies on storage.objects decide; bytes follow their rows on disk.
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Reply } from '../shared/http';
import { callerId, readJson, requiredString, type Caller, type StorageContext, type StorageRequest } from './context';
import { checkImageBytes, normalizeMimeType } from './content-types';
import { fileReply } from './downloads';
import { entityTooLarge, noSuchBucket, noSuchKey, storageError } from './errors';
import { findObject, saveObject, uuidOrNull } from './objects';
import {
  checkMimeType,
  maxFileSize,
  objectMetadata,
  readUpload,
  writeAtomically,
  type Bucket,
  type ObjectMetadata,
} from './uploads';

/** POST (x-upsert: true to replace) or PUT (always replaces) /object/:bucket/:name */
export async function upload(ctx: StorageContext, r: StorageRequest, upsert: boolean): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const id = await receiveUpload(ctx, r, { caller, owner: callerId(caller), upsert });
  return { status: 200, body: { Id: id, Key: `${r.bucket}/${r.name}` } };
}

/**
 * Reads the body of an upload into `r.bucket`/`r.name` within the bucket's limits and saves it,
 * as `caller` (or as the platform for a signed upload, whose token is the permission).
 */
export async function receiveUpload(
  ctx: StorageContext,
  r: StorageRequest,
  as: { caller: Caller | null; owner: string | null; upsert: boolean },
): Promise<string | undefined> {
  const bucket = await ctx.findBucket(r.bucket);
  ctx.objectPath(r.bucket, r.name); // refuse a bad key before reading the body
  const file = await readUpload(r.req, maxFileSize(bucket, ctx.maxFileSize));
  file.mimetype = normalizeMimeType(file.mimetype);
  checkBucketAccepts(bucket, file.mimetype);
  return saveObject(
    ctx,
    as.caller,
    {
      bucket: r.bucket,
      name: r.name,
      owner: as.owner,
      metadata: objectMetadata(file),
      userMetadata: file.userMetadata,
      upsert: as.upsert,
    },
    (target) => writeAtomically(target, file.bytes),
    () => checkImageBytes(file.mimetype, file.bytes),
  );
}

function checkBucketAccepts(bucket: Bucket, mimetype: string): void {
  if (bucket.allowed_mime_types?.length) checkMimeType(mimetype, bucket.allowed_mime_types);
}

export async function download(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const object = await ctx.asCaller(caller, (db) => findObject(db, r.bucket, r.name));
  return fileReply(ctx, r, r.bucket, object);
}

export async function downloadPublic(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const bucket = await ctx.pool.query('select 1 from storage.buckets where id = $1 and public', [r.bucket]);
  if (bucket.rowCount === 0) throw noSuchBucket();
  const object = await findObject(ctx.pool, r.bucket, r.name);
  return fileReply(ctx, r, r.bucket, object);
}

export async function objectInfo(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const object = await ctx.asCaller(caller, (db) => findObject(db, r.bucket, r.name));
  if (!object) throw noSuchKey();
  const metadata = object.metadata ?? {};
  return {
    status: 200,
    body: {
      id: object.id,
      name: r.name,
      version: object.version,
      bucket_id: r.bucket,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: object.user_metadata ?? {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    },
  };
}

/** DELETE /object/:bucket {prefixes}: the rows the caller could delete, as Storage answers. */
export async function removeObjects(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const body = await readJson(r.req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw storageError(400, 'InvalidRequest', "body must have required property 'prefixes'", 'Bad Request');
  }
  const deleted = await ctx.asCaller(caller, (db) =>
    db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [
      r.bucket,
      prefixes,
    ]),
  );
  await ctx.removeFiles(
    r.bucket,
    deleted.rows.map((row) => row.name),
  );
  return { status: 200, body: deleted.rows };
}

export async function removeObject(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const deleted = await ctx.asCaller(caller, (db) =>
    db.query('delete from storage.objects where bucket_id = $1 and name = $2 returning name', [r.bucket, r.name]),
  );
  if (deleted.rowCount === 0) throw noSuchKey();
  await ctx.removeFiles(r.bucket, [r.name]);
  return { status: 200, body: { message: 'Successfully deleted' } };
}

interface Transfer {
  bucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function readTransfer(ctx: StorageContext, r: StorageRequest): Promise<Transfer> {
  const body = await readJson(r.req);
  const bucket = requiredString(body, 'bucketId');
  const transfer = {
    bucket,
    sourceKey: requiredString(body, 'sourceKey'),
    destinationKey: requiredString(body, 'destinationKey'),
    destinationBucket:
      typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucket,
  };
  ctx.objectPath(transfer.bucket, transfer.sourceKey);
  ctx.objectPath(transfer.destinationBucket, transfer.destinationKey);
  return transfer;
}

/**
 * POST /object/move: renames the row as the caller (their select and update policies decide,
 * the update's check on the new name too) and moves the bytes with it. The caller becomes the
 * owner, as on Storage.
 */
export async function moveObject(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const move = await readTransfer(ctx, r);
  await ctx.findBucket(move.destinationBucket);
  const source = ctx.objectPath(move.bucket, move.sourceKey);
  const target = ctx.objectPath(move.destinationBucket, move.destinationKey);
  let moved = false;
  try {
    const id = await ctx.asCaller(caller, async (db) => {
      const sub = callerId(caller);
      const updated = await db.query<{ id: string }>(
        `update storage.objects
            set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7, updated_at = now()
          where bucket_id = $1 and name = $2 returning id`,
        [move.bucket, move.sourceKey, move.destinationBucket, move.destinationKey, uuidOrNull(sub), sub, randomUUID()],
      );
      if (updated.rowCount === 0) throw noSuchKey();
      if (source !== target) {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(source, target);
        moved = true;
      }
      return updated.rows[0]!.id;
    });
    return {
      status: 200,
      body: { message: 'Successfully moved', Id: id, Key: `${move.destinationBucket}/${move.destinationKey}` },
    };
  } catch (err) {
    if (moved) await rename(target, source);
    throw err;
  }
}

/**
 * POST /object/copy: the caller must be able to read the source and insert (with x-upsert:
 * true, also update) the destination; the copy keeps the source's metadata.
 */
export async function copyObject(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const copy = await readTransfer(ctx, r);
  const source = await ctx.asCaller(caller, (db) => findObject(db, copy.bucket, copy.sourceKey));
  if (!source?.metadata) throw noSuchKey();
  const destinationBucket = await ctx.findBucket(copy.destinationBucket);
  const mimetype = source.metadata.mimetype ?? 'application/octet-stream';
  checkBucketAccepts(destinationBucket, mimetype);
  if ((source.metadata.size ?? 0) > maxFileSize(destinationBucket, ctx.maxFileSize)) {
    throw entityTooLarge();
  }
  const sourceFile = ctx.objectPath(copy.bucket, copy.sourceKey);
  const id = await saveObject(
    ctx,
    caller,
    {
      bucket: copy.destinationBucket,
      name: copy.destinationKey,
      owner: callerId(caller),
      metadata: { ...source.metadata, lastModified: new Date().toISOString() } as ObjectMetadata,
      userMetadata: source.user_metadata,
      upsert: r.req.headers['x-upsert'] === 'true',
    },
    (target) => writeAtomically(target, { source: sourceFile }),
  );
  return { status: 200, body: { Id: id, Key: `${copy.destinationBucket}/${copy.destinationKey}` } };
}
