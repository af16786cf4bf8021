// The payments function and the Stripe stand-in as the deposit files (payments-*.test.ts) call
// them: a Checkout Session for a stay, the stand-in's checkout page paid with a test card, its API
// and the events it sent, notices signed as Stripe signs them, and a wait for what the notices change.
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { platform } from '../support';
import type { Stay } from './payments-fixtures';

const STRIPE_KEY = 'sk_test_local_stand_in';
const WEBHOOK_SECRET = 'whsec_local_stand_in_signing_secret';

const stripeUrl = () => platform().stripeUrl;

export async function payments(body: Record<string, unknown>, token = platform().anonKey, origin?: string) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/payments`, {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function checkout(stay: Stay): Promise<{ url: string; session_id: string }> {
  const { status, body } = await payments({ action: 'checkout', reference: stay.reference, token: stay.token });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { url: string; session_id: string };
}

/** Submits the stand-in's checkout form with a card; returns the answer (303 to success_url when paid). */
export async function payWith(url: string, card: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Paying Guest' }),
  });
  return { status: response.status, location: response.headers.get('location'), page: await response.text() };
}

export async function stripeGet<T>(path: string): Promise<T> {
  const response = await fetch(`${stripeUrl()}${path}`, { headers: { authorization: `Bearer ${STRIPE_KEY}` } });
  return (await response.json()) as T;
}
interface StandInEvent {
  id: string;
  type: string;
  data: { object: { id: string; metadata?: Record<string, string> } };
  deliveries: { status: number | null }[];
}
export const eventsFor = async (sessionId: string) =>
  (await stripeGet<{ events: StandInEvent[] }>('/_local/events')).events.filter((e) => e.data.object.id === sessionId);

export function postWebhook(payload: string, secret = WEBHOOK_SECRET) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return fetch(`${platform().apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
}

/** Reads until `done` holds or `ms` have passed (the stand-in sends its notices in the background). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}
