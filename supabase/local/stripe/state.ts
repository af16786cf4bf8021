// What the stand-in remembers (in memory, like Stripe's test mode for one run): sessions, payment
// intents, charges, refunds and events, and the changes that send events.
import {
  nowSeconds,
  stripeId,
  type Charge,
  type Event,
  type EventType,
  type PaymentIntent,
  type Refund,
  type Session,
} from './objects';

/** The API version the stand-in's objects follow (the `stripe` package's own). */
export const API_VERSION = '2026-10-28.endive';

export interface SessionEntry {
  session: Session;
  productName: string;
  intentMetadata: Record<string, string>;
  /** the card that asked for authentication, awaiting the guest's answer */
  awaitingAuthentication?: boolean;
}

export function createState(emit: (event: Event) => void) {
  const sessions = new Map<string, SessionEntry>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const events = new Map<string, Event>();

  function event(type: EventType, object: Session | Charge): Event {
    const created: Event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      type,
      // a snapshot, as Stripe sends the object as it was
      data: { object: structuredClone(object) },
      request: { id: null, idempotency_key: null },
    };
    events.set(created.id, created);
    emit(created);
    return created;
  }

  return {
    sessions,
    intents,
    charges,
    refunds,
    events,
    /** The card paid: a payment intent and its charge, the session complete and paid. */
    pay(entry: SessionEntry): Event {
      const { session } = entry;
      const amount = session.amount_total ?? 0;
      const currency = session.currency ?? 'eur';
      const intentId = stripeId('pi');
      const charge: Charge = {
        id: stripeId('ch'),
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        created: nowSeconds(),
        currency,
        livemode: false,
        metadata: { ...entry.intentMetadata },
        paid: true,
        refunded: false,
        status: 'succeeded',
        payment_intent: intentId,
      };
      charges.set(charge.id, charge);
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency,
        created: nowSeconds(),
        livemode: false,
        metadata: { ...entry.intentMetadata },
        status: 'succeeded',
        latest_charge: charge.id,
      });
      session.payment_intent = intentId;
      session.status = 'complete';
      session.payment_status = 'paid';
      entry.awaitingAuthentication = false;
      return event('checkout.session.completed', session);
    },
    expire(session: Session): Event {
      session.status = 'expired';
      return event('checkout.session.expired', session);
    },
    refund(charge: Charge, amount: number, reason: Refund['reason'], refundMetadata: Record<string, string>): Refund {
      const refund: Refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        created: nowSeconds(),
        currency: charge.currency,
        metadata: refundMetadata,
        reason,
        status: 'succeeded',
        charge: charge.id,
        payment_intent: charge.payment_intent,
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      event('charge.refunded', charge);
      return refund;
    },
  };
}

export type StripeState = ReturnType<typeof createState>;
