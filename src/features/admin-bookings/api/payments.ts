import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { ExtraRow, PaymentRow } from '../logic/payments';
import { bookingQueries } from './bookings';

export interface BookingMoney {
  payments: PaymentRow[];
  extras: ExtraRow[];
}

const PAYMENT_COLUMNS =
  'id, kind, amount_cents, currency, method, status, provider_session_id, provider_payment_intent_id, provider_refund_id, reason, actor, created_at';

/** A booking's payments ledger (oldest first) and its extras: two reads staff may make. */
export async function fetchBookingMoney(bookingId: string): Promise<BookingMoney> {
  const [payments, extras] = await Promise.all([
    supabase.from('payments').select(PAYMENT_COLUMNS).eq('booking_id', bookingId).order('created_at'),
    supabase
      .from('booking_extras')
      .select('id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents')
      .eq('booking_id', bookingId)
      .order('created_at'),
  ]);
  if (payments.error) throw payments.error;
  if (extras.error) throw extras.error;
  return { payments: payments.data, extras: extras.data };
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
};

/** RPC record_property_payment: staff record the balance or the city tax paid at the house. */
export function useRecordPropertyPayment(bookingId: string) {
  return useRefreshingMutation(bookingMoneyQueries.one(bookingId).queryKey, {
    meta: { errorText: 'Failed to record the payment', explainRefusal: true },
    mutationFn: async (input: { kind: 'balance' | 'city_tax'; method: 'cash' | 'card'; amount_cents: number }) => {
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
