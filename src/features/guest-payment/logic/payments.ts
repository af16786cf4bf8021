// The payment figures the server sends (cents) as the guest reads them, and the states of a
// Checkout Session that /booking-success shows. Pure: tested beside it.
import { LOCALE_TAGS, type Locale } from '@/lib/i18n';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

type Composite = Database['public']['CompositeTypes'];

/**
 * The guest's payment section (booking_payments_by_link: public.guest_payments_view, written as
 * JSON; a link that is not valid is refused). A booking made before prices were kept in cents has
 * no total, deposit or balance; the non-refundable rate has no free cancellation: null.
 */
export type GuestPayments = Omit<
  Filled<
    Composite['guest_payments_view'],
    'total_cents' | 'deposit_cents' | 'balance_cents' | 'free_cancellation_until'
  >,
  'extras' | 'payments' | 'folio' | 'folio_lines'
> & {
  extras: Filled<Composite['guest_payment_extra']>[];
  payments: Filled<Composite['guest_payment_entry']>[];
  folio: FolioTotals;
  folio_lines: FolioLine[];
};

/** The stay's folio totals (public.folio_totals): balance = charged - paid + refunded, in cents. */
export type FolioTotals = Filled<Composite['folio_totals']>;
/** One line of the folio as the guest sees it (no ids, nor who recorded it). */
export type FolioLine = Filled<
  Composite['folio_line'],
  'id' | 'description' | 'night' | 'quantity' | 'unit_price_cents' | 'method' | 'reverses_id' | 'actor'
>;

/** What the guest's summary says: paid online, paid at the house, the balance and the city tax left to pay. */
export interface MoneySummary {
  paidInFull: boolean;
  paidOnline: number;
  paidAtHouse: number;
  balanceAtHouse: number;
  cityTaxToPay: number;
}

/** The summary of a folio: "Paid in full" once nothing is open and something was paid. */
export function moneySummary(totals: FolioTotals): MoneySummary {
  const paidAtHouse = totals.paid_cents - totals.paid_online_cents - totals.city_tax_collected_cents;
  return {
    paidInFull: totals.balance_cents <= 0 && totals.paid_cents > 0,
    paidOnline: Math.max(totals.paid_online_cents - totals.refunded_cents, 0),
    paidAtHouse: Math.max(paidAtHouse, 0),
    balanceAtHouse: Math.max(totals.stay_balance_cents, 0),
    cityTaxToPay: Math.max(totals.city_tax_open_cents, 0),
  };
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
