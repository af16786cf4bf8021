import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { uploadPublicImage } from '@/lib/image-storage';
import { supabase } from '@/lib/supabase';
import type { Service, ServiceValues } from '../types';
import { catalogKeys } from './keys';

/** All services with their translations, ordered by category then name (staff see unavailable ones too). */
export function useServices() {
  return useQuery({
    queryKey: catalogKeys.services(),
    queryFn: async (): Promise<Service[]> => {
      const { data, error } = await supabase
        .from('services')
        .select('id, name, description, price, category, duration_minutes, available, image_url, translations')
        .order('category')
        .order('name');
      if (error) throw error;
      return data ?? [];
    },
  });
}

function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.services() });
}

export function useSaveService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: ServiceValues }) => {
      const { error } = id
        ? await supabase.from('services').update(values).eq('id', id)
        : await supabase.from('services').insert(values);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

export function useToggleService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async ({ id, available }: { id: string; available: boolean }) => {
      const { error } = await supabase.from('services').update({ available }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('services').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: invalidate,
  });
}

/** Uploads a service picture as service-{timestamp}.{ext} and returns its public URL (no cache change). */
export function useUploadServiceImage() {
  return useMutation({
    mutationFn: (file: File) => uploadPublicImage(`service-${Date.now()}.${fileExtension(file)}`, file),
  });
}
