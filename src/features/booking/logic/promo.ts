import { t } from '@lingui/core/macro';
import type { ToastMessage } from '@/lib/toast';

export type PromoStatus = 'valid' | 'not_yet_valid' | 'expired' | 'limit_reached' | 'not_found';

export interface PromoCheckResult {
  status: PromoStatus;
  discount_percentage: number | null;
}

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
  const pct = Number(result.discount_percentage);
  return Number.isFinite(pct) && pct > 0 ? Math.min(pct, 100) : 0;
}

/** Reads the RPC's jsonb answer defensively. */
export function parsePromoCheck(data: unknown): PromoCheckResult {
  const value = (data ?? {}) as { status?: unknown; discount_percentage?: unknown };
  const statuses: PromoStatus[] = ['valid', 'not_yet_valid', 'expired', 'limit_reached', 'not_found'];
  const status = statuses.includes(value.status as PromoStatus) ? (value.status as PromoStatus) : 'not_found';
  const pct =
    value.discount_percentage === null || value.discount_percentage === undefined
      ? null
      : Number(value.discount_percentage);
  return { status, discount_percentage: pct !== null && Number.isFinite(pct) ? pct : null };
}
