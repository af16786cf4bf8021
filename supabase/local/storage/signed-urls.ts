// Signed URLs, as Storage issues them: a JWT signed with the project's secret that names one object
// (`url`: "<bucket>/<name>") and what it allows (`scope`: download or upload). Whoever holds the
// URL may use it until it expires, without an apikey or a session; issuing one takes the caller's
// select (download) or insert (upload) permission on the object.
import { SignJWT, jwtVerify } from 'jose';
import type { Reply } from '../shared/http';
import { callerId, readJson, type Caller, type StorageContext, type StorageRequest } from './context';
import { fileReply } from './downloads';
import { invalidJwt, invalidRequest, invalidSignature, jwtFailure, noSuchKey } from './errors';
import { receiveUpload } from './object-handlers';
import { findObject, insertObjectRow } from './objects';

type Scope = 'download' | 'upload';

interface SignedToken {
  url: string;
  scope: Scope;
  /** upload tokens: who will own the object, and whether it may replace one */
  owner?: string | null;
  upsert?: boolean;
}

/** Signed upload URLs last two hours, as on Storage. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const MAX_BATCH = 1000;

/** POST /object/sign/:bucket/:name {expiresIn} → {signedURL} for an object the caller can read. */
export async function signUrl(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const expiresIn = readExpiresIn((await readJson(r.req)).expiresIn);
  const object = await ctx.asCaller(caller, (db) => findObject(db, r.bucket, r.name));
  if (!object) throw noSuchKey();
  return { status: 200, body: { signedURL: await downloadUrl(ctx, r.bucket, r.name, expiresIn) } };
}

/** POST /object/sign/:bucket {expiresIn, paths} → one entry per path, with an error where the caller cannot read it. */
export async function signUrls(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const body = await readJson(r.req);
  const expiresIn = readExpiresIn(body.expiresIn);
  const paths = body.paths;
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    paths.length > MAX_BATCH ||
    paths.some((p) => typeof p !== 'string')
  ) {
    throw invalidRequest(`paths must be a list of 1 to ${MAX_BATCH} object names`);
  }
  const readable = await ctx.asCaller(caller, (db) =>
    db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [
      r.bucket,
      paths,
    ]),
  );
  const names = new Set(readable.rows.map((row) => row.name));
  const entries = await Promise.all(
    (paths as string[]).map(async (path) =>
      names.has(path)
        ? { error: null, path, signedURL: await downloadUrl(ctx, r.bucket, path, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  return { status: 200, body: entries };
}

/** GET /object/sign/:bucket/:name?token=… : the bytes, for whoever holds the token. */
export async function downloadSigned(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  await verifyToken(ctx, r, 'download');
  return fileReply(ctx, r, r.bucket, await findObject(ctx.pool, r.bucket, r.name));
}

/**
 * POST /object/upload/sign/:bucket/:name (x-upsert) → {url, token}. The caller's insert (and
 * for x-upsert, update) policies are tried now, in a transaction rolled back afterwards.
 */
export async function signUploadUrl(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  await ctx.findBucket(r.bucket);
  ctx.objectPath(r.bucket, r.name);
  const upsert = r.req.headers['x-upsert'] === 'true';
  await tryUpload(ctx, caller, r.bucket, r.name, upsert);
  const token = await sign(
    ctx,
    { url: `${r.bucket}/${r.name}`, scope: 'upload', owner: callerId(caller), upsert },
    UPLOAD_URL_SECONDS,
  );
  return { status: 200, body: { url: `/object/upload/sign/${r.bucket}/${r.name}?token=${token}`, token } };
}

/** PUT /object/upload/sign/:bucket/:name?token=… : the upload the token allows, owned by who asked for it. */
export async function uploadSigned(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const token = await verifyToken(ctx, r, 'upload');
  await receiveUpload(ctx, r, { caller: null, owner: token.owner ?? null, upsert: token.upsert === true });
  return { status: 200, body: { Key: `${r.bucket}/${r.name}` } };
}

async function downloadUrl(ctx: StorageContext, bucket: string, name: string, expiresIn: number): Promise<string> {
  const url = `${bucket}/${name}`;
  return `/object/sign/${url}?token=${await sign(ctx, { url, scope: 'download' }, expiresIn)}`;
}

function sign(ctx: StorageContext, claims: SignedToken, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(ctx.key);
}

/** The token in ?token=, checked: signature, expiry, scope, and that it names this very object. */
async function verifyToken(ctx: StorageContext, r: StorageRequest, scope: Scope): Promise<SignedToken> {
  const token = r.url.searchParams.get('token');
  if (!token) throw invalidRequest("querystring must have required property 'token'");
  let claims: Partial<SignedToken>;
  try {
    claims = (await jwtVerify<Partial<SignedToken>>(token, ctx.key, { algorithms: ['HS256'] })).payload;
  } catch (err) {
    throw invalidJwt(jwtFailure(err));
  }
  if (claims.scope !== scope) throw invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${r.bucket}/${r.name}`) throw invalidSignature();
  return claims as SignedToken;
}

function readExpiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  }
  return value;
}

const rolledBack = Symbol('rolled back');

/** Inserts (or upserts) a trial row as the caller and rolls it back: refused exactly when the upload would be. */
async function tryUpload(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  name: string,
  upsert: boolean,
): Promise<void> {
  const trial = { bucket, name, owner: callerId(caller), metadata: null, userMetadata: null, upsert };
  await ctx
    .asCaller(caller, async (db) => {
      await insertObjectRow(db, trial);
      throw rolledBack;
    })
    .catch((err) => {
      if (err !== rolledBack) throw err;
    });
}
