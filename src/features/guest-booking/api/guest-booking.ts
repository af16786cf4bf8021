import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { publicDb } from '@/lib/public-db';
import type { Database } from '@/types/database';
import type { GuestBooking } from '../logic/guest-booking';
import { guestBookingKeys } from './keys';

/** A refusal of the guest functions: PostgREST's error, its code in `hint` (src/lib/refusals). */
export class GuestBookingError extends Error {
  readonly code?: string;
  readonly hint?: string | null;
  readonly details?: string | null;
  constructor(error: { message?: string; code?: string; hint?: string | null; details?: string | null }) {
    super(error.message || 'Something went wrong. Please try again.');
    this.name = 'GuestBookingError';
    this.code = error.code;
    this.hint = error.hint;
    this.details = error.details;
  }

  /** a wrong, expired or revoked link: the server's one answer for all three */
  get linkNotValid(): boolean {
    return this.hint === 'link_not_valid';
  }

  /** this address sent too many wrong links: every answer is refused for a few minutes */
  get tooManyAttempts(): boolean {
    return this.hint === 'too_many_attempts';
  }
}

type GuestFunction = 'booking_by_link' | 'confirm_booking_request' | 'cancel_booking_request';

async function callWithLink(fn: GuestFunction, reference: string, token: string): Promise<GuestBooking> {
  const { data, error } = await publicDb.rpc(fn, { p_reference: reference, p_token: token });
  if (error) throw new GuestBookingError(error);
  // jsonb (a link that is not valid answers an error document), written as public.guest_booking_view
  return data as GuestBooking;
}

/** RPC booking_by_link: the booking the link names (a wrong, expired or revoked link is refused). */
export function guestBookingQuery(reference: string, token: string) {
  return queryOptions({
    queryKey: guestBookingKeys.link(reference, token),
    queryFn: () => callWithLink('booking_by_link', reference, token),
    // a link that is not valid stays so, and a refused address stays refused a while: do not ask again
    retry: (failures, error) =>
      !(error instanceof GuestBookingError && (error.linkNotValid || error.tooManyAttempts)) && failures < 2,
  });
}

/** public.cancellation_terms_view, as booking_cancellation_by_link writes it. */
export type CancellationTermsView = Database['public']['CompositeTypes']['cancellation_terms_view'];

/**
 * RPC booking_cancellation_by_link: the booking's cancellation terms today (what a cancellation
 * refunds and keeps, in cents) or, once cancelled, what was refunded and kept. Under the link's key,
 * so the guest's actions ask it again.
 */
export function guestCancellationQuery(reference: string, token: string) {
  return queryOptions({
    queryKey: [...guestBookingKeys.link(reference, token), 'cancellation'] as const,
    queryFn: async (): Promise<CancellationTermsView> => {
      const { data, error } = await publicDb.rpc('booking_cancellation_by_link', {
        p_reference: reference,
        p_token: token,
      });
      if (error) throw new GuestBookingError(error);
      // jsonb (a link that is not valid answers an error document), written as public.cancellation_terms_view
      return data as CancellationTermsView;
    },
    retry: false,
  });
}

/**
 * The guest's two actions; both answer the booking as it now is, which replaces the cached one. The
 * page's other sections (payment, check-in) read the booking under the same prefix: they are asked
 * again, so a cancellation's refund shows at once.
 */
function useLinkAction(fn: 'confirm_booking_request' | 'cancel_booking_request', reference: string, token: string) {
  const queryClient = useQueryClient();
  const key = guestBookingKeys.link(reference, token);
  return useMutation({
    mutationFn: () => callWithLink(fn, reference, token),
    onSuccess: (booking) => {
      queryClient.setQueryData(key, booking);
      void queryClient.invalidateQueries({
        queryKey: guestBookingKeys.booking(reference),
        predicate: (query) => query.queryKey.length > key.length,
      });
    },
    // the booking may have changed meanwhile (the host answered, the hold ended): show it as it is
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** RPC confirm_booking_request: the guest confirms; the hold becomes the host's answering time. */
export function useConfirmBookingRequest(reference: string, token: string) {
  return useLinkAction('confirm_booking_request', reference, token);
}

/** RPC cancel_booking_request: until 24 hours before the arrival day; refunds what the terms say. */
export function useCancelBookingRequest(reference: string, token: string) {
  return useLinkAction('cancel_booking_request', reference, token);
}
