import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';

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
  /** function name → verify_jwt */
  functions: Map<string, boolean>;
  /** how long an upstream may take before the gateway answers 504 */
  upstreamTimeoutMs?: number;
  log?: (line: string) => void;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ??
      'authorization, x-client-info, apikey, content-type, prefer, range, x-upsert, accept-profile, content-profile',
    'access-control-expose-headers':
      'content-range, content-location, x-total-count, link, preference-applied, content-type, etag',
    'access-control-max-age': '86400',
    vary: 'Origin',
  };
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(req) });
  res.end(JSON.stringify(body));
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
 * As on hosted Supabase, two kinds of request need no key: reading public files (an <img> cannot
 * send headers) and calling a function deployed with verify_jwt = false (e.g. a calendar feed).
 */
function needsApiKey(method: string, path: string, functions: Map<string, boolean>): boolean {
  const functionName = /^\/functions\/v1\/([^/?]+)/.exec(path)?.[1];
  if (functionName && functions.get(functionName) === false) return false;
  return !(method === 'GET' || method === 'HEAD') || !path.startsWith('/storage/v1/object/public/');
}

export function createGateway(options: GatewayOptions) {
  const secret = new TextEncoder().encode(options.jwtSecret);
  const timeout = options.upstreamTimeoutMs ?? 30_000;
  const validKeys = new Set([options.anonKey, options.serviceRoleKey]);

  function proxy(req: IncomingMessage, res: ServerResponse, part: string, port: number, path: string) {
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path, headers: req.headers, agent },
      (response) => {
        res.writeHead(response.statusCode ?? 502, { ...response.headers, ...corsHeaders(req) });
        response.pipe(res);
      },
    );
    upstream.setTimeout(timeout, () => {
      upstream.destroy();
      sendJson(req, res, 504, { message: `The ${part} service did not answer within ${timeout / 1000} s` });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy();
      options.log?.(`gateway: ${part} unreachable (${error.code ?? error.message})`);
      sendJson(req, res, 502, { message: `The ${part} service is unavailable`, code: error.code ?? 'upstream_error' });
    });
    req.pipe(upstream);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      return res.end();
    }
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
    if (needsApiKey(method, path, options.functions)) {
      if (!apikey)
        return sendJson(req, res, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        });
      if (!validKeys.has(apikey))
        return sendJson(req, res, 401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        });
      if (!req.headers.authorization) req.headers.authorization = `Bearer ${apikey}`;
    }
    req.headers['x-forwarded-for'] = clientAddress(req);
    req.headers['x-forwarded-proto'] = 'http';
    req.headers['x-forwarded-host'] = req.headers.host ?? '';

    // The in-process services write their own headers; CORS is the gateway's, for every prefix.
    for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);

    const [, prefix, version, ...rest] = path.split('/');
    const tail = `/${rest.join('/')}${url.search}`;
    if (version !== 'v1') return sendJson(req, res, 404, { message: 'no Route matched with those values' });
    switch (prefix) {
      case 'rest':
        return proxy(req, res, 'rest', options.restPort(), tail);
      case 'auth':
        req.url = tail;
        return options.auth(req, res);
      case 'storage':
        req.url = tail;
        return options.storage(req, res);
      case 'functions': {
        const name = rest[0];
        if (!options.functions.has(name)) return sendJson(req, res, 404, { error: `Function not found: ${name}` });
        if (options.functions.get(name)) {
          const token = bearer(req);
          const valid = token
            ? await jwtVerify(token, secret).then(
                () => true,
                () => false,
              )
            : false;
          if (!valid) return sendJson(req, res, 401, { code: 401, message: 'Invalid JWT' });
        }
        return proxy(req, res, 'functions', options.functionsPort(), tail);
      }
      default:
        return sendJson(req, res, 404, { message: 'no Route matched with those values' });
    }
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      options.log?.(`gateway: ${error.stack ?? error.message}`);
      sendJson(req, res, 500, { message: 'Internal gateway error' });
    });
  });
  server.keepAliveTimeout = 65_000;

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
