import { t } from '@lingui/core/macro';
import { addDaysISO, isISODate } from '@/lib/dates';
import type { PricingUnit, RatePlan } from './extras';

/** One night of room_calendar: free or taken (never why), its price and the rules of an arrival that night. */
export interface CalendarNight {
  night: string;
  available: boolean;
  price: number;
  minNights: number;
  closedToArrival: boolean;
  closedToDeparture: boolean;
}

export interface QuoteNight {
  night: string;
  price: number;
  season: string | null;
}

/** One extra of the quote, priced by the server from the service's row. */
export interface QuoteExtra {
  serviceId: string;
  name: string;
  pricingUnit: PricingUnit;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface QuoteProblem {
  code: string;
  message: string;
}

/** quote_stay's answer: the nights and totals the server will store, the city tax apart, and why not. */
export interface StayQuote {
  nights: number;
  nightly: QuoteNight[];
  subtotal: number;
  discountPercentage: number;
  discountAmount: number;
  total: number;
  promoCode: string | null;
  /** counted for every guest (ages and exemptions are known at check-in); the rate is null when it changes during the stay */
  cityTax: {
    perPersonPerNight: number | null;
    nightsCharged: number;
    guests: number;
    exemptUnderAge: number;
    amount: number;
  };
  bookable: boolean;
  problems: QuoteProblem[];
  /** the money of the rate chosen, in cents: the nights less the rate's discount, plus the extras */
  ratePlan: RatePlan;
  nonRefundableDiscountCents: number;
  extras: QuoteExtra[];
  extrasCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  freeCancellationUntil: string | null;
  /** whether the policy offers the non-refundable rate, and how much cheaper its nights are */
  nonRefundable: { available: boolean; discountPercent: number };
}

const num = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export function parseCalendar(rows: unknown): CalendarNight[] {
  return ((rows ?? []) as Record<string, unknown>[]).map((row) => ({
    night: String(row.night),
    available: row.available === true,
    price: num(row.price),
    minNights: Math.max(1, num(row.min_nights)),
    closedToArrival: row.closed_to_arrival === true,
    closedToDeparture: row.closed_to_departure === true,
  }));
}

export function parseQuote(data: unknown): StayQuote {
  const row = (data ?? {}) as Record<string, unknown>;
  const tax = (row.city_tax ?? {}) as Record<string, unknown>;
  const plans = (row.rate_plans ?? {}) as Record<string, unknown>;
  const nonRefundable = (plans.non_refundable ?? {}) as Record<string, unknown>;
  return {
    nights: num(row.nights),
    nightly: ((row.nightly ?? []) as Record<string, unknown>[]).map((n) => ({
      night: String(n.night),
      price: num(n.price),
      season: typeof n.season === 'string' ? n.season : null,
    })),
    subtotal: num(row.subtotal),
    discountPercentage: num(row.discount_percentage),
    discountAmount: num(row.discount_amount),
    total: num(row.total),
    promoCode: typeof row.promo_code === 'string' ? row.promo_code : null,
    cityTax: {
      perPersonPerNight: tax.per_person_per_night == null ? null : num(tax.per_person_per_night),
      nightsCharged: num(tax.nights_charged),
      guests: num(tax.guests),
      exemptUnderAge: num(tax.exempt_under_age),
      amount: num(tax.amount),
    },
    bookable: row.bookable === true,
    problems: ((row.problems ?? []) as Record<string, unknown>[]).map((p) => ({
      code: String(p.code ?? ''),
      message: String(p.message ?? ''),
    })),
    ratePlan: row.rate_plan === 'non_refundable' ? 'non_refundable' : 'flexible',
    nonRefundableDiscountCents: num(row.nonrefundable_discount_cents),
    extras: ((row.extras ?? []) as Record<string, unknown>[]).map((e) => ({
      serviceId: String(e.service_id ?? ''),
      name: String(e.name ?? ''),
      pricingUnit: e.pricing_unit === 'per_night' || e.pricing_unit === 'per_person' ? e.pricing_unit : 'per_stay',
      quantity: num(e.quantity),
      unitPriceCents: num(e.unit_price_cents),
      lineTotalCents: num(e.line_total_cents),
    })),
    extrasCents: num(row.extras_cents),
    totalCents: num(row.total_cents),
    depositCents: num(row.deposit_cents),
    balanceCents: num(row.balance_cents),
    freeCancellationUntil: typeof row.free_cancellation_until === 'string' ? row.free_cancellation_until : null,
    nonRefundable: {
      available: nonRefundable.available === true,
      discountPercent: num(nonRefundable.discount_percent),
    },
  };
}

/** Nights of equal price, in the order they first occur: "€120.00 × 2 nights", "€150.00 × 1 night". */
export function priceGroups(
  nightly: readonly QuoteNight[],
): { price: number; nights: number; season: string | null }[] {
  const groups: { price: number; nights: number; season: string | null }[] = [];
  for (const night of nightly) {
    const group = groups.find((g) => g.price === night.price && g.season === night.season);
    if (group) group.nights += 1;
    else groups.push({ price: night.price, nights: 1, season: night.season });
  }
  return groups;
}

/** Whether the stay's dates are a stay at all (check-out after check-in). */
export const isStay = (checkIn: string, checkOut: string) =>
  isISODate(checkIn) && isISODate(checkOut) && checkOut > checkIn;

/**
 * The last day a guest arriving on `checkIn` may leave: the first taken night after it (leaving on
 * its morning is allowed), or null when nothing is taken within the nights loaded.
 */
export function lastCheckOut(checkIn: string, nights: ReadonlyMap<string, CalendarNight>): string | null {
  let day = addDaysISO(checkIn, 1);
  for (let i = 0; i < 400; i++) {
    const night = nights.get(day);
    if (!night) return null;
    if (!night.available) return day;
    day = addDaysISO(day, 1);
  }
  return null;
}

export interface RangeState {
  checkIn: string;
  checkOut: string;
}

/**
 * The stay after a click on `day` in the range calendar: the first click (or one after a full
 * stay) picks check-in; the next picks check-out (the calendar offers only days after check-in up
 * to the first taken night, see isDayDisabled). A taken night is never a check-in.
 */
export function pickDay(
  state: RangeState,
  day: string,
  taken: (day: string) => boolean,
  lastOut: string | null,
): RangeState {
  const choosingCheckOut = Boolean(state.checkIn) && !state.checkOut;
  if (choosingCheckOut) {
    if (day > state.checkIn && (lastOut === null || day <= lastOut)) return { checkIn: state.checkIn, checkOut: day };
    return state;
  }
  if (taken(day)) return state;
  return { checkIn: day, checkOut: '' };
}

/**
 * Whether a day cannot be clicked (the spec's rules kept): days before today; while choosing
 * check-out, days on or before check-in and days past the first taken night after it (leaving on
 * that night's morning is allowed); while choosing check-in, taken nights.
 */
export function isDayDisabled(
  day: string,
  today: string,
  state: RangeState,
  taken: (day: string) => boolean,
  lastOut: string | null,
): boolean {
  if (day < today) return true;
  const choosingCheckOut = Boolean(state.checkIn) && !state.checkOut;
  if (choosingCheckOut) return day <= state.checkIn || (lastOut !== null && day > lastOut);
  return taken(day);
}

/** A short hint for the night an arrival is being considered on (minimum stay, closed arrival), in the active language. */
export function arrivalHint(night: CalendarNight | undefined): string | null {
  if (!night) return null;
  const parts: string[] = [];
  const minNights = night.minNights;
  if (minNights > 1) parts.push(t`Minimum stay ${minNights} nights for this arrival.`);
  if (night.closedToArrival) parts.push(t`No arrivals on this day.`);
  return parts.length ? parts.join(' ') : null;
}

/**
 * Whether the quote's problems stop the request before it is sent: everything but the guest count
 * (which the forms leave to the server's refusal and its toast).
 */
export function blocksSending(quote: StayQuote | undefined): boolean {
  return Boolean(quote?.problems.some((problem) => problem.code !== 'guests'));
}
