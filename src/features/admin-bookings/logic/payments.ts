import { z } from 'zod';
import type { Tables } from '@/types/database';

/** One line of the payments ledger (public.payments), as staff read it. */
export type PaymentRow = Pick<
  Tables<'payments'>,
  | 'id'
  | 'kind'
  | 'amount_cents'
  | 'currency'
  | 'method'
  | 'status'
  | 'provider_session_id'
  | 'provider_payment_intent_id'
  | 'provider_refund_id'
  | 'reason'
  | 'actor'
  | 'created_at'
>;

/** One service of a booking (public.booking_extras), priced by the server. */
export type ExtraRow = Pick<
  Tables<'booking_extras'>,
  'id' | 'service_name' | 'pricing_unit' | 'quantity' | 'unit_price_cents' | 'line_total_cents'
>;

export const PAYMENT_KIND_LABELS: Record<PaymentRow['kind'], string> = {
  charge: 'Deposit paid online',
  refund: 'Refund',
  balance: 'Balance paid',
  city_tax: 'City tax collected',
};

export const METHOD_LABELS: Record<string, string> = { stripe: 'Stripe', cash: 'Cash', card: 'Card' };

export const PRICING_UNIT_LABELS: Record<ExtraRow['pricing_unit'], string> = {
  per_stay: 'per stay',
  per_night: 'per night',
  per_person: 'per person',
};

/** Cents as euros, e.g. 12050 → "€120.50". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * What was paid online and not yet refunded: the most an admin may refund (the server checks it
 * again, counting refunds still on their way to Stripe).
 */
export function refundableCents(payments: PaymentRow[]): number {
  let total = 0;
  for (const p of payments) {
    if (p.status !== 'succeeded') continue;
    if (p.kind === 'charge') total += p.amount_cents;
    if (p.kind === 'refund' && p.method === 'stripe') total -= p.amount_cents;
  }
  return Math.max(0, total);
}

/** An amount in euros typed as text ("120", "120.5", "120,50") → integer cents, within 0.01 … max. */
const euroAmount = (maxCents: number) =>
  z
    .string()
    .trim()
    .min(1, 'Enter an amount.')
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'Enter an amount in euros, e.g. 120 or 120.50.')
    .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
    .pipe(
      z
        .number()
        .min(1, 'The amount must be more than 0.')
        .max(maxCents, `At most ${formatCents(maxCents)}.`),
    );

export const propertyPaymentSchema = z.object({
  amount_cents: euroAmount(10_000_000),
  method: z.enum(['cash', 'card'], { message: 'Choose cash or card.' }),
});
export type PropertyPaymentForm = z.input<typeof propertyPaymentSchema>;
export type PropertyPaymentValues = z.output<typeof propertyPaymentSchema>;

export function refundSchema(maxCents: number) {
  return z.object({
    amount_cents: euroAmount(maxCents),
    reason: z
      .string()
      .trim()
      .min(1, 'Give a reason for the refund.')
      .max(500, 'The reason must be at most 500 characters.'),
  });
}
export type RefundForm = z.input<ReturnType<typeof refundSchema>>;
export type RefundValues = z.output<ReturnType<typeof refundSchema>>;

/** Cents as the text of an amount field, e.g. 12050 → "120.50". */
export function centsToField(cents: number): string {
  return (cents / 100).toFixed(2);
}
