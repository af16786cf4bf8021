import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokePublicFunction, publicDb } from '@/lib/public-db';
import { stillWaiting, type GuestPayments, type PaymentSession } from '../logic/payments';

/** Under the private page's shared prefix ['guest-booking', reference], so the panel's changes refresh it. */
export const guestPaymentKeys = {
  link: (reference: string, token: string) => ['guest-booking', reference, 'payments', token] as const,
  session: (sessionId: string, bookingId: string) => ['payment-session', sessionId, bookingId] as const,
};

/** RPC booking_payments_by_link: deposit, balance, what was paid and refunded, the refund if cancelled today. */
export function guestPaymentsQuery(reference: string, token: string) {
  return queryOptions({
    queryKey: guestPaymentKeys.link(reference, token),
    queryFn: async (): Promise<GuestPayments> => {
      const { data, error } = await publicDb.rpc('booking_payments_by_link', {
        p_reference: reference,
        p_token: token,
      });
      if (error) throw new Error(error.message);
      // jsonb (a link that is not valid answers an error document), written as public.guest_payments_view
      return data as GuestPayments;
    },
    retry: false,
  });
}

/** The payments function's answer for /booking-success, asked again every second while the notice is on its way. */
export function paymentSessionQuery(sessionId: string, bookingId: string) {
  return queryOptions({
    queryKey: guestPaymentKeys.session(sessionId, bookingId),
    queryFn: () =>
      invokePublicFunction<PaymentSession>('payments', {
        action: 'session',
        session_id: sessionId,
        booking_id: bookingId,
      }),
    refetchInterval: (query) => (stillWaiting(query.state.data) && query.state.dataUpdateCount < 60 ? 1_000 : false),
    retry: 1,
  });
}

/**
 * When the request's hold ends (null when it is no longer held), for /booking-cancelled: the private
 * link's booking_by_link (a wrong link counts as any wrong link does).
 */
export function holdQuery(reference: string, token: string) {
  return queryOptions({
    queryKey: ['guest-booking', reference, 'hold', token] as const,
    queryFn: async (): Promise<{ hold_expires_at: string | null }> => {
      const { data, error } = await publicDb.rpc('booking_by_link', { p_reference: reference, p_token: token });
      if (error) throw new Error(error.message);
      const booking = data as { status?: string; hold_expires_at?: string | null };
      return { hold_expires_at: booking.status === 'pending' ? (booking.hold_expires_at ?? null) : null };
    },
    retry: false,
  });
}

/** Makes the refunds the server owes the booking (after a cancellation), then shows them. */
export function useSettleRefunds(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => invokePublicFunction('payments', { action: 'settle', booking_id: bookingId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['guest-booking', reference] }),
  });
}
