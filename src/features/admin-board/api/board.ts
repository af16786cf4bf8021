import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { BoardStay } from '../logic/board';

export const boardQueries = {
  /** the board's rows (under 'rooms': a room's change refreshes them too) */
  rooms: (errorText: string) =>
    queryOptions({
      queryKey: [...resourceKeys.rooms, 'board-rows'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('rooms')
          .select('id, name, room_number, status')
          .order('room_number');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText },
    }),
  /** every stay and block of [from, to) in one call (public.room_board) */
  stays: (from: string, to: string, errorText: string) =>
    queryOptions({
      queryKey: ['room-board', from, to],
      queryFn: async (): Promise<BoardStay[]> => {
        const { data, error } = await supabase.rpc('room_board', { p_from: from, p_to: to });
        if (error) throw error;
        return (data ?? []) as BoardStay[];
      },
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
      meta: { errorText },
    }),
};
