// A Storage-API-compatible service for the local platform: the object and bucket endpoints
// @supabase/storage-js calls, with Storage's error body `{ statusCode, code, error, message }`
// (sent with HTTP 400 unless the error is a 500, as Storage does).
//
// Object rows are read, written and deleted AS THE CALLER: each statement runs in a transaction
// that first does `set_config('role', <jwt role>, true)` and `set_config('request.jwt.claims', …,
// true)`, so the row-level security policies on storage.objects decide. Bytes live on disk under
// <dataDir>/<bucket>/<object name>; they are written only once the row insert has succeeded and
// removed again if the transaction fails, and deleted only after their rows are.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { jwtVerify, type JWTPayload } from 'jose';
import { inTransaction } from '../shared/database';
import { Router, decodeSegment, readJsonObject, serviceHandler, type Json, type Reply } from '../shared/http';
import {
  accessDenied,
  entityTooLarge,
  fromDatabaseError,
  invalidRequest,
  jwtFailure,
  noSuchBucket,
  noSuchKey,
  storageError,
  StorageError,
} from './errors';
import { bucketJson, findObject, uuidOrNull, type ObjectRow } from './objects';
import { checkImageBytes, downloadSafetyHeaders, normalizeMimeType } from './content-types';
import { checkMimeType, maxFileSize, objectMetadata, readUpload, writeAtomically, type Bucket } from './uploads';

export interface StorageOptions {
  pool: Pool;
  jwtSecret: string;
  /** Bytes on disk under dataDir/<bucket>/<name>. */
  dataDir: string;
  /** e.g. http://127.0.0.1:54321 */
  publicUrl: string;
  /** Upload limit for buckets without file_size_limit; 50 MiB by default, as Storage's default. */
  maxFileSize?: number;
  log?: (line: string) => void;
}

export interface StorageService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createStorageService(opts: StorageOptions): StorageService {
  const service = new StorageApi(opts);
  const handle = serviceHandler((req) => service.dispatch(req), {
    name: 'storage',
    internalError: () => storageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
    mapError: fromDatabaseError,
    log: opts.log,
  });
  return { handle, close: async () => undefined };
}

const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
/** The longest file name the disk takes (most file systems: 255 bytes). */
const MAX_SEGMENT_BYTES = 255;
const API_ROLES = ['anon', 'authenticated', 'service_role'];
const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';
const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'];

interface Caller {
  role: string;
  claims: JWTPayload & { role?: string };
}

interface Request {
  req: IncomingMessage;
  url: URL;
  /** The bucket and object name, URL-decoded. */
  bucket: string;
  name: string;
}

type Handler = (r: Request) => Promise<Reply>;

// ------------------------------------------------------------------ service

class StorageApi {
  private readonly key: Uint8Array;
  private readonly dataDir: string;
  private readonly router = new Router<Handler>();

  constructor(private readonly opts: StorageOptions) {
    this.key = new TextEncoder().encode(opts.jwtSecret);
    this.dataDir = path.resolve(opts.dataDir);
    // Order matters: the fixed words (list, public, authenticated, info) come before /object/:bucket.
    this.router
      .add('GET', /^\/bucket$/, (r) => this.listBuckets(r))
      .add('GET', /^\/bucket\/([^/]+)$/, (r) => this.getBucket(r))
      .add('POST', /^\/object\/list\/([^/]+)$/, (r) => this.listObjects(r))
      .add('GET', /^\/object\/public\/([^/]+)\/(.+)$/, (r) => this.downloadPublic(r))
      .add('GET', /^\/object\/authenticated\/([^/]+)\/(.+)$/, (r) => this.download(r))
      .add('GET', /^\/object\/info\/(?:authenticated\/)?([^/]+)\/(.+)$/, (r) => this.objectInfo(r))
      .add('GET', /^\/object\/([^/]+)\/(.+)$/, (r) => this.download(r))
      .add('POST', /^\/object\/([^/]+)\/(.+)$/, (r) => this.upload(r, r.req.headers['x-upsert'] === 'true'))
      .add('PUT', /^\/object\/([^/]+)\/(.+)$/, (r) => this.upload(r, true))
      .add('DELETE', /^\/object\/([^/]+)$/, (r) => this.removeObjects(r))
      .add('DELETE', /^\/object\/([^/]+)\/(.+)$/, (r) => this.removeObject(r));
  }

  dispatch(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://storage.local');
    const route = this.router.match(req.method, url.pathname);
    if (!route.handler) {
      throw storageError(404, 'NotFound', `Route ${req.method}:${url.pathname} not found`, 'Not Found');
    }
    const [bucket = '', name = ''] = route.params.map((segment) => {
      const decoded = decodeSegment(segment);
      if (decoded === undefined) throw invalidRequest(`Invalid path: ${segment}`);
      return decoded;
    });
    return route.handler({ req, url, bucket, name: name.replace(/\/+/g, '/') });
  }

  // ---------------------------------------------------------------- buckets

  private async listBuckets(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const rows = await this.asCaller(caller, (db) =>
      db.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`),
    );
    return { status: 200, body: rows.rows.map(bucketJson) };
  }

  private async getBucket(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const rows = await this.asCaller(caller, (db) =>
      db.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [r.bucket]),
    );
    const bucket = rows.rows[0];
    if (!bucket) throw noSuchBucket();
    return { status: 200, body: bucketJson(bucket) };
  }

  // ---------------------------------------------------------------- objects

  private async upload(r: Request, upsert: boolean): Promise<Reply> {
    const caller = await this.caller(r.req);
    const bucket = await this.findBucket(r.bucket);
    const target = this.objectPath(r.bucket, r.name);
    const file = await readUpload(r.req, maxFileSize(bucket, this.opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE));
    file.mimetype = normalizeMimeType(file.mimetype);
    if (bucket.allowed_mime_types?.length) checkMimeType(file.mimetype, bucket.allowed_mime_types);
    const metadata = objectMetadata(file);
    const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;

    const newId = randomUUID();
    let createdFile = false;
    try {
      const id = await this.asCaller(caller, async (db) => {
        // As the caller and without RETURNING, like Storage: only the insert/update policies decide.
        await db.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7)
           ${
             upsert
               ? `on conflict (bucket_id, name) do update
             set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                 version = excluded.version, updated_at = now(), last_accessed_at = now()`
               : ''
           }`,
          [newId, r.bucket, r.name, uuidOrNull(sub), sub, JSON.stringify(metadata), randomUUID()],
        );
        await db.query(`select set_config('role', 'none', true)`); // back to the pool's role to read the id
        const stored = await db.query<{ id: string }>(
          'select id from storage.objects where bucket_id = $1 and name = $2',
          [r.bucket, r.name],
        );
        // After the policies, so a refused caller learns nothing about the bytes check.
        checkImageBytes(file.mimetype, file.bytes);
        createdFile = stored.rows[0]?.id === newId;
        await writeAtomically(target, file.bytes);
        return stored.rows[0]?.id;
      });
      return { status: 200, body: { Id: id, Key: `${r.bucket}/${r.name}` } };
    } catch (err) {
      if (createdFile) await rm(target, { force: true });
      throw err;
    }
  }

  private async download(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const object = await this.asCaller(caller, (db) => findObject(db, r.bucket, r.name));
    return this.fileReply(r, object);
  }

  private async downloadPublic(r: Request): Promise<Reply> {
    const bucket = await this.opts.pool.query('select 1 from storage.buckets where id = $1 and public', [r.bucket]);
    if (bucket.rowCount === 0) throw noSuchBucket();
    const object = await findObject(this.opts.pool, r.bucket, r.name);
    return this.fileReply(r, object);
  }

  private async objectInfo(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const object = await this.asCaller(caller, (db) => findObject(db, r.bucket, r.name));
    if (!object) throw noSuchKey();
    const metadata = object.metadata ?? {};
    return {
      status: 200,
      body: {
        id: object.id,
        name: r.name,
        version: object.version,
        bucket_id: r.bucket,
        size: metadata.size,
        content_type: metadata.mimetype,
        cache_control: metadata.cacheControl,
        etag: metadata.eTag,
        metadata: {},
        last_modified: metadata.lastModified,
        created_at: object.created_at,
      },
    };
  }

  private async fileReply(r: Request, object: ObjectRow | undefined): Promise<Reply> {
    if (!object) throw noSuchKey();
    const metadata = object.metadata ?? {};
    const file = this.objectPath(r.bucket, r.name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw noSuchKey();
    const mimetype = metadata.mimetype ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      ...downloadSafetyHeaders(mimetype),
      'content-type': mimetype,
      'cache-control': metadata.cacheControl ?? 'no-cache',
      'accept-ranges': 'bytes',
      'last-modified': info.mtime.toUTCString(),
      'content-length': String(info.size),
    };
    if (metadata.eTag) headers.etag = metadata.eTag;
    const download = r.url.searchParams.get('download');
    if (download !== null) {
      const encoded = encodeURIComponent(download);
      headers['content-disposition'] =
        download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
    }
    if (metadata.eTag && r.req.headers['if-none-match'] === metadata.eTag) {
      return { status: 304, headers: { etag: metadata.eTag, 'cache-control': headers['cache-control'] as string } };
    }
    return { status: 200, headers, file };
  }

  private async removeObjects(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const body = await readJson(r.req);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
      throw storageError(400, 'InvalidRequest', "body must have required property 'prefixes'", 'Bad Request');
    }
    const deleted = await this.asCaller(caller, (db) =>
      db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [
        r.bucket,
        prefixes,
      ]),
    );
    await this.removeFiles(
      r.bucket,
      deleted.rows.map((row) => row.name),
    );
    return { status: 200, body: deleted.rows };
  }

  private async removeObject(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const deleted = await this.asCaller(caller, (db) =>
      db.query('delete from storage.objects where bucket_id = $1 and name = $2 returning name', [r.bucket, r.name]),
    );
    if (deleted.rowCount === 0) throw noSuchKey();
    await this.removeFiles(r.bucket, [r.name]);
    return { status: 200, body: { message: 'Successfully deleted' } };
  }

  /** Storage's search(): folders first (names one level below the prefix), then files. */
  private async listObjects(r: Request): Promise<Reply> {
    const caller = await this.caller(r.req);
    const body = await readJson(r.req);
    if (typeof body.prefix !== 'string') {
      throw storageError(400, 'InvalidRequest', "body must have required property 'prefix'", 'Bad Request');
    }
    const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
    const search = typeof body.search === 'string' ? body.search : '';
    const limit = Number.isInteger(body.limit) && (body.limit as number) > 0 ? (body.limit as number) : 100;
    const offset = Number.isInteger(body.offset) && (body.offset as number) >= 0 ? (body.offset as number) : 0;
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const column = SORT_COLUMNS.includes(String(sortBy.column)) ? String(sortBy.column) : 'name';
    const order = String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc';
    const level = `${prefix}${search}`.split('/').length;

    const rows = await this.asCaller(caller, (db) =>
      db.query(
        `with matching as (
           select * from storage.objects
            where bucket_id = $2 and name ilike $3 || '%'
         ), folders as (
           select path_tokens[$1::int] as folder from matching
            where array_length(path_tokens, 1) <> $1::int
            group by folder order by folder ${order}
         )
         (select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                 null::timestamptz as last_accessed_at, null::jsonb as metadata
            from folders)
         union all
         (select path_tokens[$1::int] as name, id, updated_at, created_at, last_accessed_at, metadata
            from matching where array_length(path_tokens, 1) = $1::int
           order by ${column} ${order})
         limit $4 offset $5`,
        [level, r.bucket, `${prefix}${search}`, limit, offset],
      ),
    );
    return { status: 200, body: rows.rows };
  }

  // ---------------------------------------------------------------- helpers

  /**
   * The caller is whoever the Authorization bearer token names; without one, the apikey's JWT.
   * An invalid token is refused the way Storage refuses it (HTTP 400, statusCode 403).
   */
  private async caller(req: IncomingMessage): Promise<Caller> {
    const bearer = /^bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    const apikey = req.headers.apikey;
    const token = bearer ?? (Array.isArray(apikey) ? apikey[0] : apikey);
    if (!token) return { role: 'anon', claims: { role: 'anon' } };
    try {
      const { payload } = await jwtVerify<Caller['claims']>(token, this.key, { algorithms: ['HS256'] });
      const role = typeof payload.role === 'string' && payload.role ? payload.role : 'anon';
      if (!API_ROLES.includes(role)) throw accessDenied(`The role "${role}" is not an API role`);
      return { role, claims: payload };
    } catch (err) {
      if (err instanceof StorageError) throw err;
      throw accessDenied(jwtFailure(err));
    }
  }

  /** Runs `work` in one transaction as the caller's database role, with PostgREST-style claims. */
  private asCaller<T>(caller: Caller, work: (db: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.opts.pool, async (db) => {
      await db.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [caller.role, JSON.stringify(caller.claims), typeof caller.claims.sub === 'string' ? caller.claims.sub : ''],
      );
      return work(db);
    });
  }

  private async findBucket(id: string): Promise<Bucket> {
    const rows = await this.opts.pool.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    const bucket = rows.rows[0];
    if (!bucket) throw noSuchBucket();
    return bucket;
  }

  /** Where an object's bytes live; names that would leave the bucket's folder are refused. */
  private objectPath(bucket: string, name: string): string {
    const segments = [bucket, ...name.split('/')];
    const invalid = (s: string) =>
      s === '' ||
      s === '.' ||
      s === '..' ||
      s.includes('\0') ||
      s.includes('\\') ||
      Buffer.byteLength(s) > MAX_SEGMENT_BYTES;
    if (!name || segments.some(invalid)) {
      throw storageError(400, 'InvalidKey', `Invalid key: ${bucket}/${name}`);
    }
    return path.join(this.dataDir, ...segments);
  }

  private async removeFiles(bucket: string, names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.objectPath(bucket, name), { force: true })));
  }
}

function readJson(req: IncomingMessage): Promise<Json> {
  return readJsonObject(req, MAX_JSON_BYTES, {
    tooLarge: entityTooLarge,
    invalid: () => invalidRequest('Body is not a JSON object'),
  });
}
