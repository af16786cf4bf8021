import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

/** A day's ISTAT movement as Ross1000 answered it (public.istat_days, staff read it). */
export type IstatDay = Pick<
  Database['public']['Tables']['istat_days']['Row'],
  | 'day'
  | 'status'
  | 'arrivals'
  | 'departures'
  | 'open'
  | 'attempts'
  | 'last_attempt_at'
  | 'next_attempt_at'
  | 'sent_at'
  | 'error_code'
  | 'error_text'
> & { errors: Array<{ record: string; code: string; text: string }> };

export type PaperworkAccount = Database['public']['CompositeTypes']['paperwork_account_view'];

const COLUMNS =
  'day, status, arrivals, departures, open, attempts, last_attempt_at, next_attempt_at, sent_at, error_code, error_text, errors';

export const ross1000Keys = {
  all: ['ross1000'] as const,
  month: (month: string) => [...ross1000Keys.all, 'month', month] as const,
  unsent: () => [...ross1000Keys.all, 'unsent'] as const,
  account: () => [...ross1000Keys.all, 'account'] as const,
};

/** The last day of the month of `first` ('yyyy-mm-01'). */
export function monthEnd(first: string): string {
  const [year, month] = first.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

export const ross1000Queries = {
  /** the month's days, newest first */
  month: (first: string) =>
    queryOptions({
      queryKey: ross1000Keys.month(first),
      queryFn: async (): Promise<IstatDay[]> => {
        const { data, error } = await supabase
          .from('istat_days')
          .select(COLUMNS)
          .gte('day', first)
          .lte('day', monthEnd(first))
          .order('day', { ascending: false });
        if (error) throw error;
        return data as IstatDay[];
      },
      meta: { errorText: 'Failed to load the Ross1000 days' },
    }),
  /** the oldest days not yet accepted, whatever the month: the first one holds the others */
  unsent: () =>
    queryOptions({
      queryKey: ross1000Keys.unsent(),
      queryFn: async (): Promise<IstatDay[]> => {
        const { data, error } = await supabase
          .from('istat_days')
          .select(COLUMNS)
          .neq('status', 'sent')
          .order('day', { ascending: true })
          .limit(31);
        if (error) throw error;
        return data as IstatDay[];
      },
      meta: { errorText: 'Failed to load the Ross1000 days' },
    }),
  /** RPC paperwork_credentials_settings (admins): the accounts, masked */
  account: () =>
    queryOptions({
      queryKey: ross1000Keys.account(),
      queryFn: async (): Promise<PaperworkAccount> => {
        const { data, error } = await supabase.rpc('paperwork_credentials_settings');
        if (error) throw error;
        return data;
      },
      meta: { errorText: 'Failed to load the Ross1000 account' },
    }),
};

export interface RunOutcome {
  sent: number;
  refused: number;
  waiting: number;
  skipped?: string;
}

/** retry_istat_day, then one run of istat-filing (staff): the day and those after it go now. */
export function useRetryIstatDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (day: string): Promise<RunOutcome> => {
      const { error } = await supabase.rpc('retry_istat_day', { p_day: day });
      if (error) throw error;
      return invokeFunction<RunOutcome>('istat-filing', { action: 'send' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ross1000Keys.all }),
  });
}

/** istat-filing {action: 'save_credentials'}: tried with the service, then saved (admins). */
export function useSaveRoss1000Account() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { utente: string; password: string; structure: string }) =>
      invokeFunction<PaperworkAccount>('istat-filing', { action: 'save_credentials', ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ross1000Keys.all }),
  });
}
