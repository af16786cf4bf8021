import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { supabase } from '@/lib/supabase';
import type { PoliceAccount, PoliceSubmission, PoliceServiceDay } from '../logic/submissions';
import { arrivalsKeys } from './arrivals';

export const paperworkKeys = {
  all: [...arrivalsKeys.all, 'paperwork'] as const,
  day: (day: string) => [...paperworkKeys.all, 'day', day] as const,
  stays: (ids: string[]) => [...paperworkKeys.all, 'stays', ...ids] as const,
  account: () => [...paperworkKeys.all, 'account'] as const,
  receipts: () => [...paperworkKeys.all, 'receipts'] as const,
};

export const paperworkQueries = {
  /** RPC police_submissions_day: the web service's filings of the day, refusals left, guests due today */
  day: (day: string) =>
    queryOptions({
      queryKey: paperworkKeys.day(day),
      queryFn: async (): Promise<PoliceServiceDay> => {
        const { data, error } = await supabase.rpc('police_submissions_day', { p_day: day });
        if (error) throw error;
        return data as PoliceServiceDay;
      },
      meta: { errorText: t`Failed to load the web service’s answers` },
    }),
  /** police_submissions of the stays on screen (staff read the table) */
  stays: (bookingIds: string[]) =>
    queryOptions({
      queryKey: paperworkKeys.stays(bookingIds),
      queryFn: async (): Promise<PoliceSubmission[]> => {
        const { data, error } = await supabase
          .from('police_submissions')
          .select(
            'guest_id, booking_id, status, error_code, error_text, error_detail, attempts, last_attempt_at, sent_at',
          )
          .in('booking_id', bookingIds);
        if (error) throw error;
        return data as PoliceSubmission[];
      },
      enabled: bookingIds.length > 0,
      meta: { errorText: t`Failed to load the web service’s answers` },
    }),
  /** police_receipts (staff read the table): the stored receipts, newest first */
  receipts: () =>
    queryOptions({
      queryKey: paperworkKeys.receipts(),
      queryFn: async () => {
        const { data, error } = await supabase
          .from('police_receipts')
          .select('day, object_path')
          .order('day', { ascending: false })
          .limit(31);
        if (error) throw error;
        return data;
      },
      meta: { errorText: t`Failed to load the receipts` },
    }),
  /** RPC paperwork_credentials_settings (admins): the account, masked */
  account: () =>
    queryOptions({
      queryKey: paperworkKeys.account(),
      queryFn: async (): Promise<PoliceAccount> => {
        const { data, error } = await supabase.rpc('paperwork_credentials_settings');
        if (error) throw error;
        return data as PoliceAccount;
      },
      meta: { errorText: t`Failed to load the Alloggiati Web account` },
    }),
};

/** police-filing {action: 'save_credentials'}: tried with Authentication_Test, then saved (admins). */
export function useSavePoliceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { utente: string; password: string; wskey: string }) =>
      invokeFunction<PoliceAccount>('police-filing', { action: 'save_credentials', ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paperworkKeys.account() }),
  });
}

/** Opens a stored receipt (a signed link valid one minute). */
export async function openReceipt(path: string): Promise<void> {
  const { data, error } = await supabase.storage.from('police-receipts').createSignedUrl(path, 60);
  if (error) throw error;
  window.open(data.signedUrl, '_blank', 'noopener');
}
