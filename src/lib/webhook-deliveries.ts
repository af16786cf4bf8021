// The words of an outbox delivery (webhook_deliveries) as the admin shows them: the Webhooks
// panel's delivery log and the Integrations deploy hook's log read the same rows.
import type { WebhookAttemptResult } from '@shared/constants';
import { portalDate } from '@/lib/i18n/portal-format';
import type { Tables } from '@/types/database';

type Delivery = Tables<'webhook_deliveries'>;

/** The columns of a delivery every log shows (the Webhooks panel reads a few more). */
export type DeliveryLogRow = Pick<
  Delivery,
  | 'id'
  | 'event_type'
  | 'status'
  | 'attempt_count'
  | 'created_at'
  | 'last_attempt_at'
  | 'last_response_status'
  | 'last_error'
  | 'next_attempt_at'
>;

/**
 * A time of a log, to the second, in the portal's language: 'MMM dd, yyyy HH:mm:ss' in English
 * (the value itself when it is no date).
 */
export function deliveryTime(value: string): string {
  return portalDate(value, 'dateTime');
}

/** Delivered, Failed, Retrying, or `notTried` while a pending delivery has had no attempt yet. */
export function deliveryStatusLabel(delivery: Pick<Delivery, 'status' | 'attempt_count'>, notTried: string): string {
  if (delivery.status === 'delivered') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  return delivery.attempt_count === 0 ? notTried : 'Retrying';
}

/** A toast's detail after one attempt: "The `who` answered HTTP 200 in 42 ms.", or why there was no answer. */
export function attemptText(
  result: Pick<WebhookAttemptResult, 'status' | 'latency_ms' | 'error'>,
  who: string,
): string {
  if (result.status === null) return result.error ?? 'No answer';
  return `The ${who} answered HTTP ${result.status} in ${result.latency_ms} ms.`;
}
