import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ManualBlockValues } from '../occupancy';
import { calendarKeys } from './keys';

export function useCalendarRooms() {
  return useQuery({
    meta: { errorText: 'Failed to load rooms' },
    queryKey: calendarKeys.rooms(),
    queryFn: async () => {
      const { data, error } = await supabase.from('rooms').select('id, name, room_number').order('room_number');
      if (error) throw error;
      return data ?? [];
    },
  });
}

/** Everything that occupies a room in [from, to), in one call. */
export function useOccupancy(from: string, to: string) {
  return useQuery({
    meta: { errorText: 'Failed to load the occupancy calendar' },
    queryKey: calendarKeys.occupancy(from, to),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('room_occupancy', { p_from: from, p_to: to });
      if (error) throw error;
      return data ?? [];
    },
    placeholderData: keepPreviousData,
  });
}

export function useAddManualBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to add manual block', explainRefusal: true },
    mutationFn: async (values: ManualBlockValues) => {
      const { error } = await supabase.from('manual_blocks').insert({ ...values, note: values.note || null });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.occupancies() }),
  });
}

export function useRemoveManualBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to remove manual block' },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('manual_blocks').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.occupancies() }),
  });
}
