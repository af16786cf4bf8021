import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { uploadPublicImage } from '@/lib/image-storage';
import { resourceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Service, ServiceValues } from '../types';

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
      meta: { errorText: 'Failed to fetch services' },
    }),
};

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: ServiceValues }) => {
      const { error } = id
        ? await supabase.from('services').update(values).eq('id', id)
        : await supabase.from('services').insert(values);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

export function useToggleService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to update service availability' },
    mutationFn: async ({ id, available }: { id: string; available: boolean }) => {
      const { error } = await supabase.from('services').update({ available }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to delete service' },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('services').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

/** Uploads a service picture as service-{timestamp}.{ext} and returns its public URL (no cache change). */
export function useUploadServiceImage() {
  return useMutation({
    meta: { errorText: 'Failed to upload image' },
    mutationFn: (file: File) => uploadPublicImage(`service-${Date.now()}.${fileExtension(file)}`, file),
  });
}
