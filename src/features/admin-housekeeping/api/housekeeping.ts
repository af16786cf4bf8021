import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { CleaningState, HousekeepingRoom } from '../logic/housekeeping';

export const housekeepingKeys = {
  all: ['housekeeping'] as const,
  list: (day: string | null) => [...housekeepingKeys.all, 'list', day ?? 'today'] as const,
};

export const housekeepingQueries = {
  /** each room's cleaning state and what the day holds for it (public.housekeeping_list), departures first */
  list: (day: string | null, errorText: string) =>
    queryOptions({
      queryKey: housekeepingKeys.list(day),
      queryFn: async (): Promise<HousekeepingRoom[]> => {
        const { data, error } = await supabase.rpc('housekeeping_list', day ? { p_day: day } : {});
        if (error) throw error;
        return (data ?? []) as HousekeepingRoom[];
      },
      // the desk and the cleaner work on the same rooms at once
      refetchInterval: 60_000,
      meta: { errorText },
    }),
};

/** Sets a room's cleaning state (public.set_room_cleaning); the lists refresh. */
export function useSetRoomCleaning(errorText: string) {
  return useRefreshingMutation(housekeepingKeys.all, {
    meta: { errorText },
    mutationFn: async ({ roomId, state }: { roomId: string; state: CleaningState }) => {
      const { error } = await supabase.rpc('set_room_cleaning', { p_room_id: roomId, p_state: state });
      if (error) throw error;
    },
  });
}
