import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Amenity, AmenityValues } from '../types';

/** Under the amenities root the home page's amenities section shares (features/site): a write refreshes both. */
export const amenityQueries = {
  all: () => resourceKeys.amenities,
  /** all amenities with their translations, by category, display order, name (staff see inactive ones too) */
  adminList: () =>
    queryOptions({
      queryKey: [...resourceKeys.amenities, 'admin-list'],
      queryFn: async (): Promise<Amenity[]> => {
        const { data, error } = await supabase
          .from('amenities')
          .select('id, name, description, icon_name, category, is_active, display_order, translations')
          .order('category')
          .order('display_order')
          .order('name');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: 'Failed to fetch amenities' },
    }),
};

export function useSaveAmenity() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to save amenity' },
    mutationFn: async ({ id, values }: { id?: string; values: AmenityValues }) => {
      const { error } = id
        ? await supabase.from('amenities').update(values).eq('id', id)
        : await supabase.from('amenities').insert(values);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amenityQueries.all() }),
  });
}

export function useToggleAmenity() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to update amenity status' },
    mutationFn: async ({ id, is_active }: { id: string; is_active: boolean }) => {
      const { error } = await supabase.from('amenities').update({ is_active }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amenityQueries.all() }),
  });
}

export function useDeleteAmenity() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to delete amenity' },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('amenities').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amenityQueries.all() }),
  });
}
