// The local Stripe stand-in: Stripe's servers cannot be reached from this machine, and no Stripe-made
// test server installs from the registries (stripe-mock is a Go program; the npm package
// stripe-stateful-mock serves charges, customers and refunds but no Checkout Sessions, payment
// intents or webhooks). So, as the local inbox stands in for Resend, this server stands in for the
// part of Stripe the project uses, on its own port, for the official `stripe` SDK pointed at it with
// its host/port/protocol options:
//   /v1/…                       the API (api.ts)
//   /checkout/pay/:id           the hosted checkout page (page.ts), reached through session.url
//   /_local/events[/:id]        test helpers, not Stripe's: the events sent and each delivery's answers
// Events are signed and retried as Stripe does (webhooks.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi } from './api';
import { parseForm, text } from './form';
import { cardOutcome, checkoutPage } from './page';
import { createState } from './state';
import { createWebhookSender } from './webhooks';

export interface StripeStandInOptions {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** where events go (the stripe-webhook function); read at each delivery */
  webhookUrl: () => string | undefined;
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface StripeStandIn {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

async function readText(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json', 'stripe-version': '2026-10-28.endive', ...headers });
  res.end(json);
}

function html(res: ServerResponse, status: number, page: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    // Stripe waits longer; locally a minute of retries shows the behaviour without the wait
    retryDelaysMs: options.retryDelaysMs ?? [1_000, 5_000, 15_000, 60_000],
    log: options.log,
  });
  const state = createState((event) => webhooks.send(event));
  let baseUrl = '';
  const api = createApi(state, {
    secretKey: options.secretKey,
    checkoutUrl: (id) => `${baseUrl}/checkout/pay/${id}`,
  });

  // sessions past their expiry expire, with their event
  const sweep = setInterval(() => {
    const now = Date.now() / 1000;
    for (const entry of state.sessions.values()) {
      if (entry.session.status === 'open' && entry.session.expires_at <= now) state.expire(entry.session);
    }
  }, 5_000);

  function successUrl(sessionId: string) {
    const entry = state.sessions.get(sessionId)!;
    return entry.session.success_url!.replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readText(req) : '';
    if (body === null)
      return send(res, 413, { error: { type: 'invalid_request_error', message: 'Request too large' } });

    if (path.startsWith('/v1/')) {
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const reply = api({
        method,
        path,
        query: url.search.slice(1),
        body,
        authorization: header('authorization'),
        idempotencyKey: header('idempotency-key'),
      });
      return send(res, reply.status, reply.body, reply.headers);
    }

    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/pay\/([^/]+)(\/authenticate)?$/.exec(path))) {
      const entry = state.sessions.get(match[1]);
      if (!entry) return html(res, 404, '<!doctype html><title>Not found</title><p>Something went wrong.</p>');
      if (method === 'GET') return html(res, 200, checkoutPage(entry));
      if (entry.session.status !== 'open') return html(res, 409, checkoutPage(entry));
      const form = parseForm(body);
      if (match[2]) {
        if (!entry.awaitingAuthentication) return html(res, 409, checkoutPage(entry));
        if (text(form, 'action') === 'approve') {
          state.pay(entry);
          return redirect(res, successUrl(entry.session.id));
        }
        entry.awaitingAuthentication = false;
        return html(
          res,
          402,
          checkoutPage(
            entry,
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          ),
        );
      }
      switch (cardOutcome(text(form, 'cardNumber') ?? '')) {
        case 'pay':
          state.pay(entry);
          return redirect(res, successUrl(entry.session.id));
        case 'decline':
          return html(res, 402, checkoutPage(entry, 'Your card has been declined.'));
        case 'authenticate':
          entry.awaitingAuthentication = true;
          return html(res, 200, checkoutPage(entry));
        default:
          return html(
            res,
            402,
            checkoutPage(entry, 'Your card was declined. Your request was in test mode, but used a non test card.'),
          );
      }
    }

    if (method === 'GET' && path === '/_local/events') {
      return send(res, 200, {
        events: [...state.events.values()].map((event) => ({ ...event, deliveries: webhooks.attemptsOf(event.id) })),
      });
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      options.log?.(`[stripe] ${error.stack ?? error.message}`);
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: 'The stand-in failed' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    port,
    async close() {
      clearInterval(sweep);
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
