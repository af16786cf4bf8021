import { useMutation } from '@tanstack/react-query';
import { useLocale } from '@/lib/i18n';
import { invokePublicFunction } from '@/lib/public-db';
import { refusalErrorText } from '@/lib/refusals/refusals';

/**
 * Which booking to pay: always by its private link (the e-mails' page, or right after the request
 * with the token request_booking returned), never by a booking id alone.
 */
export interface CheckoutTarget {
  reference: string;
  token: string;
}

/**
 * Starts Stripe Checkout for the deposit through the `payments` function (the server takes the
 * amount from the stored booking, never from the browser) and goes to Stripe's page.
 */
export function useStartCheckout() {
  const locale = useLocale();
  return useMutation({
    mutationFn: async (target: CheckoutTarget) => {
      rememberPrivateLink(target);
      try {
        return await invokePublicFunction<{ url: string }>('payments', { action: 'checkout', ...target });
      } catch (error) {
        // the function's refusal (not_payable, nothing_due, rate_limited…) in the guest's language
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(refusalErrorText(error, locale) ?? message, { cause: error });
      }
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

const LINK_KEY = 'colosseum:private-link';

/**
 * The private link of the booking being paid, kept in this tab while the guest is on Stripe's page:
 * the success page (/booking-success, whose address carries no token) links back to it.
 */
function rememberPrivateLink(target: CheckoutTarget) {
  try {
    sessionStorage.setItem(LINK_KEY, JSON.stringify({ reference: target.reference, token: target.token }));
  } catch {
    // storage off (private mode): the success page points to the e-mails' link instead
  }
}

/** The token of `reference`'s private link, when this tab started its payment. */
export function rememberedPrivateLinkToken(reference: string): string | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(LINK_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const link = stored as Partial<CheckoutTarget>;
    return link.reference === reference && typeof link.token === 'string' ? link.token : null;
  } catch {
    return null;
  }
}
