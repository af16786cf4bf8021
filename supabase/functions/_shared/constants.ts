// Constants the browser and the edge functions share, written once. Import-free on purpose: Deno
// imports it by relative path (`../_shared/constants.ts`), Vite, Vitest and tsc through the
// `@shared` alias (`@shared/constants`). Add only plain values and types here.

/** What a client may report to security-logger (the security_logs.event_type values it accepts). */
export const SECURITY_EVENT_TYPES = [
  'login_attempt',
  'failed_login',
  'admin_action',
  'suspicious_activity',
  'api_access',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The contact form's field limits, in characters (the form checks them, send-contact-email enforces them). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 5000 } as const;

/** A phone number as guests type it: digits, spaces and + ( ) . / - */
export const PHONE_PATTERN = /^[0-9+()./ -]+$/;

/** The events a webhook endpoint may subscribe to (the endpoint form's choices, the webhooks function's rule). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.requested',
  'booking.status_changed',
  'booking.cancelled',
  'channel.conflict',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the webhooks function answers to Test and Replay: one attempt at a delivery. */
export interface WebhookAttemptResult {
  delivery_id: string;
  outcome: 'delivered' | 'retry' | 'failed' | 'endpoint_disabled';
  status: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}
