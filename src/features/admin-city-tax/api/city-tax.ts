import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ExemptionReason, PeriodRow, RegisterRow } from '../logic/reports';
import type { MovementRow } from '../logic/istat';

/** Every read of the register under one root: a recorded collection or exemption renews them all. */
export const cityTaxQueries = {
  all: () => ['city-tax-register'] as const,
  periods: (from: string, to: string, period: 'month' | 'quarter' | 'year') =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'periods', from, to, period],
      queryFn: async (): Promise<PeriodRow[]> => {
        const { data, error } = await supabase.rpc('city_tax_periods', { p_from: from, p_to: to, p_period: period });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to load the city-tax figures' },
    }),
  register: (from: string, to: string) =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'register', from, to],
      queryFn: async (): Promise<(RegisterRow & { booking_id: string })[]> => {
        const { data, error } = await supabase.rpc('city_tax_register', { p_from: from, p_to: to });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to load the city-tax register' },
    }),
  rates: () =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'rates'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('city_tax_rates')
          .select('id, valid_from, valid_to, amount_cents, max_nights, exempt_under_age, note')
          .order('valid_from', { ascending: false });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to load the city-tax rates' },
    }),
  movement: (month: string) =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'istat', month],
      queryFn: async (): Promise<MovementRow[]> => {
        const { data, error } = await supabase.rpc('istat_movement', { p_month: month });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to load the ISTAT figures' },
    }),
};

function useRegisterMutation<T>(write: (input: T) => PromiseLike<{ error: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const { error } = await write(input);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityTaxQueries.all() }),
  });
}

/** Tax collected at the desk (append-only: a correction is a negative amount). */
export function useRecordCollection() {
  return useRegisterMutation((input: { booking_id: string; amount_cents: number; method: 'cash' | 'card' }) =>
    supabase.from('city_tax_collections').insert(input),
  );
}

/** Exempt persons of a stay, with the reason (the signed declaration stays in the desk folder). */
export function useRecordExemption() {
  return useRegisterMutation(
    (input: { booking_id: string; reason: ExemptionReason; persons: number; note: string | null }) =>
      supabase.from('city_tax_exemptions').insert(input),
  );
}

/** A new rate from a date; the rate in force then ends the day before (admins). */
export function useAddRate() {
  return useRegisterMutation(
    (input: { valid_from: string; amount_cents: number; max_nights: number; exempt_under_age: number }) =>
      supabase.rpc('add_city_tax_rate', {
        p_valid_from: input.valid_from,
        p_amount_cents: input.amount_cents,
        p_max_nights: input.max_nights,
        p_exempt_under_age: input.exempt_under_age,
      }),
  );
}
