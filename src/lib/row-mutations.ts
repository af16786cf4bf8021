import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { FailureMeta } from './query-client';
import { supabase } from './supabase';
import type { Database } from '@/types/database';

/**
 * Refreshes every query under `queryKey` after a write, resolving when they are fetched again.
 *
 * A fetch already in flight is cancelled first: it started before the write and may answer with
 * the rows as they were. `invalidateQueries` alone cancels it only when its query already has data
 * (TanStack's cancelRefetch); the first fetch of a new key (a search just typed, whose screen shows
 * the previous rows meanwhile) is joined instead, and its old answer is then taken as fresh. That
 * was the Bookings card showing "Pending" after a stored Confirm (issue 40 §5).
 */
export async function refreshAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/**
 * A mutation that, once it succeeds, refreshes every query under `queryKey` and resolves when
 * they are fetched again (the screen shows the new rows as the mutation ends).
 */
export function useRefreshingMutation<TVariables = void, TData = void>(
  queryKey: QueryKey,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'onSuccess'>,
) {
  const queryClient = useQueryClient();
  return useMutation({ ...options, onSuccess: () => refreshAfterWrite(queryClient, queryKey) });
}

type Tables = Database['public']['Tables'];
/** The tables staff edit row by row, by their uuid `id`. */
type RowTable = 'amenities' | 'services' | 'room_promo_codes';

/** Adds a row, or changes the one with `id`; then refreshes `queryKey`. */
export function useSaveRow<T extends RowTable>(table: T, queryKey: QueryKey, meta?: FailureMeta) {
  return useRefreshingMutation(queryKey, {
    meta,
    mutationFn: async ({ id, values }: { id?: string; values: Tables[T]['Insert'] }) => {
      // postgrest-js cannot type a table chosen by a type parameter: `values` is checked above
      const rows = supabase.from(table as RowTable);
      const { error } = await (id ? rows.update(values as never).eq('id', id) : rows.insert(values as never));
      if (error) throw error;
    },
  });
}

/** Switches a row's on/off column (`is_active`, `available`); then refreshes `queryKey`. */
export function useToggleRow<T extends RowTable, C extends keyof Tables[T]['Update']>(
  table: T,
  column: C,
  queryKey: QueryKey,
  errorText: string,
) {
  return useRefreshingMutation(queryKey, {
    meta: { errorText },
    mutationFn: async ({ id, on }: { id: string; on: boolean }) => {
      const patch = { [column]: on };
      const { error } = await supabase
        .from(table as RowTable)
        .update(patch as never)
        .eq('id', id);
      if (error) throw error;
    },
  });
}

/** Deletes the row with the given id; then refreshes `queryKey`. */
export function useDeleteRow(table: RowTable, queryKey: QueryKey, errorText: string) {
  return useRefreshingMutation(queryKey, {
    meta: { errorText },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from(table).delete().eq('id', id);
      if (error) throw error;
    },
  });
}
