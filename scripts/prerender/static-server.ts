// A static file server that behaves like a static host serving `dist/`: a file per path
// (`/room/<id>` → `room/<id>.html`, `/it/` → `it/index.html`), the SPA shell for everything else
// (`/admin/*`, `/booking/<reference>`, unknown paths). The browser tests and the Lighthouse bench use
// it, so they load the site the way a visitor of the hosted site does.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headersFor, parseHeadersFile, type HeaderRule } from './security-headers';

/** The file a static host falls back to for a path with no file of its own (see docs/prerendering.md). */
export const SHELL_FILE = 'shell.html';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The file of `dist` that answers a URL path, and whether it is the SPA fallback. */
export function resolveStaticFile(dist: string, urlPath: string): { file: string; fallback: boolean } {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    path = '/';
  }
  const relative = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const base = join(dist, relative);
  if (base.startsWith(dist)) {
    const candidates = path.endsWith('/')
      ? [join(base, 'index.html')]
      : [base, `${base}.html`, join(base, 'index.html')];
    const found = candidates.find(isFile);
    if (found) return { file: found, fallback: false };
  }
  const shell = join(dist, SHELL_FILE);
  return { file: isFile(shell) ? shell : join(dist, 'index.html'), fallback: true };
}

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;

/** The rules of `dist/_headers` (the build writes it), read again when the file changes. */
function headerRules(dist: string): () => HeaderRule[] {
  const file = join(dist, '_headers');
  let cache: { stamp: string; rules: HeaderRule[] } | null = null;
  return () => {
    if (!isFile(file)) return [];
    const { mtimeMs, size } = statSync(file);
    const stamp = `${mtimeMs}:${size}`;
    if (cache?.stamp !== stamp) cache = { stamp, rules: parseHeadersFile(readFileSync(file, 'utf8')) };
    return cache.rules;
  };
}

/**
 * Serves `dir` on 127.0.0.1 (port 0 = a free one) as a static host does: brotli or gzip for text,
 * hashed assets cached for a year, pages revalidated, the headers of `_headers` (Netlify's format)
 * on every answer; `_headers` itself is not served.
 */
export async function serveStatic(dir: string, port = 0): Promise<StaticServer> {
  const dist = resolve(dir);
  const compressed = new Map<string, Buffer>();
  const rules = headerRules(dist);
  const server = createServer((request, response) => {
    const urlPath = (request.url ?? '/').split(/[?#]/)[0];
    for (const [name, value] of Object.entries(headersFor(rules(), urlPath))) response.setHeader(name, value);
    const { file } = resolveStaticFile(dist, urlPath === '/_headers' ? '/__no_such_file__' : (request.url ?? '/'));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.statusCode = 500;
      response.end();
      return;
    }
    response.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    response.setHeader(
      'Cache-Control',
      file.startsWith(join(dist, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.test(file)
      ? null
      : accepts.includes('br')
        ? 'br'
        : accepts.includes('gzip')
          ? 'gzip'
          : null;
    if (encoding) {
      const { mtimeMs, size } = statSync(file);
      // a rebuild replaces files under the same names (the pages, the shell)
      const key = `${encoding}:${file}:${mtimeMs}:${size}`;
      if (!compressed.has(key)) {
        // a CDN's on-the-fly level: fast enough not to hold other requests up (the default, 11, takes seconds)
        const options = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
        compressed.set(key, encoding === 'br' ? brotliCompressSync(body, options) : gzipSync(body, { level: 6 }));
      }
      body = compressed.get(key)!;
      response.setHeader('Content-Encoding', encoding);
      response.setHeader('Vary', 'Accept-Encoding');
    }
    response.setHeader('Content-Length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
