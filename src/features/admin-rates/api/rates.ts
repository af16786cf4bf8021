import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { CityTaxValues, SeasonRow } from '../season-form';
import { ratesKeys } from './keys';

export function useRateRooms() {
  return useQuery({
    meta: { errorText: 'Failed to load rooms' },
    queryKey: ratesKeys.rooms(),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('rooms')
        .select('id, name, room_number, price_per_night, status')
        .order('room_number');
      if (error) throw error;
      return data ?? [];
    },
  });
}

/** Every room's seasons, by room and date. */
export function useRateSeasons() {
  return useQuery({
    meta: { errorText: 'Failed to load rate seasons' },
    queryKey: ratesKeys.seasons(),
    queryFn: async () => {
      const { data, error } = await supabase.from('room_rate_seasons').select('*').order('room_id').order('starts_on');
      if (error) throw error;
      return data ?? [];
    },
  });
}

/**
 * The room's nightly prices for [from, to) as guests are quoted (room_calendar: seasons, weekend
 * prices, minimum stays), for the 12-month price calendar.
 */
export function useRoomPrices(roomId: string, from: string, to: string) {
  return useQuery({
    queryKey: ratesKeys.prices(roomId, from, to),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('room_calendar', { p_room_id: roomId, p_from: from, p_to: to });
      if (error) throw error;
      return data ?? [];
    },
    enabled: Boolean(roomId),
  });
}

/** Adds a season, or changes the one with `id`. The database refuses overlaps (23P01). */
export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, row }: { id?: string; row: SeasonRow }) => {
      const { error } = id
        ? await supabase.from('room_rate_seasons').update(row).eq('id', id)
        : await supabase.from('room_rate_seasons').insert(row);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

export function useDeleteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to delete the season', explainRefusal: true },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('room_rate_seasons').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesKeys.all }),
  });
}

export function useCityTax() {
  return useQuery({
    meta: { errorText: 'Failed to load the city tax' },
    queryKey: ratesKeys.cityTax(),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('city_tax_settings')
        .select('amount_per_person_night, max_nights, exempt_under_age, updated_at')
        .single();
      if (error) throw error;
      return data;
    },
  });
}

export function useSaveCityTax() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to save the city tax', explainRefusal: true },
    mutationFn: async (values: CityTaxValues) => {
      const { data, error } = await supabase.from('city_tax_settings').update(values).eq('id', true).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error('The city tax was not changed.');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesKeys.cityTax() }),
  });
}
