// Upload bodies (multipart or raw) within the bucket's size limit, MIME checks, object metadata
// (Storage's own and the caller's custom metadata) and atomic writes of the bytes.
import type { IncomingMessage } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readBody, type Json } from '../shared/http';
import { entityTooLarge, invalidRequest, storageError } from './errors';

const MULTIPART_OVERHEAD = 64 * 1024;
/** Custom metadata larger than this is refused, as Storage caps user_metadata. */
const MAX_USER_METADATA_BYTES = 1024 * 1024;

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface IncomingFile {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  /** the uploader's custom metadata (`x-metadata` header or multipart `metadata` field) */
  userMetadata: Json | null;
}

export function maxFileSize(bucket: Bucket, globalLimit: number): number {
  const limit = bucket.file_size_limit === null ? NaN : Number(bucket.file_size_limit);
  return Number.isFinite(limit) && limit > 0 ? Math.min(limit, globalLimit) : globalLimit;
}

/** Reads a multipart (storage-js with a Blob/File/FormData) or raw upload body within the size limit. */
export async function readUpload(req: IncomingMessage, limit: number): Promise<IncomingFile> {
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
  const encodedMetadata = req.headers['x-metadata'];
  return {
    bytes,
    mimetype: req.headers['content-type'] || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? cacheControl : 'no-cache',
    userMetadata:
      typeof encodedMetadata === 'string'
        ? parseUserMetadata(Buffer.from(encodedMetadata, 'base64').toString('utf8'))
        : null,
  };
}

/** Custom metadata must be a JSON object; anything else is refused rather than dropped. */
export function parseUserMetadata(text: string): Json {
  if (Buffer.byteLength(text) > MAX_USER_METADATA_BYTES) {
    throw entityTooLarge('user_metadata');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidRequest('Invalid metadata: it must be a JSON object (base64-encoded in x-metadata)');
  }
  return parsed as Json;
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
  const metadata = form.get('metadata');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: (typeof explicitType === 'string' && explicitType) || file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: typeof metadata === 'string' ? parseUserMetadata(metadata) : null,
  };
}

/** Storage's validateMimeType: exact type/subtype or a type/* wildcard. */
export function checkMimeType(mimetype: string, allowed: string[]): void {
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

export function objectMetadata(file: IncomingFile): ObjectMetadata {
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

/** Puts `bytes` (or a copy of the file at `source`) at `target` in one step: readers never see half a file. */
export async function writeAtomically(target: string, content: Buffer | { source: string }): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await (Buffer.isBuffer(content) ? writeFile(temporary, content) : copyFile(content.source, temporary));
    await rename(temporary, target);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}
