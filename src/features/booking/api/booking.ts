import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { isISODate } from '@/lib/dates';
import type { Locale } from '@/lib/i18n';
import { publicDb } from '@/lib/public-db';
import { roomKeys } from '@/lib/public-rooms/keys';
import type { ExtraRequest, RatePlan } from '../logic/extras';
import { parsePromoCheck, type PromoCheckResult } from '../logic/promo';
import { parseCalendar, parseQuote, type QuoteExtra, type QuoteNight } from '../logic/quote';
import { bookingKeys } from './keys';

const validStay = (checkIn: string, checkOut: string) =>
  isISODate(checkIn) && isISODate(checkOut) && checkOut > checkIn;

/**
 * RPC room_calendar: each night of [from, to) free or taken, its price and the rules of an arrival
 * that night; roomId null asks for any room (free when some room is, the lowest free price).
 */
export function useRoomCalendar(roomId: string | null, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.calendar(roomId ?? 'any', from, to),
    queryFn: async () => {
      const { data, error } = await publicDb.rpc('room_calendar', {
        p_room_id: roomId as string,
        p_from: from,
        p_to: to,
      });
      if (error) throw error;
      return parseCalendar(data);
    },
    enabled: enabled && isISODate(from) && isISODate(to) && to > from,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface QuoteInput {
  roomId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  promoCode?: string | null;
  /** the extras chosen and the rate: the server prices both */
  extras?: readonly ExtraRequest[];
  ratePlan?: RatePlan;
}

const quoteQuery = (input: QuoteInput) => ({
  queryKey: bookingKeys.quote(
    input.roomId,
    input.checkIn,
    input.checkOut,
    input.guests,
    input.promoCode ?? '',
    JSON.stringify(input.extras ?? []),
    input.ratePlan ?? 'flexible',
  ),
  queryFn: async () => {
    const { data, error } = await publicDb.rpc('quote_stay', {
      p_room_id: input.roomId,
      p_check_in: input.checkIn,
      p_check_out: input.checkOut,
      p_guests: input.guests,
      p_promo_code: input.promoCode || undefined,
      p_extras: input.extras?.length ? [...input.extras] : undefined,
      p_rate_plan: input.ratePlan,
    });
    if (error) throw error;
    return parseQuote(data);
  },
  enabled: Boolean(input.roomId) && validStay(input.checkIn, input.checkOut) && input.guests > 0,
  staleTime: 15_000,
});

/** RPC quote_stay: the stay's nights and totals as request_booking will store them, and why it cannot be booked. */
export function useStayQuote(input: QuoteInput) {
  return useQuery({ ...quoteQuery(input), placeholderData: keepPreviousData });
}

/** quote_stay for several rooms at once (the room list after the dates, without a room chosen). */
export function useStayQuotes(roomIds: readonly string[], stay: Omit<QuoteInput, 'roomId'>) {
  return useQueries({ queries: roomIds.map((roomId) => quoteQuery({ ...stay, roomId })) });
}

/** RPC check_promo_code: the code's status for this room (fallback codes included by the server). */
export function useCheckPromoCode() {
  return useMutation({
    mutationFn: async ({ code, roomId }: { code: string; roomId?: string | null }): Promise<PromoCheckResult> => {
      const { data, error } = await publicDb.rpc('check_promo_code', { p_code: code, p_room_id: roomId || undefined });
      if (error) throw error;
      return parsePromoCheck(data);
    },
  });
}

export interface BookingRequestInput {
  roomId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  name: string;
  email: string;
  phone?: string | null;
  specialRequests?: string | null;
  promoCode?: string | null;
  /** the page's language: the booking keeps it as guest_language, and its e-mails use it */
  language?: Locale;
  /** the extras chosen and the rate, priced and stored by the server */
  extras?: readonly ExtraRequest[];
  ratePlan?: RatePlan;
}

export interface BookingRequestResult {
  booking_id: string;
  reference: string;
  nights: number;
  /** null when the nights have different prices */
  price_per_night: number | null;
  subtotal: number;
  discount_percentage: number;
  discount_amount: number;
  total_amount: number;
  nightly: QuoteNight[];
  /** until when the request holds its room, unless the guest confirms it from the e-mail */
  hold_expires_at: string | null;
  /** the policy's figures (cents), stored on the booking: due now online, at the house, free cancellation's last day */
  deposit_cents: number;
  balance_cents: number;
  free_cancellation_until: string | null;
  /** the host accepts each request before payment: the pay link reaches the guest by e-mail then */
  confirm_before_payment: boolean;
  /** the stored total (nights less the rate's discount, plus the extras) and the extras' lines */
  total_cents: number;
  nonrefundable_discount_cents: number;
  extras: QuoteExtra[];
}

function toNumber(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * RPC request_booking: records the stay request as a pending booking, priced and checked by the
 * server (dates, guests, availability, promo code). Refusals reject with the server's message.
 */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookingRequestInput): Promise<BookingRequestResult> => {
      const { data, error } = await publicDb.rpc('request_booking', {
        p_room_id: input.roomId,
        p_check_in: input.checkIn,
        p_check_out: input.checkOut,
        p_guests: input.guests,
        p_guest_name: input.name,
        p_guest_email: input.email,
        p_guest_phone: input.phone || undefined,
        p_special_requests: input.specialRequests || undefined,
        p_promo_code: input.promoCode || undefined,
        p_language: input.language,
        p_extras: input.extras?.length ? [...input.extras] : undefined,
        p_rate_plan: input.ratePlan,
      });
      // the error keeps its code: a refusal (P0001) carries words meant for the guest
      if (error)
        throw Object.assign(new Error(error.message || 'Something went wrong. Please try again.'), {
          code: error.code,
        });
      const row = (data ?? {}) as Record<string, unknown>;
      return {
        booking_id: String(row.booking_id ?? ''),
        reference: String(row.reference ?? ''),
        nights: toNumber(row.nights),
        price_per_night: row.price_per_night == null ? null : toNumber(row.price_per_night),
        subtotal: toNumber(row.subtotal),
        discount_percentage: toNumber(row.discount_percentage),
        discount_amount: toNumber(row.discount_amount),
        total_amount: toNumber(row.total_amount),
        nightly: parseQuote({ nightly: row.nightly }).nightly,
        hold_expires_at: typeof row.hold_expires_at === 'string' ? row.hold_expires_at : null,
        deposit_cents: toNumber(row.deposit_cents),
        balance_cents: toNumber(row.balance_cents),
        free_cancellation_until: typeof row.free_cancellation_until === 'string' ? row.free_cancellation_until : null,
        confirm_before_payment: row.confirm_before_payment === true,
        total_cents: toNumber(row.total_cents),
        nonrefundable_discount_cents: toNumber(row.nonrefundable_discount_cents),
        extras: parseQuote({ extras: row.extras }).extras,
      };
    },
    onSuccess: () => {
      // The stay now blocks those dates, and a promo code may have used one of its uses.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availability() });
      void queryClient.invalidateQueries({ queryKey: roomKeys.publicList() });
    },
  });
}
