// What every storage handler stands on: who is calling, running SQL as them, the bucket they
// name, and where an object's bytes live on disk.
import type { IncomingMessage } from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { jwtVerify, type JWTPayload } from 'jose';
import { inTransaction } from '../shared/transaction';
import { readJsonObject, type Json, type Reply } from '../shared/http';
import {
  accessDenied,
  entityTooLarge,
  invalidRequest,
  jwtFailure,
  noSuchBucket,
  storageError,
  StorageError,
} from './errors';
import type { Bucket } from './uploads';

export interface Caller {
  role: string;
  claims: JWTPayload & { role?: string };
}

export interface StorageRequest {
  req: IncomingMessage;
  url: URL;
  /** The bucket and object name from the path, URL-decoded. */
  bucket: string;
  name: string;
}

export type Handler = (r: StorageRequest) => Promise<Reply>;

const API_ROLES = ['anon', 'authenticated', 'service_role'];
const MAX_JSON_BYTES = 1024 * 1024;
/** The longest file name the disk takes (most file systems: 255 bytes). */
const MAX_SEGMENT_BYTES = 255;

export class StorageContext {
  readonly key: Uint8Array;
  readonly dataDir: string;

  constructor(
    readonly pool: Pool,
    jwtSecret: string,
    dataDir: string,
    /** Upload limit for buckets without file_size_limit. */
    readonly maxFileSize: number,
  ) {
    this.key = new TextEncoder().encode(jwtSecret);
    this.dataDir = path.resolve(dataDir);
  }

  /**
   * The caller is whoever the Authorization bearer token names; without one, the apikey's JWT.
   * An invalid token is refused the way Storage refuses it (HTTP 400, statusCode 403).
   */
  async caller(req: IncomingMessage): Promise<Caller> {
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
  asCaller<T>(caller: Caller, work: (db: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (db) => {
      await db.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [caller.role, JSON.stringify(caller.claims), callerId(caller) ?? ''],
      );
      return work(db);
    });
  }

  /** The bucket's limits, read with the platform's own role (the caller may not see buckets). */
  async findBucket(id: string): Promise<Bucket> {
    const rows = await this.pool.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    const bucket = rows.rows[0];
    if (!bucket) throw noSuchBucket();
    return bucket;
  }

  /** Where an object's bytes live; names that would leave the bucket's folder are refused. */
  objectPath(bucket: string, name: string): string {
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

  async removeFiles(bucket: string, names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.objectPath(bucket, name), { force: true })));
  }
}

/** The caller's user id (the JWT's sub), if any. */
export function callerId(caller: Caller): string | null {
  return typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
}

export function readJson(req: IncomingMessage): Promise<Json> {
  return readJsonObject(req, MAX_JSON_BYTES, {
    tooLarge: () => entityTooLarge(),
    invalid: () => invalidRequest('Body is not a JSON object'),
  });
}

/** A required string property of a JSON body, refused as Storage's schema check words it. */
export function requiredString(body: Json, property: string): string {
  const value = body[property];
  if (typeof value !== 'string' || value === '') {
    throw storageError(400, 'InvalidRequest', `body must have required property '${property}'`, 'Bad Request');
  }
  return value;
}
