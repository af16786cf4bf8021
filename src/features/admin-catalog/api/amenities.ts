import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Amenity, AmenityValues } from '../types';
import { siteKeys } from '@/lib/site-keys';
import { catalogKeys } from './keys';

/** All amenities with their translations, ordered by category, display order, name (staff see inactive ones too). */
export function useAmenities() {
  return useQuery({
    queryKey: catalogKeys.amenities(),
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
  });
}

function useInvalidateAmenities() {
  const queryClient = useQueryClient();
  // The home page's amenities section shows the active ones.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.amenities() }),
      queryClient.invalidateQueries({ queryKey: siteKeys.amenities() }),
    ]);
}

export function useSaveAmenity() {
  const invalidate = useInvalidateAmenities();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: AmenityValues }) => {
      const { error } = id
        ? await supabase.from('amenities').update(values).eq('id', id)
        : await supabase.from('amenities').insert(values);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

export function useToggleAmenity() {
  const invalidate = useInvalidateAmenities();
  return useMutation({
    mutationFn: async ({ id, is_active }: { id: string; is_active: boolean }) => {
      const { error } = await supabase.from('amenities').update({ is_active }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteAmenity() {
  const invalidate = useInvalidateAmenities();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('amenities').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}
