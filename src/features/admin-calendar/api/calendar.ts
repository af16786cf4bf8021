import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { ManualBlockValues } from '../logic/schemas';

export const calendarQueries = {
  /** the rooms as rows of the grid (under 'rooms': a room's change refreshes them too) */
  rooms: () =>
    queryOptions({
      queryKey: ['rooms', 'calendar-rows'],
      queryFn: async () => {
        const { data, error } = await supabase.from('rooms').select('id, name, room_number').order('room_number');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to load rooms' },
    }),
  occupancies: () => ['room-occupancy'] as const,
  /** everything that occupies a room in [from, to), in one call */
  occupancy: (from: string, to: string) =>
    queryOptions({
      queryKey: [...calendarQueries.occupancies(), from, to],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('room_occupancy', { p_from: from, p_to: to });
        if (error) throw error;
        return data ?? [];
      },
      placeholderData: keepPreviousData,
      meta: { errorText: 'Failed to load the occupancy calendar' },
    }),
};

export function useAddManualBlock() {
  return useRefreshingMutation(calendarQueries.occupancies(), {
    meta: { errorText: 'Failed to add manual block', explainRefusal: true },
    mutationFn: async (values: ManualBlockValues) => {
      const { error } = await supabase.from('manual_blocks').insert({ ...values, note: values.note || null });
      if (error) throw error;
    },
  });
}

export function useRemoveManualBlock() {
  return useRefreshingMutation(calendarQueries.occupancies(), {
    meta: { errorText: 'Failed to remove manual block' },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('manual_blocks').delete().eq('id', id);
      if (error) throw error;
    },
  });
}
