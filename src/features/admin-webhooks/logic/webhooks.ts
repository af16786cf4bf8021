import { format, parseISO } from 'date-fns';
import type { Tables } from '@/types/database';

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

export type WebhookDelivery = Pick<
  Tables<'webhook_deliveries'>,
  | 'id'
  | 'event_type'
  | 'status'
  | 'attempt_count'
  | 'created_at'
  | 'last_attempt_at'
  | 'last_response_status'
  | 'last_latency_ms'
  | 'last_response_excerpt'
  | 'last_error'
  | 'next_attempt_at'
  | 'replay_of'
>;

/** What the webhooks function answers to Test and Replay. */
export interface AttemptResult {
  delivery_id: string;
  outcome: 'delivered' | 'retry' | 'failed' | 'endpoint_disabled';
  status: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** The events an endpoint may subscribe to (the server's list in supabase/functions/webhooks/schema.ts). */
export const WEBHOOK_EVENTS = [
  { value: 'booking.requested', label: 'Booking requested' },
  { value: 'booking.status_changed', label: 'Booking status changed' },
  { value: 'booking.cancelled', label: 'Booking cancelled' },
  { value: 'channel.conflict', label: 'Channel sync conflict' },
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['value'];

export const MISSING_URL = {
  title: 'Missing Webhook URL',
  description: 'Please enter your Zapier webhook URL',
} as const;

export function eventLabel(type: string): string {
  if (type === 'webhook.test') return 'Test';
  return WEBHOOK_EVENTS.find((event) => event.value === type)?.label ?? type;
}

/** The answer of the receiver in a few words: "HTTP 200", or why there was none. */
export function answerSummary(delivery: Pick<WebhookDelivery, 'last_response_status' | 'last_error'>): string {
  if (delivery.last_response_status !== null) return `HTTP ${delivery.last_response_status}`;
  return delivery.last_error ?? 'Not sent yet';
}

export function deliveryStatusLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempt_count'>): string {
  if (delivery.status === 'delivered') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  return delivery.attempt_count === 0 ? 'Queued' : 'Retrying';
}

/** The success toast's detail after Test Webhook. */
export function testResultText(result: Pick<AttemptResult, 'status' | 'latency_ms' | 'error'>): string {
  if (result.status === null) return result.error ?? 'No answer';
  return `The receiver answered HTTP ${result.status} in ${result.latency_ms} ms.`;
}

/** When a delivery was last tried (or queued), to the second: 'MMM dd, yyyy HH:mm:ss'. */
export function deliveryTime(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM dd, yyyy HH:mm:ss');
}
