// Webhook deliveries as Stripe makes them: one POST per event to the endpoint, the JSON body signed
// in `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's
// secret>`, and a delivery answered with anything but 2xx (or not answered within the timeout)
// tried again later with growing delays, as Stripe does over three days.
import { createHmac } from 'node:crypto';
import { nowSeconds, type Event } from './objects';

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
}

export interface WebhookOptions {
  url: string | (() => string | undefined);
  secret: string;
  /** delays before each retry, in ms (Stripe: about 1 min, 5 min, 30 min, 2 h … over 3 days) */
  retryDelaysMs: number[];
  timeoutMs?: number;
  log?: (line: string) => void;
}

export function signature(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function createWebhookSender(options: WebhookOptions) {
  const attempts = new Map<string, DeliveryAttempt[]>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();

  async function attempt(event: Event, retry: number): Promise<void> {
    const url = typeof options.url === 'function' ? options.url() : options.url;
    if (!url) return;
    const payload = JSON.stringify(event, null, 2);
    const log = attempts.get(event.id) ?? [];
    attempts.set(event.id, log);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature(payload, options.secret),
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (caught) {
      error = (caught as Error).message;
    }
    log.push({ at: new Date().toISOString(), status, ...(error ? { error } : {}) });
    const ok = status !== null && status >= 200 && status < 300;
    event.pending_webhooks = ok ? 0 : 1;
    if (ok) return;
    options.log?.(
      `[stripe] ${event.type} ${event.id}: ${status ?? error}, ${retry < options.retryDelaysMs.length ? 'retrying' : 'giving up'}`,
    );
    if (retry >= options.retryDelaysMs.length) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(attempt(event, retry + 1));
    }, options.retryDelaysMs[retry]);
    timers.add(timer);
  }

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  return {
    send(event: Event) {
      track(attempt(event, 0));
    },
    attemptsOf: (eventId: string) => attempts.get(eventId) ?? [],
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
