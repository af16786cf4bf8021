import { t } from '@lingui/core/macro';
import { WEBHOOK_EVENT_TYPES, type WebhookAttemptResult, type WebhookEventType } from '@shared/constants';
import type { Tables } from '@/types/database';
import { attemptText, deliveryStatusLabel as statusLabel, type DeliveryLogRow } from '@/lib/webhook-deliveries';

export type WebhookEndpoint = Pick<
  Tables<'webhook_endpoints'>,
  | 'id'
  | 'url'
  | 'description'
  | 'event_types'
  | 'include_guest_details'
  | 'enabled'
  | 'disabled_reason'
  | 'failing_since'
  | 'created_at'
>;

export type WebhookDelivery = DeliveryLogRow &
  Pick<Tables<'webhook_deliveries'>, 'last_latency_ms' | 'last_response_excerpt' | 'replay_of'>;

/** What the webhooks function answers to Test and Replay (one shape, shared with the function). */
export type AttemptResult = WebhookAttemptResult;

const webhookEventLabels = (): Record<WebhookEventType, string> => ({
  'booking.requested': t`Booking requested`,
  'booking.status_changed': t`Booking status changed`,
  'booking.cancelled': t`Booking cancelled`,
  'channel.conflict': t`Channel sync conflict`,
});

/** The events an endpoint may subscribe to (the list the webhooks function accepts), labelled in the portal's language. */
export function webhookEvents() {
  const labels = webhookEventLabels();
  return WEBHOOK_EVENT_TYPES.map((value) => ({ value, label: labels[value] }));
}

export type WebhookEvent = WebhookEventType;

/** The toast (and the URL field's error) when the URL is left empty. */
export const missingUrl = () => ({
  title: t`Missing Webhook URL`,
  description: t`Please enter your Zapier webhook URL`,
});

export function eventLabel(type: string): string {
  if (type === 'webhook.test') return t`Test`;
  return webhookEvents().find((event) => event.value === type)?.label ?? type;
}

/** The answer of the receiver in a few words: "HTTP 200", or why there was none. */
export function answerSummary(delivery: Pick<WebhookDelivery, 'last_response_status' | 'last_error'>): string {
  if (delivery.last_response_status !== null) return `HTTP ${delivery.last_response_status}`;
  return delivery.last_error ?? t`Not sent yet`;
}

export function deliveryStatusLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempt_count'>): string {
  return statusLabel(delivery, t`Queued`);
}

/** The success toast's detail after Test Webhook. */
export function testResultText(result: Pick<AttemptResult, 'status' | 'latency_ms' | 'error'>): string {
  return attemptText(result, 'receiver');
}
