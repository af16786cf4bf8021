import { t } from '@lingui/core/macro';
import type { Filled } from '@/lib/rpc-rows';
import type { ToastMessage } from '@/lib/toast';
import type { Database } from '@/types/database';

/** check_promo_code's answer (public.promo_check): the discount only when valid. */
export type PromoCheckResult = Filled<Database['public']['CompositeTypes']['promo_check'], 'discount_percentage'>;

/** Promo codes are matched upper-cased. */
export function normalizePromoCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/**
 * The spec's toast for each outcome of the promo lookup (`null` result = the lookup failed), in the
 * active language (evaluated when called).
 */
export function promoOutcomeToast(result: PromoCheckResult | null): ToastMessage {
  switch (result?.status) {
    case 'valid': {
      const percent = result.discount_percentage ?? 0;
      return {
        kind: 'success',
        title: t`Promo Code Applied!`,
        description: t`${percent}% discount has been applied to your booking.`,
      };
    }
    case 'not_yet_valid':
      return { kind: 'error', title: t`Promo Code Not Yet Valid`, description: t`This promo code is not yet active.` };
    case 'expired':
      return { kind: 'error', title: t`Promo Code Expired`, description: t`This promo code has expired.` };
    case 'limit_reached':
      return {
        kind: 'error',
        title: t`Promo Code Limit Reached`,
        description: t`This promo code has reached its usage limit.`,
      };
    case 'not_found':
      return {
        kind: 'error',
        title: t`Invalid Promo Code`,
        description: t`Please check your promo code and try again.`,
      };
    default:
      return { kind: 'error', title: t`Error`, description: t`Failed to validate promo code. Please try again.` };
  }
}

/** The discount to apply after a lookup: the percentage when valid, else 0. */
export function appliedDiscount(result: PromoCheckResult | null): number {
  if (result?.status !== 'valid') return 0;
  return Math.min(Math.max(result.discount_percentage ?? 0, 0), 100);
}
