import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { PromoCode, PromoCodeValues } from '../types';
import { roomKeys } from '@/lib/public-rooms/keys';
import { adminRoomKeys } from './keys';

/** A room's promo codes, newest first. */
export function usePromoCodes(roomId: string, enabled = true) {
  return useQuery({
    queryKey: adminRoomKeys.promoCodes(roomId),
    enabled,
    queryFn: async (): Promise<PromoCode[]> => {
      const { data, error } = await supabase
        .from('room_promo_codes')
        .select('*')
        .eq('room_id', roomId)
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data ?? [];
    },
  });
}

function useInvalidatePromoCodes() {
  const queryClient = useQueryClient();
  // The admin list shows each room's promo-code count, so a create or delete changes it too; the
  // public rooms list carries the active codes (badges, hero promo, booking forms).
  return (roomId: string, countChanged: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminRoomKeys.promoCodes(roomId) }),
      queryClient.invalidateQueries({ queryKey: roomKeys.publicList() }),
      countChanged ? queryClient.invalidateQueries({ queryKey: adminRoomKeys.list() }) : undefined,
    ]);
}

export function useSavePromoCode(roomId: string) {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: PromoCodeValues }) => {
      const row = { ...values, room_id: roomId };
      const { error } = id
        ? await supabase.from('room_promo_codes').update(row).eq('id', id)
        : await supabase.from('room_promo_codes').insert(row);
      if (error) throw error;
    },
    onSuccess: (_data, { id }) => invalidate(roomId, !id),
  });
}

export function useTogglePromoCode(roomId: string) {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async ({ id, is_active }: { id: string; is_active: boolean }) => {
      const { error } = await supabase.from('room_promo_codes').update({ is_active }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => invalidate(roomId, false),
  });
}

export function useDeletePromoCode(roomId: string) {
  const invalidate = useInvalidatePromoCodes();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('room_promo_codes').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => invalidate(roomId, true),
  });
}
