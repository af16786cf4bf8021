import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/row-mutations';
import type { Filled } from '@/lib/rpc-rows';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

export interface ComplianceSettingsValues {
  cin: string | null;
  stay_contact_retention_years: number;
  contact_message_retention_months: number;
  privacy_contact_email: string | null;
  legal_name: string | null;
  legal_address: string | null;
  tax_code: string | null;
  vat_exempt_receipts: boolean;
}

/** Under the compliance root: saving the settings refreshes the public footer and notice too. */
export const privacyQueries = {
  settings: () =>
    queryOptions({
      queryKey: [...resourceKeys.compliance, 'settings'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('compliance_settings')
          .select(
            'cin, stay_contact_retention_years, contact_message_retention_months, privacy_contact_email, legal_name, legal_address, tax_code, vat_exempt_receipts',
          )
          .single();
        if (error) throw error;
        return data;
      },
      meta: { errorText: t`Failed to load the privacy settings` },
    }),
  requests: () =>
    queryOptions({
      queryKey: [...resourceKeys.compliance, 'requests'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('privacy_requests')
          .select('id, kind, booking_references, bookings, contact_messages, created_at')
          .order('created_at', { ascending: false })
          .limit(20);
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load the privacy requests` },
    }),
};

export function useSaveComplianceSettings() {
  return useRefreshingMutation(resourceKeys.compliance, {
    mutationFn: async (values: ComplianceSettingsValues) => {
      const { error } = await supabase.from('compliance_settings').update(values).eq('id', true);
      if (error) throw error;
    },
  });
}

/** Everything kept about the guest with this e-mail, as JSON (logged, never naming the guest). */
export function useExportGuestData() {
  return useRefreshingMutation(privacyQueries.requests().queryKey, {
    meta: { errorText: t`Failed to export the guest data`, explainRefusal: true },
    mutationFn: async (email: string) => {
      const { data, error } = await supabase.rpc('privacy_guest_export', { p_email: email });
      if (error) throw error;
      return data;
    },
  });
}

/** What privacy_guest_erase() answers (public.privacy_erasure_result, every field set). */
export type GuestErasure = Filled<Database['public']['CompositeTypes']['privacy_erasure_result']>;

/** Anonymises the guest's stays and deletes their messages at once; refused while a stay is ahead. */
export function useEraseGuestData() {
  const queryClient = useQueryClient();
  return useMutation({
    // e.g. "Failed to erase the guest data. This guest has a stay still ahead (…): erase after it ends, …"
    meta: { errorText: t`Failed to erase the guest data`, explainRefusal: true },
    mutationFn: async (email: string): Promise<GuestErasure> => {
      const { data, error } = await supabase.rpc('privacy_guest_erase', { p_email: email });
      if (error) throw error;
      return data as GuestErasure;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
