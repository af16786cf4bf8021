import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { PaymentPolicy, PaymentPolicyValues } from '../logic/payment-policy';

const POLICY_COLUMNS =
  'deposit_kind, deposit_percent, free_cancellation_days, nonrefundable_enabled, nonrefundable_discount_percent, confirm_before_payment';

/** The one payment_policy row (staff read it; admins change it). */
export const paymentPolicyQuery = () =>
  queryOptions({
    queryKey: ['payment-policy'],
    queryFn: async (): Promise<PaymentPolicy> => {
      const { data, error } = await supabase
        .from('payment_policy')
        .select(POLICY_COLUMNS)
        .eq('singleton', true)
        .single();
      if (error) throw error;
      return data;
    },
    meta: { errorText: t`Failed to load the payment policy` },
  });

export function useUpdatePaymentPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: t`Failed to save the payment policy`, explainRefusal: true },
    mutationFn: async (values: PaymentPolicyValues): Promise<PaymentPolicy> => {
      const { data, error } = await supabase
        .from('payment_policy')
        .update(values)
        .eq('singleton', true)
        .select(POLICY_COLUMNS)
        .single();
      if (error) throw error;
      return data;
    },
    onSuccess: (policy) => {
      queryClient.setQueryData(paymentPolicyQuery().queryKey, policy);
      // the rule the site shows (footer, room page, this card's line) follows the new days
      void queryClient.invalidateQueries({ queryKey: resourceKeys.cancellation });
    },
  });
}
