// What an e-mail catalogue is: the guest's e-mails (one catalogue per language, same keys, checked
// by the `Catalog` type) and the host's (in English or Italian, as the house chose: host.ts). Plain
// TypeScript without Deno APIs, so the platform tests import it too.

import type { CancellationCatalog, CancellationTerms } from '../_shared/cancellation-terms.ts';

/** The languages the site and its e-mails speak; anything else falls back to English. */
export const LANGUAGES = ['en', 'it', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function languageOf(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

/** The guest's e-mails, written in the guest's language (private.email_kinds() in SQL). */
export const GUEST_KINDS = [
  'request_acknowledgement',
  'booking_confirmed',
  'booking_cancelled',
  'request_expired',
  'review_request',
  'arrival_reminder',
  'payment_receipt',
  'payment_refunded',
  // the front desk's (issue 40): a booking taken by hand, with its private link; a stay's new terms
  'desk_booking_link',
  'stay_changed',
] as const;
export type GuestKind = (typeof GUEST_KINDS)[number];

/**
 * The host's e-mails, in the language the house chose (booking_settings.host_email_language), or the
 * staff member's own when the house's address is theirs (profiles.portal_language); set on the outbox
 * row by SQL: private.host_email_kinds() is this list.
 */
export const HOST_KINDS = [
  'request_received_host',
  'request_confirmed_by_guest_host',
  'booking_cancelled_by_guest_host',
  'payment_received_host',
  'payment_refunded_host',
  'host_alert',
] as const;
export type HostKind = (typeof HOST_KINDS)[number];

/** The languages of the host's e-mails; anything else is English. */
export const HOST_LANGUAGES = ['en', 'it'] as const;
export type HostLanguage = (typeof HOST_LANGUAGES)[number];

export function hostLanguageOf(value: string | null | undefined): HostLanguage {
  return value === 'it' ? 'it' : 'en';
}

/** One extra of the stay, as the server priced it (public.booking_extras). */
export interface EmailExtra {
  name: string;
  pricing_unit: 'per_stay' | 'per_night' | 'per_person';
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

/** A desk alert (private.host_alert_email): what the host_alert e-mail says. */
export interface EmailAlert {
  id: string;
  /** one of private.desk_alert_types() */
  type: string;
  severity: string;
  /** the alert's English description (the text for a type host.ts does not know) */
  description: string;
  raised_at: string;
  metadata: Record<string, unknown>;
}

/** The outbox row's data (private.booking_email_data in SQL, plus a kind's own fields). */
export interface BookingEmailData {
  booking_id: string;
  /** the stay's extras and their sum (private.booking_email_data; missing in older rows) */
  extras?: EmailExtra[];
  extras_cents?: number;
  /** the rate night by night, in euros (bookings.nightly_rates) */
  nightly_rates?: { night: string; price: number; season?: string | null }[] | null;
  /** the desk alert (host_alert only) */
  alert?: EmailAlert;
  reference: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string | null;
  /** the language the guest used on the site (missing in rows written before it was added) */
  guest_language?: string;
  room_name: string;
  /** the room's name in the guest's language, when the staff wrote one (rooms.translations) */
  room_name_local?: string | null;
  room_number: string;
  check_in: string;
  check_out: string;
  nights: number;
  guests: number;
  total_amount: number;
  discount_amount: number;
  promo_code: string | null;
  special_requests: string | null;
  hold_expires_at: string | null;
  guest_confirmed: boolean;
  house_address: string | null;
  house_phone: string | null;
  /** the guest's private link token (guest e-mails), or the review link's (review_request) */
  token?: string;
  /** the end of the review link (review_request only) */
  review_expires_at?: string;
  /** the online check-in's state (arrival_reminder only): counts, never identity data */
  checkin?: { complete: boolean; missing: number };
  /** payment e-mails (private.payment_email_data): the amount paid or refunded, the stay's money, in cents */
  amount_cents?: number;
  total_cents?: number | null;
  deposit_cents?: number | null;
  balance_cents?: number | null;
  paid_cents?: number;
  free_cancellation_until?: string | null;
  rate_plan?: 'flexible' | 'non_refundable';
  /** why a refund was made (payment_refunded, payment_refunded_host) */
  reason?: string;
  /** what the guest may pay online right now, in cents (0: nothing due, or not yet) */
  payable_cents?: number;
  /** a deposit is asked, once the host has accepted the request ("Confirm each request before payment") */
  payment_after_acceptance?: boolean;
  /** the booking's cancellation terms today, or what its cancellation refunded and kept (private.booking_cancellation_terms) */
  cancellation?: CancellationTerms;
  /** the house's rule (for a booking whose own terms are not known) */
  cancellation_house?: CancellationTerms;
  /** stay_changed: the stay as it was, and what the change costs (cents: more to pay, refunded, kept per the policy) */
  previous?: { room_name: string | null; check_in: string; check_out: string; total_cents: number | null };
  difference_cents?: number;
  refund_cents?: number;
  kept_cents?: number;
  /** the sentences of the terms in the e-mail's languages (the guest's and English), by key */
  cancellation_catalog?: Partial<Record<Language, CancellationCatalog>>;
}

/** Where a payment block stands: in the request's acknowledgement, or in the e-mail that the stay is confirmed. */
export type PaymentMoment = 'request' | 'accepted';

/** Cents as the amount Formatters.money writes. */
export const euros = (cents: number | null | undefined) => (cents ?? 0) / 100;

/** A paragraph of text (its lines kept), or a button-like link. */
export type Block = string | { link: string; label: string };

export interface Message {
  subject: string;
  /** empty strings are left out, so a template can write `cond ? '…' : ''` */
  blocks: Block[];
}

/** The links an e-mail may carry, on the site in the e-mail's language. */
export interface Links {
  /** the site's home page */
  home: string;
  /** the guest's private page */
  booking: string;
  /** the private page, opened on its Confirm button */
  confirm: string;
  /** the stay's review form (review_request only) */
  review: string;
  /** the request in the admin (English, no language prefix) */
  admin: string;
  /** the admin's dashboard (its open alerts) */
  dashboard: string;
}

/** Dates and amounts in the e-mail's language (Intl). */
export interface Formatters {
  /** the e-mail's language (the catalog of the cancellation terms' sentences) */
  language: Language;
  /** a calendar day ('2026-10-01'): "Thu, 1 October 2026", "giovedì 1 ottobre 2026" */
  date(isoDay: string): string;
  /** a calendar day without its weekday: "1 October 2026", "1 ottobre 2026" */
  day(isoDay: string): string;
  /** an instant, in Rome's time: "25 November 2026 at 17:08" */
  moment(iso: string): string;
  /** euros: "€1,234.50", "1234,50 €", "1 234,50 €" */
  money(amount: number): string;
}

export type Template = (data: BookingEmailData, links: Links, format: Formatters) => Message;

/** One language's guest e-mails. Every language has every key (the type says so). */
export interface Catalog {
  /** the Intl locale of dates and amounts */
  locale: 'en-GB' | 'it-IT' | 'fr-FR';
  /** how a day is written: the weekday short (English) or in full */
  weekday: 'short' | 'long';
  /** between a button's label and its link in the plain-text part: ': ' (French: '\u00a0: ') */
  colon: string;
  /** the line under the HTML part */
  footer: string;
  /** the address shown when the site's contact address is not set */
  defaultAddress: string;
  /** last touches on every text: "1° ottobre", French spacing before ":" and "?" */
  polish: (text: string) => string;
  templates: Record<GuestKind, Template>;
}

/** The house's phone when the site's contact phone is not set. */
export const DEFAULT_PHONE = '+39 06 1234 5678';
