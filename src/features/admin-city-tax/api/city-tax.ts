import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';
import type { AnnualRow, Category, ExemptionReason, PeriodRow, RegisterRow, Remittance } from '../logic/reports';
import type { MovementRow } from '../logic/istat';

/** city_tax_annual's payments (a jsonb array of {id, paid_on, amount_cents, reference}). */
function remittancesOf(value: Json): Remittance[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? [
          {
            id: String(item.id),
            paid_on: String(item.paid_on),
            amount_cents: Number(item.amount_cents),
            reference: String(item.reference),
          },
        ]
      : [],
  );
}

/** Every read of the register under one root: a recorded collection, exemption or payment renews them all. */
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
      meta: { errorText: t`Failed to load the city-tax figures` },
    }),
  register: (from: string, to: string) =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'register', from, to],
      queryFn: async (): Promise<(RegisterRow & { booking_id: string })[]> => {
        const { data, error } = await supabase.rpc('city_tax_register', { p_from: from, p_to: to });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load the city-tax register` },
    }),
  annual: (year: number) =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'annual', year],
      queryFn: async (): Promise<AnnualRow[]> => {
        const { data, error } = await supabase.rpc('city_tax_annual', { p_year: year });
        if (error) throw error;
        return (data ?? []).map((row) => ({
          ...row,
          remittances: remittancesOf(row.remittances),
        }));
      },
      meta: { errorText: t`Failed to load the year's city-tax figures` },
    }),
  rates: () =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'rates'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('city_tax_rates')
          .select('id, category, valid_from, valid_to, amount_cents, max_nights, exempt_under_age, note')
          .order('category')
          .order('valid_from', { ascending: false });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load the city-tax rates` },
    }),
  categories: () =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'categories'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('city_tax_house_categories')
          .select('valid_from, category')
          .order('valid_from', { ascending: false });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load the house's category` },
    }),
  movement: (month: string) =>
    queryOptions({
      queryKey: [...cityTaxQueries.all(), 'istat', month],
      queryFn: async (): Promise<MovementRow[]> => {
        const { data, error } = await supabase.rpc('istat_movement', { p_month: month });
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load the ISTAT figures` },
    }),
};

function useRegisterMutation<T>(write: (input: T) => PromiseLike<{ error: unknown }>, errorText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const { error } = await write(input);
      if (error) throw error;
    },
    meta: { errorText, explainRefusal: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cityTaxQueries.all() }),
  });
}

/** Tax collected at the desk, on the stay's folio (append-only: a correction is a negative amount). */
export function useRecordCollection() {
  return useRegisterMutation(
    (input: { booking_id: string; amount_cents: number; method: 'cash' | 'card' }) =>
      supabase.from('city_tax_collections').insert(input),
    t`Failed to record the collection`,
  );
}

/** Exempt guests of a stay, with the guest's declaration (who signed it, what they declared, when). */
export function useRecordExemption() {
  return useRegisterMutation(
    (input: {
      booking_id: string;
      reason: ExemptionReason;
      persons: number;
      declarant_name: string;
      declaration: string;
      declared_on: string;
    }) =>
      supabase.rpc('record_city_tax_exemption', {
        p_booking_id: input.booking_id,
        p_reason: input.reason,
        p_persons: input.persons,
        p_declarant_name: input.declarant_name,
        p_declaration: input.declaration,
        p_declared_on: input.declared_on,
      }),
    t`Failed to record the exemption`,
  );
}

/** A new rate for a category from a date; the category's rate in force then ends the day before (admins). */
export function useAddRate() {
  return useRegisterMutation(
    (input: {
      category: Category;
      valid_from: string;
      amount_cents: number;
      max_nights: number;
      exempt_under_age: number;
    }) =>
      supabase.rpc('add_city_tax_rate', {
        p_category: input.category,
        p_valid_from: input.valid_from,
        p_amount_cents: input.amount_cents,
        p_max_nights: input.max_nights,
        p_exempt_under_age: input.exempt_under_age,
      }),
    t`Failed to add the rate`,
  );
}

/** The house's category from a date on (admins). */
export function useSetCategory() {
  return useRegisterMutation(
    (input: { category: Category; valid_from: string }) =>
      supabase.rpc('set_city_tax_category', { p_category: input.category, p_valid_from: input.valid_from }),
    t`Failed to change the category`,
  );
}

/** A payment made to Roma Capitale for a quarter (admins). */
export function useRecordRemittance() {
  return useRegisterMutation(
    (input: { period_start: string; paid_on: string; amount_cents: number; reference: string }) =>
      supabase.rpc('record_city_tax_remittance', {
        p_period_start: input.period_start,
        p_paid_on: input.paid_on,
        p_amount_cents: input.amount_cents,
        p_reference: input.reference,
      }),
    t`Failed to record the payment`,
  );
}

/** A payment recorded by mistake, removed (admins; the audit log keeps it). */
export function useRemoveRemittance() {
  return useRegisterMutation(
    (id: string) => supabase.from('city_tax_remittances').delete().eq('id', id),
    t`Failed to remove the payment`,
  );
}
