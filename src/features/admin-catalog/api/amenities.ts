import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { resourceKeys } from '@/lib/query-keys';
import { useDeleteRow, useSaveRow, useToggleRow } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { Amenity } from '../types';

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
      meta: { errorText: t`Failed to fetch amenities` },
    }),
};

export const useSaveAmenity = () =>
  useSaveRow('amenities', amenityQueries.all(), { errorText: t`Failed to save amenity` });

export const useToggleAmenity = () =>
  useToggleRow('amenities', 'is_active', amenityQueries.all(), t`Failed to update amenity status`);

export const useDeleteAmenity = () => useDeleteRow('amenities', amenityQueries.all(), t`Failed to delete amenity`);
