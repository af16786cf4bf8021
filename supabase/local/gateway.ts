import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { decodeJwt, jwtVerify } from 'jose';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface GatewayOptions {
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  restPort: () => number;
  functionsPort: () => number;
  auth: Handler;
  storage: Handler;
  /** the local inbox (/inbox, /inbox/api/*), served without an apikey */
  inbox?: Handler;
  /** function name → verify_jwt */
  functions: Map<string, boolean>;
  /** how long an upstream may take before the gateway answers 504 */
  upstreamTimeoutMs?: number;
  /**
   * Refuse regular-expression filters (match, imatch) on REST for every role but service_role.
   * For PGlite, which ignores statement_timeout and runs one query at a time: one catastrophic
   * pattern would otherwise hold the whole database for minutes.
   */
  refuseRegexFilters?: boolean;
  log?: (line: string) => void;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Answers of PostgREST up to this size are sent in one write; larger ones stream. */
const BUFFERED_ANSWER_BYTES = 256 * 1024;

/** The request headers @supabase/supabase-js (auth, postgrest, storage, functions) sends. */
const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-upsert',
  'cache-control',
  'x-supabase-api-version',
  'x-region',
].join(', ');

/** CORS as hosted Supabase answers it: any origin, no credentials (the API is keyed by headers, not cookies). */
const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': ALLOWED_HEADERS,
  'access-control-expose-headers':
    'content-range, content-location, x-total-count, link, preference-applied, content-type, etag',
  'access-control-max-age': '86400',
});
const CORS_ENTRIES = Object.entries(CORS_HEADERS);

/** The roles an API token may carry; PostgREST's authenticator can switch to no other. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are never forwarded: a client's
// `Connection: close` must not close the gateway's pooled keep-alive socket to PostgREST.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** Headers that name the client's address; only the gateway writes them (x-forwarded-for). */
const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip', 'true-client-ip'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const kept = { ...headers };
  for (const name of [...HOP_BY_HOP, ...named]) delete kept[name];
  return kept;
}

/** A `match`/`imatch` filter anywhere in a PostgREST query string, also inside or=(…) and and=(…). */
function hasRegexFilter(search: URLSearchParams): boolean {
  for (const [name, value] of search) {
    if (['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'].includes(name)) continue;
    if (/(^|[.(,])(not\.)?i?match\./.test(value)) return true;
  }
  return false;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', ...CORS_HEADERS });
  res.end(JSON.stringify(body));
}

/** The `role` claim of a JWT, without checking the signature (undefined when it is not a JWT). */
function tokenRole(token: string): string | undefined {
  try {
    const role = decodeJwt(token).role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

/** The address the request really came from; whatever the client claims is overwritten. */
function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/**
 * As on Supabase, some requests need no key: reading public files and signed URLs (an <img>
 * cannot send headers; the URL's token is the permission), uploads to a signed upload URL, e-mail
 * links opened by a browser, and functions, which check their own JWT (verify_jwt) instead.
 */
function needsApiKey(method: string, path: string): boolean {
  if (path === '/auth/v1/verify' || path === '/auth/v1/.well-known/jwks.json') return false;
  if (path.startsWith('/functions/v1/')) return false;
  if (method === 'PUT' && path.startsWith('/storage/v1/object/upload/sign/')) return false;
  const reading = method === 'GET' || method === 'HEAD';
  return !(reading && (path.startsWith('/storage/v1/object/public/') || path.startsWith('/storage/v1/object/sign/')));
}

/** Why the edge runtime refuses a call to a verify_jwt function, in its own words; null when the JWT is valid. */
async function functionJwtRefusal(req: IncomingMessage, secret: Uint8Array): Promise<string | null> {
  const header = req.headers.authorization;
  if (!header) return 'Error: Missing authorization header';
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return "Error: Auth header is not 'Bearer {token}'";
  const valid = await jwtVerify(token ?? '', secret).then(
    () => true,
    () => false,
  );
  return valid ? null : 'Invalid JWT';
}

export function createGateway(options: GatewayOptions) {
  const secret = new TextEncoder().encode(options.jwtSecret);
  const timeout = options.upstreamTimeoutMs ?? 30_000;
  const validKeys = new Set([options.anonKey, options.serviceRoleKey]);

  /**
   * Forwards to a local part the request `route` cleaned (no hop-by-hop header left); `cors` adds
   * the gateway's CORS headers (functions answer their own); `buffer` sends a small answer whole.
   */
  function proxy(
    req: IncomingMessage,
    res: ServerResponse,
    part: string,
    port: number,
    path: string,
    { cors = true, buffer = false } = {},
  ) {
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path, headers: req.headers, agent },
      (response) => {
        const headers = withoutHopByHop(response.headers);
        const status = response.statusCode ?? 502;
        const send = () => res.writeHead(status, cors ? { ...headers, ...CORS_HEADERS } : headers);
        const bodyless = req.method === 'HEAD' || status === 204 || status === 304;
        if (!buffer || bodyless) {
          send();
          return void response.pipe(res);
        }
        // PostgREST answers in chunks; gathered, the answer leaves in one write with its length
        // instead of one write per chunk and one for the end. A large answer streams on.
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = () => {
          response.off('data', gather).off('end', finish);
          send();
          for (const chunk of chunks) res.write(chunk);
          response.pipe(res);
        };
        const gather = (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > BUFFERED_ANSWER_BYTES) stream();
        };
        const finish = () => {
          headers['content-length'] ??= String(size);
          send();
          res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
        };
        response.on('data', gather).on('end', finish);
        response.on('error', () => res.destroy());
      },
    );
    upstream.setTimeout(timeout, () => {
      upstream.destroy();
      sendJson(res, 504, { message: `The ${part} service did not answer within ${timeout / 1000} s` });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy();
      options.log?.(`gateway: ${part} unreachable (${error.code ?? error.message})`);
      sendJson(res, 502, { message: `The ${part} service is unavailable`, code: error.code ?? 'upstream_error' });
    });
    req.pipe(upstream);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://gateway');
    } catch {
      return sendJson(res, 400, { message: 'Malformed request target' });
    }
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const isFunction = path.startsWith('/functions/v1/');
    // A function answers its own preflight, as on Supabase; every other prefix is answered here.
    if (method === 'OPTIONS' && !isFunction) {
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    if (options.inbox && (path === '/inbox' || path.startsWith('/inbox/'))) {
      for (const [name, value] of CORS_ENTRIES) res.setHeader(name, value);
      return options.inbox(req, res);
    }
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
    if (needsApiKey(method, path)) {
      if (!apikey)
        return sendJson(res, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        });
      if (!validKeys.has(apikey))
        return sendJson(res, 401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        });
    }
    if (!req.headers.authorization && apikey && validKeys.has(apikey)) req.headers.authorization = `Bearer ${apikey}`;
    const token = bearer(req);
    const role = token ? tokenRole(token) : undefined;
    if (role !== undefined && !API_ROLES.has(role)) {
      return sendJson(res, 401, {
        message: `The JWT role "${role}" is not an API role`,
        hint: 'API tokens carry the role anon, authenticated or service_role.',
        code: 'invalid_jwt_role',
      });
    }
    // The gateway is the trusted proxy in front: first the hop-by-hop headers go (a client's
    // `Connection: x-forwarded-for` would otherwise strip what is set next), then every header in
    // which a client could name its own address, then the one address the gateway saw.
    const kept = withoutHopByHop(req.headers);
    for (const name of Object.keys(req.headers)) {
      if (!(name in kept) || CLIENT_ADDRESS_HEADERS.includes(name)) delete req.headers[name];
    }
    req.headers['x-forwarded-for'] = clientAddress(req);
    req.headers['x-forwarded-proto'] = 'http';
    req.headers['x-forwarded-host'] = req.headers.host ?? '';

    // The in-process services write their own headers; CORS is the gateway's, for every prefix but functions.
    if (!isFunction) for (const [name, value] of CORS_ENTRIES) res.setHeader(name, value);

    const [, prefix, version, ...rest] = path.split('/');
    const tail = `/${rest.join('/')}${url.search}`;
    if (version !== 'v1') return sendJson(res, 404, { message: 'no Route matched with those values' });
    switch (prefix) {
      case 'rest':
        if (options.refuseRegexFilters && role !== 'service_role' && hasRegexFilter(url.searchParams)) {
          return sendJson(res, 400, {
            code: 'regex_filter_refused',
            message:
              'Regular-expression filters (match, imatch) are refused on the local PGlite database, which cannot stop a runaway query',
            hint: 'Use like/ilike, or run the platform on PostgreSQL (SUPABASE_DB_URL), where statement_timeout applies.',
          });
        }
        return proxy(req, res, 'rest', options.restPort(), tail, { buffer: true });
      case 'auth':
        req.url = tail;
        return options.auth(req, res);
      case 'storage':
        req.url = tail;
        return options.storage(req, res);
      case 'functions': {
        // Errors worded as the Supabase CLI's edge runtime words them.
        const name = rest[0];
        if (!options.functions.has(name)) {
          res.writeHead(404, { 'content-type': 'text/plain', ...CORS_HEADERS });
          return res.end('Function not found');
        }
        if (options.functions.get(name) && method !== 'OPTIONS') {
          const refusal = await functionJwtRefusal(req, secret);
          if (refusal) return sendJson(res, 401, { msg: refusal });
        }
        return proxy(req, res, 'functions', options.functionsPort(), tail, { cors: false });
      }
      default:
        return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      options.log?.(`gateway: ${error.stack ?? error.message}`);
      sendJson(res, 500, { message: 'Internal gateway error' });
    });
  });
  server.keepAliveTimeout = 65_000;
  // A request Node cannot parse (bad request line, bad header) gets a JSON 400, not a bare close.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && !socket.bytesWritten)) return socket.destroy();
    const body = JSON.stringify({ message: 'Malformed HTTP request', code: error.code ?? 'bad_request' });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `access-control-allow-origin: *\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  return {
    server,
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
