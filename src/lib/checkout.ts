import { useMutation } from '@tanstack/react-query';
import { invokePublicFunction } from '@/lib/public-db';

/** Which booking to pay: by its id (right after the request) or by its private link. */
export type CheckoutTarget = { booking_id: string } | { reference: string; token: string };

/**
 * Starts Stripe Checkout for the deposit through the `payments` function (the server takes the
 * amount from the stored booking, never from the browser) and goes to Stripe's page.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (target: CheckoutTarget) =>
      invokePublicFunction<{ url: string }>('payments', { action: 'checkout', ...target }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
