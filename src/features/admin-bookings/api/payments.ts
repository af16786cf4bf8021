import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { ExtraRow, ExtraValues, Folio, PaymentRow } from '../logic/payments';
import { bookingQueries } from './bookings';

export interface BookingMoney {
  payments: PaymentRow[];
  extras: ExtraRow[];
  folio: Folio;
}

const PAYMENT_COLUMNS =
  'id, kind, amount_cents, currency, method, status, provider_session_id, provider_payment_intent_id, provider_refund_id, reason, actor, created_at, correction, reverses_id, description, quantity';

/** A booking's payments ledger (oldest first), its extras and its folio: three reads staff may make. */
export async function fetchBookingMoney(bookingId: string): Promise<BookingMoney> {
  const [payments, extras, folio] = await Promise.all([
    supabase.from('payments').select(PAYMENT_COLUMNS).eq('booking_id', bookingId).order('created_at'),
    supabase
      .from('booking_extras')
      .select('id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents')
      .eq('booking_id', bookingId)
      .order('created_at'),
    supabase.rpc('booking_folio', { p_booking_id: bookingId }),
  ]);
  if (payments.error) throw payments.error;
  if (extras.error) throw extras.error;
  if (folio.error) throw folio.error;
  return { payments: payments.data, extras: extras.data, folio: folio.data as Folio };
}

/**
 * The money of a page of bookings by booking id: the same three reads as fetchBookingMoney, each
 * for the whole page at once (a page's twenty cards made sixty requests, queued six at a time).
 */
export async function fetchPageMoney(bookingIds: string[]): Promise<Record<string, BookingMoney>> {
  const [payments, extras, folios] = await Promise.all([
    supabase.from('payments').select(`booking_id, ${PAYMENT_COLUMNS}`).in('booking_id', bookingIds).order('created_at'),
    supabase
      .from('booking_extras')
      .select('booking_id, id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents')
      .in('booking_id', bookingIds)
      .order('created_at'),
    supabase.rpc('booking_folios', { p_booking_ids: bookingIds }),
  ]);
  if (payments.error) throw payments.error;
  if (extras.error) throw extras.error;
  if (folios.error) throw folios.error;
  const money: Record<string, BookingMoney> = {};
  for (const folio of folios.data as Folio[]) money[folio.booking_id] = { payments: [], extras: [], folio };
  for (const { booking_id, ...payment } of payments.data) money[booking_id]?.payments.push(payment);
  for (const { booking_id, ...extra } of extras.data) money[booking_id]?.extras.push(extra);
  return money;
}

export const bookingMoneyQueries = {
  // under the lists: a status change (e.g. a cancellation that owes a refund) refreshes it too
  all: () => [...bookingQueries.lists(), 'money'] as const,
  one: (bookingId: string) =>
    queryOptions({
      queryKey: [...bookingMoneyQueries.all(), bookingId],
      queryFn: () => fetchBookingMoney(bookingId),
      meta: { errorText: 'Failed to load the payments' },
    }),
  /** a page's money in one go, which also fills each booking's `one` (what its card reads) */
  page: (bookingIds: string[]) =>
    queryOptions({
      queryKey: [...bookingMoneyQueries.all(), 'page', bookingIds],
      queryFn: async ({ client }) => {
        const money = await fetchPageMoney(bookingIds);
        for (const [bookingId, one] of Object.entries(money)) {
          client.setQueryData(bookingMoneyQueries.one(bookingId).queryKey, one);
        }
        return money;
      },
      enabled: bookingIds.length > 0,
      meta: { errorText: 'Failed to load the payments' },
    }),
};

/** RPC record_property_payment: staff record the balance or the city tax paid at the house. */
export function useRecordPropertyPayment(bookingId: string) {
  return useRefreshingMutation(bookingMoneyQueries.one(bookingId).queryKey, {
    meta: { errorText: 'Failed to record the payment', explainRefusal: true },
    mutationFn: async (input: {
      kind: 'balance' | 'city_tax';
      method: 'card' | 'cash' | 'bank_transfer' | 'stripe';
      amount_cents: number;
    }) => {
      const { error } = await supabase.rpc('record_property_payment', {
        p_booking_id: bookingId,
        p_kind: input.kind,
        p_method: input.method,
        p_amount_cents: input.amount_cents,
      });
      if (error) throw error;
    },
  });
}

/** RPC add_folio_extra: staff add an extra to the stay (a transfer, a breakfast), priced by them. */
export function useAddFolioExtra(bookingId: string) {
  return useRefreshingMutation(bookingMoneyQueries.one(bookingId).queryKey, {
    meta: { errorText: 'Failed to add the extra', explainRefusal: true },
    mutationFn: async (input: ExtraValues) => {
      const { error } = await supabase.rpc('add_folio_extra', {
        p_booking_id: bookingId,
        p_service_id: null as never,
        p_description: input.description,
        p_quantity: input.quantity,
        p_unit_price_cents: input.unit_price_cents,
      });
      if (error) throw error;
    },
  });
}

/** RPC reverse_folio_line: a correction line reversing an extra or a payment taken at the house. */
export function useReverseFolioLine(bookingId: string) {
  return useRefreshingMutation(bookingMoneyQueries.one(bookingId).queryKey, {
    meta: { errorText: 'Failed to correct the line', explainRefusal: true },
    mutationFn: async (input: { lineId: string; reason: string }) => {
      const { error } = await supabase.rpc('reverse_folio_line', { p_line_id: input.lineId, p_reason: input.reason });
      if (error) throw error;
    },
  });
}

export interface CheckOutInput {
  nights?: 'stayed' | 'booked';
  settleMethod?: 'card' | 'cash';
  leaveOwing?: boolean;
}

/** RPC check_out_booking: refuses with balance_open or nights_choice_needed until the desk chose. */
export function useCheckOut(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CheckOutInput) => {
      const { data, error } = await supabase.rpc('check_out_booking', {
        p_booking_id: bookingId,
        p_nights: input.nights as string,
        p_settle_method: input.settleMethod as string,
        p_leave_owing: input.leaveOwing ?? false,
      });
      if (error) throw error;
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueries.lists() }),
  });
}

export interface RefundResult {
  requested_cents: number;
  refunded: number;
  failed: number;
}

/**
 * An admin's refund, through the `payments` function (action `refund`): it records the refund owed
 * (request_refund) and makes it through Stripe at once. A refusal carries the server's reason.
 */
export function useRefundPayment(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount_cents: number; reason: string }) =>
      invokeFunction<RefundResult>('payments', { action: 'refund', booking_id: bookingId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingMoneyQueries.one(bookingId).queryKey }),
  });
}
