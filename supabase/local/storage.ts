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
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

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
  return {
    handle: (req, res) => service.handle(req, res),
    close: async () => undefined,
  };
}

// ------------------------------------------------------------------ types

const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';
const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'];

type Json = Record<string, unknown>;

interface Caller {
  role: string;
  claims: JWTPayload & { role?: string };
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

interface IncomingFile {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  file?: string;
}

interface Request {
  req: IncomingMessage;
  url: URL;
  /** The bucket and object name, URL-decoded. */
  bucket: string;
  name: string;
}

type Handler = (r: Request) => Promise<Reply>;

// ------------------------------------------------------------------ errors

class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /** Storage answers 400 for every error but a 500; the real status is in `statusCode`. */
  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  toJSON(): Json {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** The one way this service reports a failure; `error` defaults to the code, as in Storage. */
function storageError(statusCode: number, code: string, message: string, error: string = code): StorageError {
  return new StorageError(statusCode, code, error, message);
}

const noSuchBucket = () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
const noSuchKey = () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found');
const accessDenied = (message: string) => storageError(403, 'AccessDenied', message, 'Unauthorized');
const invalidRequest = (message: string) => storageError(400, 'InvalidRequest', message);

/** Postgres errors as Storage's DBError maps them. */
function fromDatabaseError(err: unknown): unknown {
  const pgError = err as { code?: string; message?: string };
  switch (pgError?.code) {
    case '42501':
      return accessDenied(
        pgError.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (pgError.message ?? 'Access denied'),
      );
    case '23505': // the only unique violation here: an object name taken (upload without x-upsert)
      return storageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate');
    case '23503':
      return storageError(404, 'RelatedResourceNotFound', 'The related resource does not exist', 'not_found');
    case '22P02':
      return storageError(400, 'InvalidParameter', `Invalid parameter: ${pgError.message ?? ''}`);
    default:
      return err;
  }
}

// ------------------------------------------------------------------ service

class StorageApi {
  private readonly key: Uint8Array;
  private readonly dataDir: string;
  private readonly routes: Array<[string, RegExp, Handler]>;

  constructor(private readonly opts: StorageOptions) {
    this.key = new TextEncoder().encode(opts.jwtSecret);
    this.dataDir = path.resolve(opts.dataDir);
    // Order matters: the fixed words (list, public, authenticated, info) come before /object/:bucket.
    this.routes = [
      ['GET', /^\/bucket$/, (r) => this.listBuckets(r)],
      ['GET', /^\/bucket\/([^/]+)$/, (r) => this.getBucket(r)],
      ['POST', /^\/object\/list\/([^/]+)$/, (r) => this.listObjects(r)],
      ['GET', /^\/object\/public\/([^/]+)\/(.+)$/, (r) => this.downloadPublic(r)],
      ['GET', /^\/object\/authenticated\/([^/]+)\/(.+)$/, (r) => this.download(r)],
      ['GET', /^\/object\/info\/(?:authenticated\/)?([^/]+)\/(.+)$/, (r) => this.objectInfo(r)],
      ['GET', /^\/object\/([^/]+)\/(.+)$/, (r) => this.download(r)],
      ['POST', /^\/object\/([^/]+)\/(.+)$/, (r) => this.upload(r, r.req.headers['x-upsert'] === 'true')],
      ['PUT', /^\/object\/([^/]+)\/(.+)$/, (r) => this.upload(r, true)],
      ['DELETE', /^\/object\/([^/]+)$/, (r) => this.removeObjects(r)],
      ['DELETE', /^\/object\/([^/]+)\/(.+)$/, (r) => this.removeObject(r)],
    ];
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = await this.dispatch(req);
    } catch (err) {
      reply = this.errorReply(req, fromDatabaseError(err));
    }
    await send(req, res, reply);
  }

  private dispatch(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://storage.local');
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    for (const [routeMethod, pattern, handler] of this.routes) {
      const match = routeMethod === method ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      const [bucket = '', name = ''] = match.slice(1).map(decodePath);
      return handler({ req, url, bucket, name: name.replace(/\/+/g, '/') });
    }
    throw storageError(404, 'NotFound', `Route ${req.method}:${url.pathname} not found`, 'Not Found');
  }

  private errorReply(req: IncomingMessage, err: unknown): Reply {
    if (err instanceof StorageError) return { status: err.httpStatus, body: err };
    this.opts.log?.(`storage: ${req.method} ${req.url} failed: ${(err as Error)?.stack ?? String(err)}`);
    return { status: 500, body: storageError(500, 'InternalError', 'Internal Server Error', 'Internal') };
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
    const headers: Record<string, string> = {
      'content-type': metadata.mimetype ?? 'application/octet-stream',
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
      return { role: typeof payload.role === 'string' && payload.role ? payload.role : 'anon', claims: payload };
    } catch (err) {
      throw accessDenied(jwtFailure(err));
    }
  }

  /** Runs `work` in one transaction as the caller's database role, with PostgREST-style claims. */
  private async asCaller<T>(caller: Caller, work: (db: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.opts.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [caller.role, JSON.stringify(caller.claims), typeof caller.claims.sub === 'string' ? caller.claims.sub : ''],
      );
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
    if (!name || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0') || s.includes('\\'))) {
      throw storageError(400, 'InvalidKey', `Invalid key: ${bucket}/${name}`);
    }
    return path.join(this.dataDir, ...segments);
  }

  private async removeFiles(bucket: string, names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.objectPath(bucket, name), { force: true })));
  }
}

// ------------------------------------------------------------------ objects in SQL

interface ObjectRow {
  id: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  created_at: Date;
}

async function findObject(db: Pool | PoolClient, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const rows = await db.query<ObjectRow>(
    'select id, version, metadata, created_at from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return rows.rows[0];
}

function bucketJson(row: Json): Json {
  const limit = row.file_size_limit;
  return { ...row, file_size_limit: limit === null || limit === undefined ? null : Number(limit) };
}

function uuidOrNull(value: string | null): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;
}

// ------------------------------------------------------------------ uploads

function maxFileSize(bucket: Bucket, globalLimit: number): number {
  const limit = bucket.file_size_limit === null ? NaN : Number(bucket.file_size_limit);
  return Number.isFinite(limit) && limit > 0 ? Math.min(limit, globalLimit) : globalLimit;
}

const entityTooLarge = () =>
  storageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large');

/** Reads a multipart (storage-js with a Blob/File/FormData) or raw upload body within the size limit. */
async function readUpload(req: IncomingMessage, limit: number): Promise<IncomingFile> {
  const contentType = req.headers['content-type'] ?? '';
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
  const declared = Number(req.headers['content-length']);
  if (!multipart && Number.isFinite(declared) && declared > limit) {
    req.resume(); // let the client finish sending before it reads the refusal
    throw entityTooLarge();
  }
  const body = await readBody(req, limit + (multipart ? MULTIPART_OVERHEAD : 0));
  if (!body) throw entityTooLarge();
  const file = multipart ? await parseMultipart(contentType, body) : rawFile(req, body);
  if (file.bytes.length > limit) throw entityTooLarge();
  return file;
}

function rawFile(req: IncomingMessage, bytes: Buffer): IncomingFile {
  const cacheControl = req.headers['cache-control'];
  return {
    bytes,
    mimetype: req.headers['content-type'] || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? cacheControl : 'no-cache',
  };
}

async function parseMultipart(contentType: string, body: Buffer): Promise<IncomingFile> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch (err) {
    throw invalidRequest(`No content provided: ${(err as Error).message}`);
  }
  let file: File | undefined;
  for (const value of form.values()) {
    if (typeof value !== 'string') {
      file = value;
      break;
    }
  }
  if (!file) throw invalidRequest('No content provided');
  const cacheTime = form.get('cacheControl');
  const explicitType = form.get('contentType');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: (typeof explicitType === 'string' && explicitType) || file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime ? `max-age=${cacheTime}` : 'no-cache',
  };
}

/** Storage's validateMimeType: exact type/subtype or a type/* wildcard. */
function checkMimeType(mimetype: string, allowed: string[]): void {
  const [type, subtype] = mimetype.split('/');
  const accepted =
    subtype !== undefined &&
    allowed.some((entry) => {
      const [allowedType, allowedSubtype] = entry.split('/');
      return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
    });
  if (!accepted)
    throw storageError(415, 'InvalidMimeType', `mime type ${mimetype} is not supported`, 'invalid_mime_type');
}

function objectMetadata(file: IncomingFile): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
}

async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

// ------------------------------------------------------------------ HTTP plumbing

function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidRequest(`Invalid path: ${segment}`);
  }
}

/** The messages Storage's JWT check gives, which clients and tests look for. */
function jwtFailure(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}

/**
 * Reads the whole body; past `limit` bytes the rest is drained and discarded (so the client can
 * read the refusal) and null is returned.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const body = await readBody(req, MAX_JSON_BYTES);
  if (body === null) throw entityTooLarge();
  const text = body.toString('utf8').trim();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // fall through to the refusal below
  }
  throw invalidRequest('Body is not a JSON object');
}

async function send(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  if (reply.file) {
    res.writeHead(reply.status, reply.headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(reply.file as string);
      stream.on('error', () => res.destroy());
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
    return;
  }
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(payload ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    'content-length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}
