// Serving an object's bytes: content headers, ?download=, conditional requests (If-None-Match)
// and single byte ranges (`Range: bytes=…`), as Storage serves them from its backend.
import { stat } from 'node:fs/promises';
import type { Reply } from '../shared/http';
import type { StorageContext, StorageRequest } from './context';
import { downloadSafetyHeaders } from './content-types';
import { noSuchKey } from './errors';
import type { ObjectRow } from './objects';

export async function fileReply(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  object: ObjectRow | undefined,
): Promise<Reply> {
  if (!object) throw noSuchKey();
  const metadata = object.metadata ?? {};
  const file = ctx.objectPath(bucket, object.name);
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

  const range = byteRange(r.req.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { 'content-range': `bytes */${info.size}`, 'accept-ranges': 'bytes' } };
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { status: 206, headers, file, range };
  }
  return { status: 200, headers, file };
}

/**
 * The one byte range a `Range` header asks for (inclusive ends), 'unsatisfiable' when it starts
 * past the end, or null to serve the whole file: no header, another unit, a malformed value, or
 * several ranges (which a server may answer in full).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (size === 0) return 'unsatisfiable';
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
