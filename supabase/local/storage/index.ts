// A Storage-API-compatible service for the local platform: the object and bucket endpoints
// @supabase/storage-js calls, with Storage's error body `{ statusCode, code, error, message }`
// (sent with HTTP 400 unless the error is a 500, as Storage does).
//
// Rows are read, written and deleted AS THE CALLER: each statement runs in a transaction that
// first does `set_config('role', <jwt role>, true)` and `set_config('request.jwt.claims', …,
// true)`, so the row-level security policies on storage.objects and storage.buckets decide. The
// one exception, as on Storage, is an upload to a signed upload URL: its token (issued only after
// the caller's insert was tried) is the permission. Bytes live on disk under
// <dataDir>/<bucket>/<object name>; they are written only once the row insert has succeeded and
// removed again if the transaction fails, and deleted only after their rows are.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { Router, decodeSegment, serviceHandler, type Reply } from '../shared/http';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets';
import { StorageContext, type Handler } from './context';
import { fromDatabaseError, invalidRequest, storageError } from './errors';
import { listObjects, listObjectsV2 } from './listing';
import {
  copyObject,
  download,
  downloadPublic,
  moveObject,
  objectInfo,
  removeObject,
  removeObjects,
  upload,
} from './object-handlers';
import { downloadSigned, signUploadUrl, signUrl, signUrls, uploadSigned } from './signed-urls';

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

const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;

export function createStorageService(opts: StorageOptions): StorageService {
  const ctx = new StorageContext(opts.pool, opts.jwtSecret, opts.dataDir, opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  const router = storageRoutes(ctx);
  const handle = serviceHandler((req) => dispatch(router, req), {
    name: 'storage',
    internalError: () => storageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
    mapError: fromDatabaseError,
    log: opts.log,
  });
  return { handle, close: async () => undefined };
}

/** Order matters: fixed words (list, sign, move, info, …) come before the generic /object/:bucket/:name. */
function storageRoutes(ctx: StorageContext): Router<Handler> {
  const bucket = '([^/]+)';
  const object = '([^/]+)/(.+)';
  const on =
    (handler: (ctx: StorageContext, r: Parameters<Handler>[0]) => Promise<Reply>): Handler =>
    (r) =>
      handler(ctx, r);
  return new Router<Handler>()
    .add('GET', /^\/bucket$/, on(listBuckets))
    .add('POST', /^\/bucket$/, on(createBucket))
    .add('POST', new RegExp(`^/bucket/${bucket}/empty$`), on(emptyBucket))
    .add('GET', new RegExp(`^/bucket/${bucket}$`), on(getBucket))
    .add('PUT', new RegExp(`^/bucket/${bucket}$`), on(updateBucket))
    .add('DELETE', new RegExp(`^/bucket/${bucket}$`), on(deleteBucket))
    .add('POST', new RegExp(`^/object/list/${bucket}$`), on(listObjects))
    .add('POST', new RegExp(`^/object/list-v2/${bucket}$`), on(listObjectsV2))
    .add('POST', /^\/object\/move$/, on(moveObject))
    .add('POST', /^\/object\/copy$/, on(copyObject))
    .add('POST', new RegExp(`^/object/sign/${object}$`), on(signUrl))
    .add('POST', new RegExp(`^/object/sign/${bucket}$`), on(signUrls))
    .add('GET', new RegExp(`^/object/sign/${object}$`), on(downloadSigned))
    .add('POST', new RegExp(`^/object/upload/sign/${object}$`), on(signUploadUrl))
    .add('PUT', new RegExp(`^/object/upload/sign/${object}$`), on(uploadSigned))
    .add('GET', new RegExp(`^/object/public/${object}$`), on(downloadPublic))
    .add('GET', new RegExp(`^/object/authenticated/${object}$`), on(download))
    .add('GET', new RegExp(`^/object/info/(?:authenticated/)?${object}$`), on(objectInfo))
    .add('GET', new RegExp(`^/object/${object}$`), on(download))
    .add(
      'POST',
      new RegExp(`^/object/${object}$`),
      on((c, r) => upload(c, r, r.req.headers['x-upsert'] === 'true')),
    )
    .add(
      'PUT',
      new RegExp(`^/object/${object}$`),
      on((c, r) => upload(c, r, true)),
    )
    .add('DELETE', new RegExp(`^/object/${bucket}$`), on(removeObjects))
    .add('DELETE', new RegExp(`^/object/${object}$`), on(removeObject));
}

function dispatch(router: Router<Handler>, req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://storage.local');
  const route = router.match(req.method, url.pathname);
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
