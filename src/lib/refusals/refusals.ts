import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import { fullDate, weekdayName } from './dates';

/**
 * A refusal of the booking functions: its stable code (the error's `hint`, or a quote problem's
 * `code`), the English sentence the API sends, and the sentence's values (the error's `details`
 * as JSON, or the problem's `details`), e.g. min_stay {"min_nights": 3, "check_in": "2027-03-05"}.
 */
export interface Refusal {
  code: string;
  message: string;
  details: Values;
}

/** a refusal's values as the sentences show them */
type Values = Readonly<Record<string, string>>;
type Translate = (values: Values, locale: Locale) => string;

/** A date of the values ("2027-03-05") as the guest's language writes it in full. */
const day = (value: string | undefined, locale: Locale) => fullDate(value ?? '', locale);
/** The weekday of a date of the values, in the guest's language ("lunedì"). */
const weekdayOf = (value: string | undefined, locale: Locale) =>
  weekdayName(new Date(`${(value ?? '').slice(0, 10)}T00:00:00Z`).getUTCDay(), locale);

/**
 * Every code the guest can meet, in the active language (evaluated when called: `t` reads the
 * language then). refusals.test.ts reads the codes out of supabase/schema/*.sql: each must be here.
 */
function translations(): Record<string, Translate> {
  return {
    // the stay (private.assert_stay_request, quote_stay's problems, request_booking)
    dates_missing: () => t`Please choose check-in and check-out dates.`,
    dates_order: () => t`Check-out date must be after check-in date.`,
    past: () => t`Check-in date cannot be in the past.`,
    too_far: () => t`Check-in date must be within the next two years.`,
    too_long: ({ max_nights: max }) => t`A stay can be at most ${max} nights.`,
    guests_range: ({ min_guests: min, max_guests: max }) => t`Guests must be between ${min} and ${max}.`,
    room_not_valid: () => t`Please select a valid room.`,
    room_unavailable: () => t`This room is not available for booking.`,
    unavailable: () => t`This room is not available for the selected dates.`,
    guests: ({ max_guests: max }) => t`This room accommodates at most ${max} guests.`,
    // the season's stay rules (private.stay_rule_problems)
    min_stay: ({ check_in, min_nights: nights }, locale) => {
      const date = day(check_in, locale);
      return t`A stay arriving on ${date} must be at least ${nights} nights.`;
    },
    closed_to_arrival: ({ check_in }, locale) => {
      const weekday = weekdayOf(check_in, locale);
      return t`Check-in is not possible on ${weekday}s for these dates. Please choose another arrival day.`;
    },
    closed_to_departure: ({ check_out }, locale) => {
      const weekday = weekdayOf(check_out, locale);
      return t`Check-out is not possible on ${weekday}s for these dates. Please choose another departure day.`;
    },
    // the extras and the rate plan (private.stay_money, through quote_stay and request_booking)
    extra_unavailable: () => t`This extra is not available.`,
    extra_quantity: (values, locale) => {
      const name = values[`service_${locale}`] ?? values.service;
      const max = values.max_quantity;
      return t`Please choose a quantity from 1 to ${max} for ${name}.`;
    },
    extra_repeated: () => t`Each extra can be chosen once.`,
    extras_too_many: ({ max_extras: max }) => t`Please choose at most ${max} extras.`,
    rate_plan_invalid: () => t`Please choose a valid rate.`,
    non_refundable_unavailable: () =>
      t`The non-refundable rate is not offered at the moment. Please choose the flexible rate.`,
    // the guest's own fields (request_booking)
    name_missing: () => t`Please enter your name.`,
    name_too_long: ({ max_length: max }) => t`Name must be at most ${max} characters.`,
    email_missing: () => t`Please enter your email address.`,
    email_not_valid: () => t`Please enter a valid email address.`,
    phone_too_long: ({ max_length: max }) => t`Phone number must be at most ${max} characters.`,
    phone_not_valid: () => t`Please enter a valid phone number.`,
    requests_too_long: ({ max_length: max }) => t`Special requests must be at most ${max} characters.`,
    text_not_allowed: () =>
      t`Your text contains characters that are not allowed (line breaks in your name, or invisible characters). Please type it again.`,
    // promo codes (request_booking)
    promo_not_yet_valid: () => t`This promo code is not yet active.`,
    promo_expired: () => t`This promo code has expired.`,
    promo_limit_reached: () => t`This promo code has reached its usage limit.`,
    promo_wrong_room: () => t`This promo code is not valid for the selected room.`,
    promo_invalid: () => t`Invalid promo code. Please check your promo code and try again.`,
    // a stay's review (public.submit_review); the field is the review's name, country or comment
    review_rating_range: () => t`Please give an overall rating from 1 to 5 stars.`,
    review_scores_range: () => t`Scores for cleanliness, location and staff go from 1 to 5.`,
    review_field_missing: ({ field }) =>
      field === 'comment' ? t`Please write your review.` : t`Please enter your name.`,
    review_field_too_short: ({ field, min_length: min }) =>
      field === 'comment'
        ? t`Your review must be at least ${min} characters.`
        : field === 'name'
          ? t`Your name must be at least ${min} characters.`
          : t`Your country must be at least ${min} characters.`,
    review_field_too_long: ({ field, max_length: max }) =>
      field === 'comment'
        ? t`Your review must be at most ${max} characters.`
        : field === 'name'
          ? t`Your name must be at most ${max} characters.`
          : t`Your country must be at most ${max} characters.`,
    review_field_html: ({ field }) =>
      field === 'comment'
        ? t`Your review must be plain text, without HTML.`
        : field === 'name'
          ? t`Your name must be plain text, without HTML.`
          : t`Your country must be plain text, without HTML.`,
    // who is asking, and how often (request_booking, payment_checkout_start, the guest's link)
    no_address: () => t`We could not tell where your request comes from. Please try again.`,
    too_many_requests: () => t`Too many booking requests. Please try again in a few minutes.`,
    too_many_attempts: () => t`Too many attempts. Please try again in a few minutes.`,
    open_requests: ({ open_requests: count }) =>
      t`You already have ${count} requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.`,
    open_requests_email: ({ open_requests: count }) =>
      t`This e-mail address already has ${count} requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.`,
    // a stay whose money is beyond what can be booked online (quote_stay, request_booking)
    amount_out_of_range: () => t`This stay comes to more than can be booked online. Please contact us.`,
    // paying the deposit (public.payment_checkout_start, answered by the payments function)
    not_payable: () => t`This booking cannot be paid online.`,
    nothing_due: () => t`Nothing is due online for this booking.`,
    rate_limited: () => t`Too many payment attempts. Please try again in a few minutes.`,
    // the guest's private page (booking_by_link, confirm_booking_request, cancel_booking_request)
    link_not_valid: () => t`This link is not valid.`,
    request_expired: () => t`This request has expired: its dates are no longer held. Please send a new request.`,
    cancel_not_allowed: () => t`This booking can no longer be cancelled online. Please contact us.`,
    checkin_closed: () => t`Online check-in is closed for this stay. Please see us at the desk.`,
  };
}

/** The codes the site translates (the test compares them with the codes the SQL raises). */
export const REFUSAL_CODES: readonly string[] = Object.keys(translations());

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values of a refusal (an object, or PostgREST's `details` text holding one), as text. */
function values(details: unknown): Values {
  let object: unknown = details;
  if (typeof details === 'string' && details.startsWith('{')) {
    try {
      object = JSON.parse(details);
    } catch {
      object = null;
    }
  }
  if (!isRecord(object)) return {};
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, String(value)]));
}

/**
 * The refusal an RPC's error carries (PostgREST's {code, message, hint, details}): its code is the
 * hint; null for an error that is no refusal (a network failure, an unexpected error).
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!isRecord(error) || typeof error.message !== 'string') return null;
  const code = typeof error.hint === 'string' ? error.hint : '';
  // a raise without a code is still a refusal meant for the reader (P0001), shown as sent
  if (!code && error.code !== 'P0001') return null;
  return { code, message: error.message, details: values(error.details) };
}

/** A refusal in the guest's language; one the site does not know shows as the server sent it. */
export function refusalText(refusal: { code: string; message: string; details?: unknown }, locale: Locale): string {
  const translate = translations()[refusal.code];
  return translate ? translate(values(refusal.details), locale) : refusal.message;
}

/** An RPC error's refusal in the guest's language, or undefined when the error is no refusal. */
export function refusalErrorText(error: unknown, locale: Locale): string | undefined {
  const refusal = refusalOf(error);
  return refusal ? refusalText(refusal, locale) : undefined;
}
