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

/**
 * The one e-mail address rule (the forms, the functions; the database's private.is_valid_email
 * says the same): at most 254 characters, a local part of at most 64 made of letters, digits and
 * ! # $ % & ' * + / = ? ^ _ ` { | } ~ - in dot-separated runs, an @, then dot-separated host labels
 * ending in a top-level domain of letters (or xn--). `a@b.co,d` is refused.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && value.split('@')[0].length <= 64 && EMAIL_PATTERN.test(value);
}

/**
 * The plain-text rules (the database's private.assert_one_line_text / assert_multiline_text say
 * the same): control characters (C0, DEL, C1) and invisible formatting characters (soft hyphen,
 * bidi marks and overrides, zero-width characters, line and paragraph separators, BOM …). A
 * one-line text (a name) refuses tabs and line breaks too; a multi-line text keeps them.
 */
const FORBIDDEN_CHARACTERS =
  '\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u115F\\u1160\\u180E' +
  '\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB';
const ONE_LINE_FORBIDDEN = new RegExp(`[${FORBIDDEN_CHARACTERS}\\t\\n\\r]`);
const MULTILINE_FORBIDDEN = new RegExp(`[${FORBIDDEN_CHARACTERS}]`);

export const isOneLineText = (value: string): boolean => !ONE_LINE_FORBIDDEN.test(value);
/** Line breaks (LF, CR LF, CR) and tabs are fine; the rest of the forbidden characters are not. */
export const isMultilineText = (value: string): boolean => !MULTILINE_FORBIDDEN.test(value.replace(/\r\n?/g, '\n'));
