import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { isISODate } from '@/lib/dates';
import type { Locale } from '@/lib/i18n';
import { publicDb } from '@/lib/public-db';
import { roomKeys } from '@/lib/public-rooms/keys';
import type { ExtraRequest, RatePlan } from '../logic/extras';
import type { PromoCheckResult } from '../logic/promo';
import type { BookingRequestResult, StayQuote } from '../logic/quote';
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
      return data;
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
    return data as StayQuote;
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
      return data as PromoCheckResult;
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

/**
 * RPC request_booking: records the stay request as a pending booking, priced and checked by the
 * server (dates, guests, availability, promo code). Refusals reject with PostgREST's error.
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
      // a refusal keeps its code (hint) and values (details): src/lib/refusals
      if (error) throw error;
      return data as BookingRequestResult;
    },
    onSuccess: () => {
      // The stay now blocks those dates, and a promo code may have used one of its uses.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availability() });
      void queryClient.invalidateQueries({ queryKey: roomKeys.publicList() });
    },
  });
}
