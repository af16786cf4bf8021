import { t } from '@lingui/core/macro';
import { addDaysISO, isISODate } from '@/lib/dates';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

/** One night of room_calendar: free or taken (never why), its price and the rules of an arrival that night. */
export type CalendarNight = Database['public']['Functions']['room_calendar']['Returns'][number];

type Composite = Database['public']['CompositeTypes'];
export type QuoteNight = Filled<Composite['stay_night'], 'season'>;
export type StayExtra = Filled<Composite['stay_extra']>;
/** counted for every guest (ages and exemptions are known at check-in); the rate is null when it changes during the stay */
export type StayCityTax = Filled<Composite['stay_city_tax'], 'per_person_per_night' | 'per_person_per_night_cents'>;
export type RefundStep = Filled<Composite['refund_step']>;
/** why a stay cannot be booked: the code, the English sentence, its values (src/lib/refusals) */
export type StayProblem = Filled<Composite['stay_problem'], 'details'>;

/** The nested rows of the money both answers share (private.stay_money at the public boundary). */
interface StayLines {
  nightly: QuoteNight[];
  extras: StayExtra[];
  city_tax: StayCityTax;
  refund_schedule: RefundStep[];
}

/**
 * quote_stay's answer (public.stay_quote): the nights and totals the server will store, the city
 * tax apart, the deposit, and why the stay cannot be booked. No promo code, promo status or last day
 * of free cancellation: null.
 */
export type StayQuote = Omit<
  Filled<Composite['stay_quote'], 'promo_code' | 'promo_status' | 'free_cancellation_until'>,
  keyof StayLines | 'problems' | 'rate_plans'
> &
  StayLines & {
    problems: StayProblem[];
    rate_plans: { non_refundable: Filled<Composite['rate_plan_offer']> };
  };

/**
 * request_booking's answer (public.booking_request_result): the request recorded and priced; no
 * single price per night (the nights differ) or last day of free cancellation: null.
 */
export type BookingRequestResult = Omit<
  Filled<Composite['booking_request_result'], 'price_per_night' | 'free_cancellation_until' | 'hold_expires_at'>,
  keyof StayLines
> &
  StayLines;

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
  const minNights = night.min_nights;
  if (minNights > 1) parts.push(t`Minimum stay ${minNights} nights for this arrival.`);
  if (night.closed_to_arrival) parts.push(t`No arrivals on this day.`);
  return parts.length ? parts.join(' ') : null;
}

/**
 * Whether the quote's problems stop the request before it is sent: everything but the guest count
 * (which the forms leave to the server's refusal and its toast).
 */
export function blocksSending(quote: Pick<StayQuote, 'problems'> | undefined): boolean {
  return Boolean(quote?.problems.some((problem) => problem.code !== 'guests'));
}
