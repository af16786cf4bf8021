import { t } from '@lingui/core/macro';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { uploadPublicImage } from '@/lib/image-storage';
import { resourceKeys } from '@/lib/query-keys';
import { useDeleteRow, useSaveRow, useToggleRow } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { Service } from '../types';

export const serviceQueries = {
  all: () => resourceKeys.services,
  /** all services with their translations, by category then name (staff see unavailable ones too) */
  adminList: () =>
    queryOptions({
      queryKey: [...resourceKeys.services, 'admin-list'],
      queryFn: async (): Promise<Service[]> => {
        const { data, error } = await supabase
          .from('services')
          .select(
            'id, name, description, price, category, duration_minutes, pricing_unit, available, image_url, translations',
          )
          .order('category')
          .order('name');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to fetch services` },
    }),
};

export const useSaveService = () => useSaveRow('services', serviceQueries.all());

export const useToggleService = () =>
  useToggleRow('services', 'available', serviceQueries.all(), t`Failed to update service availability`);

export const useDeleteService = () => useDeleteRow('services', serviceQueries.all(), t`Failed to delete service`);

/** Uploads a service picture as service-{timestamp}.{ext} and returns its public URL (no cache change). */
export function useUploadServiceImage() {
  return useMutation({
    meta: { errorText: t`Failed to upload image` },
    mutationFn: (file: File) => uploadPublicImage(`service-${Date.now()}.${fileExtension(file)}`, file),
  });
}
