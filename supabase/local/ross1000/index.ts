// The local stand-in of Ross1000's check-in web service (Regione Lazio's ISTAT movements), on a port
// of its own (the API port + 13 by default, ROSS1000_STANDIN_PORT; a free one in tests):
//   /ws/checkinV2              the service, SOAP 1.1 with HTTP Basic (ross1000.ts)
//   /_local/switches           test helpers, not the service's: GET the switches, POST to change them
//                              ({down, slowMs, refuseDays: {YYYYMMDD: code}, reset})
//   /_local/ross1000/received  every movimento received, in order, with its outcome
// The service cannot be reached from this machine; the istat-filing function reaches this one through
// ROSS1000_URL, as it would reach the real one.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readEnvelope } from '../alloggiati/soap';
import { createRoss1000, fault, ROSS1000_PATH, type Ross1000Switches } from './ross1000';

export interface Ross1000StandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Switches extends Ross1000Switches {
  /** the service answers 503, as when it is down */
  down: boolean;
  /** every answer waits this long */
  slowMs: number;
}

const MAX_BODY = 4 * 1024 * 1024;
const DEFAULTS: Switches = { down: false, slowMs: 0, refuseDays: {} };

async function readText(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) =>
  reply(res, status, JSON.stringify(body, null, 2), 'application/json');

function basicAuth(req: IncomingMessage): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function startRoss1000StandIn(options: {
  port: number;
  log?: (line: string) => void;
}): Promise<Ross1000StandIn> {
  const switches: Switches = structuredClone(DEFAULTS);
  const ross1000 = createRoss1000(switches, Date.now);

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/_local/switches') {
        if (req.method === 'POST') {
          const body = JSON.parse((await readText(req)) || '{}') as Partial<Switches> & { reset?: boolean };
          if (body.reset) {
            Object.assign(switches, structuredClone(DEFAULTS));
            ross1000.reset();
          }
          if (typeof body.down === 'boolean') switches.down = body.down;
          if (typeof body.slowMs === 'number') switches.slowMs = body.slowMs;
          if (body.refuseDays && typeof body.refuseDays === 'object') switches.refuseDays = body.refuseDays;
        }
        return json(res, 200, switches);
      }
      if (path === '/_local/ross1000/received') return json(res, 200, ross1000.received);
      if (switches.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.slowMs));
      if (switches.down) return reply(res, 503, 'Service Unavailable', 'text/html');
      if (path === ROSS1000_PATH) {
        if (req.method !== 'POST') return reply(res, 405, 'Method Not Allowed', 'text/plain');
        const body = await readText(req);
        const request = body === null ? null : readEnvelope(body);
        if (!request)
          return reply(res, 500, fault('S:Client', 'Couldn\u2019t create SOAP message.'), 'text/xml; charset=utf-8');
        const answer = ross1000.handle(request.operation, request.body, basicAuth(req));
        if (answer.status === 401) {
          return reply(res, 401, 'Unauthorized', 'text/html', { 'www-authenticate': 'Basic realm="ross1000"' });
        }
        return reply(res, answer.status, answer.xml, 'text/xml; charset=utf-8');
      }
      reply(res, 404, 'Not Found', 'text/plain');
    })().catch((error: Error) => {
      options.log?.(`error: ${error.message}`);
      if (!res.headersSent) reply(res, 500, fault('S:Server', 'Internal error.'), 'text/xml; charset=utf-8');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
