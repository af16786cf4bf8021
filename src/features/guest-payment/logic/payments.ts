// The payment figures the server sends (cents) as the guest reads them, and the states of a
// Checkout Session that /booking-success shows. Pure: tested beside it.
import { LOCALE_TAGS, type Locale } from '@/lib/i18n';

export interface GuestPayments {
  booking_id: string;
  total_cents: number | null;
  deposit_cents: number | null;
  balance_cents: number | null;
  extras_cents: number;
  rate_plan: 'flexible' | 'non_refundable';
  paid_cents: number;
  due_now_cents: number;
  free_cancellation_until: string | null;
  refund_if_cancelled_today: number;
  refund_pending_cents: number;
  can_pay: boolean;
  /** the host accepts each request before payment and has not yet: the deposit is paid once they do */
  payment_after_acceptance: boolean;
  extras: { name: string; quantity: number; line_total_cents: number }[];
  payments: {
    kind: 'charge' | 'refund' | 'balance' | 'city_tax';
    amount_cents: number;
    status: string;
    created_at: string;
  }[];
}

/** The RPC's answer (booking_payments_by_link returns jsonb) as its documented shape. */
export function asGuestPayments(data: unknown): GuestPayments {
  if (!data || typeof data !== 'object' || !('booking_id' in data)) throw new Error('Unexpected answer');
  return data as GuestPayments;
}

export type SessionState = 'paid' | 'confirming' | 'pending' | 'expired' | 'unknown';

export interface PaymentSession {
  state: SessionState;
  booking?: {
    reference: string;
    room_name: string;
    check_in: string;
    check_out: string;
    guests: number;
    total_cents: number | null;
    balance_cents: number | null;
    paid_cents: number;
    free_cancellation_until: string | null;
  };
}

/** Euros from cents in the page's language: "€72.00", "72,00 €". */
export function formatCents(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar day ('2027-05-01') in the page's language. */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Whether /booking-success should ask again: the notice may still be on its way. */
export function stillWaiting(session: PaymentSession | undefined): boolean {
  return !session || session.state === 'pending' || session.state === 'confirming';
}

/** How long /booking-success waits for the payment notice before saying it is being confirmed. */
export const WAIT_BEFORE_CONFIRMING_MS = 5_000;
