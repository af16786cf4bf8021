// Sends one claimed delivery, signed per Standard Webhooks, through the outbound guard, and records
// the attempt; the database decides what follows (delivered, retry later, failed, endpoint disabled).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { Webhook } from 'npm:standardwebhooks@1';
import type { WebhookAttemptResult } from '../_shared/constants.ts';
import { OutboundError, outboundFetch } from '../_shared/outbound.ts';

const TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
const EXCERPT_CHARS = 500;

export interface ClaimedDelivery {
  delivery_id: string;
  message_id: string;
  event_type: string;
  payload: unknown;
  attempt: number;
  url: string;
  /** null for the deploy hook, which is sent unsigned (build hooks verify nothing) */
  secret: string | null;
}

/** The headers a Standard Webhooks receiver verifies: id, timestamp and `v1,<HMAC-SHA256>` over "id.timestamp.body" (no signature without a secret: the deploy hook). */
export function signedHeaders(delivery: ClaimedDelivery, body: string, now = new Date()): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'ColosseumGuestHouse-Webhooks/1.0',
    'webhook-id': delivery.message_id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  };
  if (delivery.secret) headers['webhook-signature'] = new Webhook(delivery.secret).sign(delivery.message_id, now, body);
  return headers;
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export async function sendDelivery(db: SupabaseClient, delivery: ClaimedDelivery): Promise<WebhookAttemptResult> {
  const body = JSON.stringify(delivery.payload);
  const started = performance.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  let retryAfter: number | null = null;
  try {
    const response = await outboundFetch(delivery.url, {
      method: 'POST',
      headers: signedHeaders(delivery, body),
      body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    status = response.status;
    excerpt = new TextDecoder().decode(response.body).slice(0, EXCERPT_CHARS);
    retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  } catch (caught) {
    error = caught instanceof OutboundError ? caught.message : `The request failed: ${(caught as Error).message}`;
  }
  const latency = Math.round(performance.now() - started);
  const { data, error: recordError } = await db.rpc('record_webhook_attempt', {
    p_delivery_id: delivery.delivery_id,
    p_response_status: status,
    p_latency_ms: latency,
    p_response_excerpt: excerpt,
    p_error: error,
    p_retry_after_seconds: retryAfter,
  });
  if (recordError) throw new Error(`could not record the attempt: ${recordError.message}`);
  return {
    delivery_id: delivery.delivery_id,
    outcome: data as WebhookAttemptResult['outcome'],
    status,
    latency_ms: latency,
    response_excerpt: excerpt,
    error,
  };
}

/** Claims due deliveries (all, or exactly `deliveryId`) with a lease. */
export async function claimDeliveries(
  db: SupabaseClient,
  options: { limit: number; deliveryId?: string },
): Promise<ClaimedDelivery[]> {
  const { data, error } = await db.rpc('claim_webhook_deliveries', {
    p_limit: options.limit,
    p_lease_seconds: 60,
    p_delivery_id: options.deliveryId ?? null,
  });
  if (error) throw new Error(`could not claim deliveries: ${error.message}`);
  return (data ?? []) as ClaimedDelivery[];
}
