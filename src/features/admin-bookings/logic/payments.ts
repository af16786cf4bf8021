import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { portalEuro } from '@/lib/i18n/portal-format';
import type { Filled } from '@/lib/rpc-rows';
import type { Database, Tables } from '@/types/database';

type Composite = Database['public']['CompositeTypes'];

/** A stay's folio (booking_folio): its lines and totals, cents; balance = charged - paid + refunded. */
export type Folio = Omit<Filled<Composite['booking_folio_view'], 'booked_check_out'>, 'lines' | 'totals'> & {
  lines: FolioLine[];
  totals: FolioTotals;
};
export type FolioTotals = Filled<Composite['folio_totals']>;
export type FolioLine = Filled<
  Composite['folio_line'],
  'id' | 'description' | 'night' | 'quantity' | 'unit_price_cents' | 'method' | 'reverses_id' | 'actor'
>;

/** What a line of the folio is, as the desk reads it. */
export const FOLIO_LINE_LABELS: Record<string, MessageDescriptor> = {
  night: msg`Night`,
  discount: msg`Discount`,
  extra: msg`Extra`,
  city_tax: msg`City tax due`,
  kept: msg`Kept on cancellation`,
  deposit: msg`Paid online`,
  balance: msg`Balance paid`,
  city_tax_paid: msg`City tax collected`,
  refund: msg`Refund`,
};

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
  | 'correction'
  | 'reverses_id'
  | 'description'
  | 'quantity'
>;

/** The desk's own lines (an extra, a payment taken at the house) that no correction reverses yet. */
export function correctableIds(payments: PaymentRow[]): Set<string> {
  const reversed = new Set(payments.map((p) => p.reverses_id).filter(Boolean));
  return new Set(
    payments
      .filter((p) => !p.correction && ['extra', 'balance', 'city_tax'].includes(p.kind) && !reversed.has(p.id))
      .map((p) => p.id),
  );
}

/** One service of a booking (public.booking_extras), priced by the server. */
export type ExtraRow = Pick<
  Tables<'booking_extras'>,
  'id' | 'service_name' | 'pricing_unit' | 'quantity' | 'unit_price_cents' | 'line_total_cents'
>;

export const PAYMENT_KIND_LABELS: Record<PaymentRow['kind'], MessageDescriptor> = {
  charge: msg`Deposit paid online`,
  refund: msg`Refund`,
  balance: msg`Balance paid`,
  city_tax: msg`City tax collected`,
  extra: msg`Extra added`,
};

export const METHOD_LABELS: Record<string, MessageDescriptor> = {
  stripe: msg`Stripe`,
  cash: msg`Cash`,
  card: msg`Card`,
  bank_transfer: msg`Bank transfer`,
  folio: msg`On the folio`,
};

/** How the desk takes a payment against the balance or the city tax. */
export const DESK_METHODS = [
  { value: 'card', label: msg`Card at the desk` },
  { value: 'cash', label: msg`Cash` },
  { value: 'bank_transfer', label: msg`Bank transfer` },
  { value: 'stripe', label: msg`Online (payment link)` },
] as const;

export const PRICING_UNIT_LABELS: Record<ExtraRow['pricing_unit'], MessageDescriptor> = {
  per_stay: msg`per stay`,
  per_night: msg`per night`,
  per_person: msg`per person`,
};

/** Cents as euros in the portal's language, e.g. 12050 → "€120.50" / "120,50 €". */
export function formatCents(cents: number): string {
  return portalEuro(cents / 100);
}

/** An amount in euros typed as text ("120", "120.5", "120,50") → integer cents, within 0.01 … max. */
const euroAmount = (maxCents: number) =>
  z
    .string()
    .trim()
    .min(1, { error: () => t`Enter an amount.` })
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, { error: () => t`Enter an amount in euros, e.g. 120 or 120.50.` })
    .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
    .pipe(
      z
        .number()
        .min(1, { error: () => t`The amount must be more than 0.` })
        .max(maxCents, {
          error: () => {
            const most = formatCents(maxCents);
            return t`At most ${most}.`;
          },
        }),
    );

export const propertyPaymentSchema = z.object({
  amount_cents: euroAmount(10_000_000),
  method: z.enum(['card', 'cash', 'bank_transfer', 'stripe'], { error: () => t`Choose how it was paid.` }),
});
export type PropertyPaymentForm = z.input<typeof propertyPaymentSchema>;
export type PropertyPaymentValues = z.output<typeof propertyPaymentSchema>;

/** An extra added during the stay: a name, a quantity and a unit price (at most €10,000.00). */
export const extraSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, { error: () => t`Name the extra.` })
    .max(200, { error: () => t`At most 200 characters.` }),
  quantity: z.coerce
    .number({ error: () => t`Enter a quantity.` })
    .int({ error: () => t`Enter a whole number.` })
    .min(1, { error: () => t`At least 1.` })
    .max(100, { error: () => t`At most 100.` }),
  unit_price_cents: euroAmount(1_000_000),
});
export type ExtraForm = z.input<typeof extraSchema>;
export type ExtraValues = z.output<typeof extraSchema>;

export function refundSchema(maxCents: number) {
  return z.object({
    amount_cents: euroAmount(maxCents),
    reason: z
      .string()
      .trim()
      .min(1, { error: () => t`Give a reason for the refund.` })
      .max(500, { error: () => t`The reason must be at most 500 characters.` }),
  });
}
export type RefundForm = z.input<ReturnType<typeof refundSchema>>;
export type RefundValues = z.output<ReturnType<typeof refundSchema>>;

/** Cents as the text of an amount field, e.g. 12050 → "120.50". */
export function centsToField(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** What check-out asks for a stay, from its folio on `today` ('yyyy-MM-dd'). */
export interface CheckOutPlan {
  open: boolean;
  stayBalance: number;
  cityTaxOpen: number;
  early: boolean;
  bookedCheckOut: string;
  nightsStayed: number;
  nightsBooked: number;
  nonRefundable: boolean;
  defaultNights: 'stayed' | 'booked';
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export function checkOutPlan(folio: Folio, today: string): CheckOutPlan {
  // as check_out_booking: the departure is today, and at least the day after arrival
  const departure = Math.max(dayNumber(today), dayNumber(folio.check_in) + 1);
  const nonRefundable = folio.rate_plan === 'non_refundable';
  return {
    open: folio.totals.balance_cents > 0,
    stayBalance: Math.max(folio.totals.stay_balance_cents, 0),
    cityTaxOpen: Math.max(folio.totals.city_tax_open_cents, 0),
    early: departure < dayNumber(folio.check_out),
    bookedCheckOut: folio.check_out,
    nightsStayed: departure - dayNumber(folio.check_in),
    nightsBooked: dayNumber(folio.check_out) - dayNumber(folio.check_in),
    nonRefundable,
    defaultNights: nonRefundable ? 'booked' : 'stayed',
  };
}
