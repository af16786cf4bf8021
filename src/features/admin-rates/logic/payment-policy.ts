import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { Tables } from '@/types/database';

/** The one payment_policy row: what staff read and admins change. */
export type PaymentPolicy = Pick<
  Tables<'payment_policy'>,
  | 'deposit_kind'
  | 'deposit_percent'
  | 'free_cancellation_days'
  | 'nonrefundable_enabled'
  | 'nonrefundable_discount_percent'
  | 'confirm_before_payment'
>;

/**
 * A whole number typed as text, within [min, max]; its messages are read when a value is checked
 * (in the portal's language then).
 */
const wholeNumber = (messages: { missing: () => string; notWhole: () => string }, min: number, max: number) => {
  const range = () => t`Between ${min} and ${max}.`;
  return z
    .string()
    .trim()
    .min(1, { error: messages.missing })
    .regex(/^\d+$/, { error: messages.notWhole })
    .transform(Number)
    .pipe(z.number().min(min, { error: range }).max(max, { error: range }));
};

export const paymentPolicySchema = z.object({
  deposit_kind: z.enum(['percent', 'first_night']),
  deposit_percent: wholeNumber(
    {
      missing: () => t`Enter the deposit percentage.`,
      notWhole: () => t`Use a whole number for the deposit percentage.`,
    },
    0,
    100,
  ),
  free_cancellation_days: wholeNumber(
    { missing: () => t`Enter the number of days.`, notWhole: () => t`Use a whole number for the number of days.` },
    0,
    365,
  ),
  nonrefundable_enabled: z.boolean(),
  nonrefundable_discount_percent: wholeNumber(
    { missing: () => t`Enter the discount.`, notWhole: () => t`Use a whole number for the discount.` },
    1,
    50,
  ),
  confirm_before_payment: z.boolean(),
});

export type PaymentPolicyForm = z.input<typeof paymentPolicySchema>;
export type PaymentPolicyValues = z.output<typeof paymentPolicySchema>;

/** The form's text from the stored row (the database's defaults until it has loaded). */
export function paymentPolicyFormValues(policy: PaymentPolicy | undefined): PaymentPolicyForm {
  return {
    deposit_kind: policy?.deposit_kind ?? 'percent',
    deposit_percent: String(policy?.deposit_percent ?? 30),
    free_cancellation_days: String(policy?.free_cancellation_days ?? 1),
    nonrefundable_enabled: policy?.nonrefundable_enabled ?? true,
    nonrefundable_discount_percent: String(policy?.nonrefundable_discount_percent ?? 10),
    confirm_before_payment: policy?.confirm_before_payment ?? false,
  };
}

/** The deposit in words, e.g. "30 % of the stay", "The first night", "None (no online payment)". */
export function depositText(policy: PaymentPolicy): string {
  if (policy.deposit_kind === 'first_night') return t`The first night`;
  const percent = policy.deposit_percent;
  return percent === 0 ? t`None (no online payment)` : t`${percent} % of the stay`;
}
