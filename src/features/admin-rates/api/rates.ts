import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { SeasonRow } from '../logic/seasons';

export const rateQueries = {
  /** the rooms and their base prices (under 'rooms': a room's change refreshes them too) */
  rooms: () =>
    queryOptions({
      queryKey: ['rooms', 'base-prices'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('rooms')
          .select('id, name, room_number, price_per_night, status')
          .order('room_number');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load rooms` },
    }),
  /** every read that depends on the seasons: their list and the prices computed from them */
  seasonReaders: () => ['room-rate-seasons'] as const,
  /** every room's seasons, by room and date */
  seasons: () =>
    queryOptions({
      queryKey: [...rateQueries.seasonReaders(), 'list'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('room_rate_seasons')
          .select('*')
          .order('room_id')
          .order('starts_on');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load rate seasons` },
    }),
  /**
   * The room's nightly prices for [from, to) as guests are quoted (room_calendar: seasons, weekend
   * prices, minimum stays), for the 12-month price calendar.
   */
  prices: (roomId: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...rateQueries.seasonReaders(), 'prices', roomId, from, to],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('room_calendar', { p_room_id: roomId, p_from: from, p_to: to });
        if (error) throw error;
        return data ?? [];
      },
      enabled: Boolean(roomId),
    }),
};

/** Adds a season, or changes the one with `id`. The database refuses overlaps (23P01). */
export function useSaveSeason() {
  return useRefreshingMutation(rateQueries.seasonReaders(), {
    mutationFn: async ({ id, row }: { id?: string; row: SeasonRow }) => {
      const { error } = id
        ? await supabase.from('room_rate_seasons').update(row).eq('id', id)
        : await supabase.from('room_rate_seasons').insert(row);
      if (error) throw error;
    },
  });
}

export function useDeleteSeason() {
  return useRefreshingMutation(rateQueries.seasonReaders(), {
    meta: { errorText: t`Failed to delete the season`, explainRefusal: true },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('room_rate_seasons').delete().eq('id', id);
      if (error) throw error;
    },
  });
}
