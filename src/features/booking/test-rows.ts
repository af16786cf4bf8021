// Rows the booking RPCs answer, for the component tests' stubs: typed from the generated database
// types (src/types/database.ts), so a changed shape of quote_stay, request_booking or
// check_promo_code breaks `tsc`, not the page.
import { addDaysISO } from '@/lib/dates';
import { cancellationLine } from '@/test/cancellation';
import type { Database } from '@/types/database';

type Functions = Database['public']['Functions'];
export type QuoteRow = Functions['quote_stay']['Returns'];
export type RequestRow = Functions['request_booking']['Returns'];
export type PromoRow = Functions['check_promo_code']['Returns'];
/** The money of a stay, the same fields in quote_stay's and request_booking's answers. */
const MONEY_KEYS = [
  'nights',
  'nightly',
  'subtotal',
  'discount_percentage',
  'discount_amount',
  'city_tax',
  'rate_plan',
  'nonrefundable_discount_cents',
  'extras',
  'extras_cents',
  'total_cents',
  'deposit_cents',
  'balance_cents',
  'pay_online',
  'confirm_before_payment',
  'free_cancellation_until',
  'refund_schedule',
  'cancellation',
] as const satisfies readonly (keyof QuoteRow & keyof RequestRow)[];
type Money = Pick<QuoteRow & RequestRow, (typeof MONEY_KEYS)[number]>;

/** The money of a stay of `nights` nights from `checkIn` at `price` a night, no deposit asked. */
function money(checkIn: string, nights: number, price: number): Money {
  const nightly = Array.from({ length: nights }, (_, i) => ({
    night: addDaysISO(checkIn, i),
    price,
    season: null,
  }));
  return {
    nights,
    nightly,
    subtotal: price * nights,
    discount_percentage: 0,
    discount_amount: 0,
    city_tax: {
      per_person_per_night: 6,
      per_person_per_night_cents: 600,
      nights_charged: nights,
      guests: 2,
      exempt_under_age: 10,
      amount: 12 * nights,
      amount_cents: 1200 * nights,
      counted_for: 'every guest',
      payable: 'at the property',
    },
    rate_plan: 'flexible',
    nonrefundable_discount_cents: 0,
    extras: [],
    extras_cents: 0,
    total_cents: price * nights * 100,
    deposit_cents: 0,
    balance_cents: price * nights * 100,
    pay_online: false,
    confirm_before_payment: false,
    free_cancellation_until: null,
    refund_schedule: [],
    // the server's terms (private.cancellation_terms): free until two days before, nothing paid
    cancellation: {
      state: 'free',
      free_until: addDaysISO(checkIn, -2),
      deposit_cents: 0,
      paid_cents: 0,
      refund_cents: 0,
      kept_cents: 0,
      reason: null,
      lines: [cancellationLine('free_until', { date: addDaysISO(checkIn, -2) })],
    },
  };
}

/** quote_stay's answer for a free stay of `nights` nights from `checkIn` at €100. */
export function quoteRow(checkIn: string, nights = 3, overrides: Partial<QuoteRow> = {}): QuoteRow {
  const stay = money(checkIn, nights, 100);
  return {
    ...stay,
    room_id: 'room-1',
    check_in: checkIn,
    check_out: addDaysISO(checkIn, nights),
    guests: 2,
    total: 100 * nights,
    nights_cents: 100 * nights * 100,
    promo_code: null,
    promo_status: null,
    rate_plans: { non_refundable: { available: false, discount_percent: 0 } },
    bookable: true,
    problems: [],
    ...overrides,
  };
}

/** request_booking's answer for the request `reference` of `nights` nights from `checkIn` at €100. */
export function requestRow(checkIn: string, nights = 3, overrides: Partial<RequestRow> = {}): RequestRow {
  const stay = money(checkIn, nights, 100);
  return {
    ...stay,
    booking_id: 'b1',
    reference: 'CG-ABC123',
    access_token: 'link-token-of-the-request',
    price_per_night: 100,
    total_amount: 100 * nights,
    hold_expires_at: '2027-03-01T10:30:00Z',
    ...overrides,
  };
}

/** request_booking's answer for the stay `quote` priced: its money as the quote showed it. */
export function requestFor(quote: QuoteRow, overrides: Partial<RequestRow> = {}): RequestRow {
  const money = Object.fromEntries(MONEY_KEYS.map((key) => [key, quote[key]])) as Money;
  return requestRow(quote.check_in ?? '', quote.nights ?? 0, { ...money, ...overrides });
}

/** check_promo_code's answer. */
export const promoRow = (status: NonNullable<PromoRow['status']>, discount: number | null = null): PromoRow => ({
  status,
  discount_percentage: discount,
});

/** A refusal as PostgREST sends it: the code in `hint`, the sentence's values as JSON in `details`. */
export function refusalError(hint: string, message: string, details: Record<string, string | number> | null = null) {
  return { code: 'P0001', message, hint, details: details && JSON.stringify(details) };
}
