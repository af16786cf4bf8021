// What an upload may claim to be and how a download is served. A content type must be a plain
// `type/subtype` (RFC 6838 names, optional parameters); a raster image must start with its
// format's signature; anything a browser could run (HTML, SVG, XML, scripts, unknown types) is
// served as an attachment under a sandbox CSP, so a stored file never runs on the API's origin.
import { storageError } from './errors';

const NAME = '[a-z0-9][a-z0-9!#$&^_.+-]{0,126}';
const MIME_TYPE = new RegExp(
  `^(${NAME})/(${NAME})(\\s*;\\s*[a-z0-9!#$&^_.+-]+=("[^"\\r\\n]*"|[a-z0-9!#$&^_.+-]+))*$`,
  'i',
);

const invalidMimeType = (mimetype: string) =>
  storageError(415, 'InvalidMimeType', `mime type ${JSON.stringify(mimetype)} is not valid`, 'invalid_mime_type');

/** The content type as stored: lower-case type/subtype plus its parameters; refuses anything else. */
export function normalizeMimeType(mimetype: string): string {
  const trimmed = mimetype.trim();
  const match = MIME_TYPE.exec(trimmed);
  if (!match || match[1] === '.' || match[2]?.includes('..')) throw invalidMimeType(mimetype);
  return `${match[1]!.toLowerCase()}/${match[2]!.toLowerCase()}${trimmed.slice(match[1]!.length + 1 + match[2]!.length)}`;
}

/** The essence (`type/subtype`) of a stored content type. */
export function essence(mimetype: string): string {
  return mimetype.split(';')[0]!.trim().toLowerCase();
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Leading bytes of each raster format: offset → bytes (all must match). */
const SIGNATURES: Record<string, Array<Array<[number, number[]]>>> = {
  'image/png': [[[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]]],
  'image/jpeg': [[[0, [0xff, 0xd8, 0xff]]]],
  'image/gif': [[[0, ascii('GIF87a')]], [[0, ascii('GIF89a')]]],
  'image/webp': [
    [
      [0, ascii('RIFF')],
      [8, ascii('WEBP')],
    ],
  ],
  'image/avif': [[[4, ascii('ftypavif')]], [[4, ascii('ftypavis')]]],
  'image/bmp': [[[0, ascii('BM')]]],
  'image/x-icon': [[[0, [0, 0, 1, 0]]]],
  'image/vnd.microsoft.icon': [[[0, [0, 0, 1, 0]]]],
};

/** Refuses a raster image whose bytes are not of the format it claims. Other types are not sniffed. */
export function checkImageBytes(mimetype: string, bytes: Uint8Array): void {
  const type = essence(mimetype);
  const alternatives = SIGNATURES[type === 'image/jpg' ? 'image/jpeg' : type];
  if (!alternatives) return;
  const matches = alternatives.some((parts) =>
    parts.every(([offset, expected]) => expected.every((byte, i) => bytes[offset + i] === byte)),
  );
  if (!matches) {
    throw storageError(415, 'InvalidMimeType', `The file's content is not ${type}`, 'invalid_mime_type');
  }
}

/** Types a browser only displays: served inline. Everything else is served as an attachment, sandboxed. */
const PASSIVE = new Set([
  ...Object.keys(SIGNATURES),
  'image/jpg',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/json',
  'application/octet-stream',
]);

export function isPassive(mimetype: string): boolean {
  const type = essence(mimetype);
  return PASSIVE.has(type) || type.startsWith('audio/') || type.startsWith('video/') || type.startsWith('font/');
}

/** Headers every download gets, and for active content the attachment and sandbox that keep it inert. */
export function downloadSafetyHeaders(mimetype: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (!isPassive(mimetype)) {
    headers['content-security-policy'] = "default-src 'none'; sandbox";
    headers['content-disposition'] = 'attachment';
  }
  return headers;
}
