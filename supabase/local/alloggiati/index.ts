// The local stand-ins of the two public-administration web services the house reports to, on one
// port of their own (the API port + 12 by default, as the Stripe stand-in has its own):
//   /service/Service.asmx        Alloggiati Web (Polizia di Stato), SOAP 1.1 (alloggiati.ts)
//   /_local/switches             test helpers, not the services': GET the switches, POST to change
//                                them ({down, slowMs, refuseSurnames, tokenTtlMs, expireTokens})
//   /_local/alloggiati/received  every line Send received, in order
// Neither service can be reached from this machine; the police-filing function reaches these through
// ALLOGGIATI_URL, as it would reach the real ones.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALLOGGIATI_PATH, createAlloggiati, type AlloggiatiSwitches } from './alloggiati';
import { fault, readEnvelope } from './soap';

export interface PaperworkStandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Switches extends AlloggiatiSwitches {
  /** every service answers 503, as when it is down */
  down: boolean;
  /** every answer waits this long */
  slowMs: number;
}

const MAX_BODY = 4 * 1024 * 1024;
const DEFAULTS: Switches = { down: false, slowMs: 0, refuseSurnames: {}, tokenTtlMs: 30 * 60_000 };

async function readText(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) =>
  reply(res, status, JSON.stringify(body, null, 2), 'application/json');
const xml = (res: ServerResponse, status: number, body: string) => reply(res, status, body, 'text/xml; charset=utf-8');

export async function startPaperworkStandIn(options: {
  port: number;
  log?: (line: string) => void;
}): Promise<PaperworkStandIn> {
  const switches: Switches = structuredClone(DEFAULTS);
  const alloggiati = createAlloggiati(switches, Date.now);

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/_local/switches') {
        if (req.method === 'POST') {
          const body = JSON.parse((await readText(req)) || '{}') as Partial<Switches> & {
            expireTokens?: boolean;
            reset?: boolean;
          };
          if (body.reset) Object.assign(switches, structuredClone(DEFAULTS));
          if (typeof body.down === 'boolean') switches.down = body.down;
          if (typeof body.slowMs === 'number') switches.slowMs = body.slowMs;
          if (typeof body.tokenTtlMs === 'number') switches.tokenTtlMs = body.tokenTtlMs;
          if (body.refuseSurnames && typeof body.refuseSurnames === 'object')
            switches.refuseSurnames = body.refuseSurnames;
          if (body.expireTokens) alloggiati.expireTokens();
        }
        return json(res, 200, switches);
      }
      if (path === '/_local/alloggiati/received') return json(res, 200, alloggiati.received);
      if (switches.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.slowMs));
      if (switches.down) return reply(res, 503, 'Service Unavailable', 'text/html');
      if (path === ALLOGGIATI_PATH) {
        if (req.method !== 'POST') return reply(res, 405, 'Method Not Allowed', 'text/plain');
        const body = await readText(req);
        const request = body === null ? null : readEnvelope(body);
        if (!request) return xml(res, 500, fault('soap:Client', 'The request is not a valid SOAP envelope.'));
        const answer = alloggiati.handle(request.operation, request.body);
        return xml(res, answer.status, answer.xml);
      }
      reply(res, 404, 'Not Found', 'text/plain');
    })().catch((error: Error) => {
      options.log?.(`error: ${error.message}`);
      if (!res.headersSent) xml(res, 500, fault('soap:Server', 'Internal error.'));
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
