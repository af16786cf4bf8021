// The Stripe objects the stand-in keeps, each typed as the fields it serves of the `stripe`
// package's own type (so a field's name or type that drifts from Stripe's fails the type check),
// and the ids Stripe gives them (cs_test_…, pi_…, ch_…, re_…, evt_…).
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export type Session = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & { payment_intent: string | null };

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_received' | 'currency' | 'created' | 'livemode' | 'metadata' | 'status'
> & { latest_charge: string };

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'refunded'
  | 'status'
> & { payment_intent: string };

export type Refund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'created' | 'currency' | 'metadata' | 'reason' | 'status'
> & { charge: string; payment_intent: string };

export type EventType = Extract<
  Stripe.Event.Type,
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'charge.refunded'
>;

export type Event = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks'
> & {
  type: EventType;
  data: { object: Session | Charge };
  request: { id: string | null; idempotency_key: string | null };
};

/** The error body Stripe answers with (`{"error": {...}}`). */
export type ErrorBody = { error: Pick<Stripe.StripeRawError, 'type' | 'message' | 'code' | 'param' | 'decline_code'> };

export function stripeId(prefix: 'cs_test' | 'pi' | 'ch' | 're' | 'evt' | 'req'): string {
  const length = prefix === 'cs_test' ? 58 : 24;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return `${prefix}_${text}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
