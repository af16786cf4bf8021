import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import { fullDate, weekdayName } from './format';

/**
 * The database refuses a stay request in English sentences (request_booking, quote_stay's
 * problems: stay rules, the open-requests limit, promo codes …). The known ones, with their numbers, dates and days, are
 * shown in the page's language; a sentence not listed here shows as the server sent it.
 * Evaluated when called (`t` reads the active language then).
 */
export function serverMessage(message: string, locale: Locale): string {
  // English pages show the server's own words (its dates included)
  if (locale === 'en') return message;
  const text = message.trim();
  const fixed = fixedMessages()[text];
  if (fixed) return fixed;
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(text);
    if (match) {
      const translated = translate(match, locale);
      if (translated) return translated;
    }
  }
  return message;
}

/** `serverMessage` of an error's text, or undefined without one. */
export function serverErrorMessage(error: unknown, locale: Locale): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message)
    return serverMessage(error.message, locale);
  return undefined;
}

function fixedMessages(): Record<string, string> {
  return {
    'Please enter your name.': t`Please enter your name.`,
    'Please enter your email address.': t`Please enter your email address.`,
    'Please enter a valid email address.': t`Please enter a valid email address.`,
    'Please enter a valid phone number.': t`Please enter a valid phone number.`,
    'Please choose check-in and check-out dates.': t`Please choose check-in and check-out dates.`,
    'Check-in date cannot be in the past.': t`Check-in date cannot be in the past.`,
    'Check-out date must be after check-in date.': t`Check-out date must be after check-in date.`,
    'Check-in date must be within the next two years.': t`Check-in date must be within the next two years.`,
    'We could not tell where your request comes from, so it was not sent. Please try again.': t`We could not tell where your request comes from, so it was not sent. Please try again.`,
    'Too many booking requests. Please try again in a few minutes.': t`Too many booking requests. Please try again in a few minutes.`,
    'Please select a valid room.': t`Please select a valid room.`,
    'This room is not available for booking.': t`This room is not available for booking.`,
    'This room is not available for the selected dates.': t`This room is not available for the selected dates.`,
    'This promo code is not yet active.': t`This promo code is not yet active.`,
    'This promo code has expired.': t`This promo code has expired.`,
    'This promo code has reached its usage limit.': t`This promo code has reached its usage limit.`,
    'This promo code is not valid for the selected room.': t`This promo code is not valid for the selected room.`,
    'Invalid promo code. Please check your promo code and try again.': t`Invalid promo code. Please check your promo code and try again.`,
  };
}

const ENGLISH_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Translate = (match: RegExpExecArray, locale: Locale) => string | null;

const patterns: [RegExp, Translate][] = [
  [/^Name must be at most (\d+) characters\.$/, ([, max]) => t`Name must be at most ${max} characters.`],
  [
    /^Phone number must be at most (\d+) characters\.$/,
    ([, max]) => t`Phone number must be at most ${max} characters.`,
  ],
  [
    /^Special requests must be at most (\d+) characters\.$/,
    ([, max]) => t`Special requests must be at most ${max} characters.`,
  ],
  [/^A stay can be at most (\d+) nights\.$/, ([, max]) => t`A stay can be at most ${max} nights.`],
  [/^Guests must be between (\d+) and (\d+)\.$/, ([, min, max]) => t`Guests must be between ${min} and ${max}.`],
  [/^This room accommodates at most (\d+) guests\.$/, ([, max]) => t`This room accommodates at most ${max} guests.`],
  [
    /^You already have (\d+) requests waiting for an answer\. Please confirm or cancel one of them, or wait for the host's reply\.$/,
    ([, count]) =>
      t`You already have ${count} requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.`,
  ],
  [
    /^This e-mail address already has (\d+) requests waiting for an answer\. Please confirm or cancel one of them, or wait for the host's reply\.$/,
    ([, count]) =>
      t`This e-mail address already has ${count} requests waiting for an answer. Please confirm or cancel one of them, or wait for the host's reply.`,
  ],
  [
    // private.stay_rule_problems: to_char(check_in, 'FMDay FMDD FMMonth YYYY')
    /^A stay arriving on (\w+) (\d{1,2}) (\w+) (\d{4}) must be at least (\d+) nights\.$/,
    ([, , day, monthName, year, nights], locale) => {
      const month = ENGLISH_MONTHS.indexOf(monthName);
      if (month < 0) return null;
      const date = fullDate(`${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`, locale);
      return t`A stay arriving on ${date} must be at least ${nights} nights.`;
    },
  ],
  [
    /^Check-in is not possible on (\w+)s for these dates\. Please choose another arrival day\.$/,
    ([, dayName], locale) => {
      const index = ENGLISH_DAYS.indexOf(dayName);
      if (index < 0) return null;
      const weekday = weekdayName(index, locale);
      return t`Check-in is not possible on ${weekday}s for these dates. Please choose another arrival day.`;
    },
  ],
  [
    /^Check-out is not possible on (\w+)s for these dates\. Please choose another departure day\.$/,
    ([, dayName], locale) => {
      const index = ENGLISH_DAYS.indexOf(dayName);
      if (index < 0) return null;
      const weekday = weekdayName(index, locale);
      return t`Check-out is not possible on ${weekday}s for these dates. Please choose another departure day.`;
    },
  ],
];
