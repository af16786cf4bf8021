import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { PromoCodeValues } from '../types';
import { roomQueries } from './queries';

// A promo code changed: the rooms root holds the room's codes, the admin list's promo-code count
// and the public rooms list that carries the active codes (badges, hero promo, booking forms).

export function useSavePromoCode(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: PromoCodeValues }) => {
      const row = { ...values, room_id: roomId };
      const { error } = id
        ? await supabase.from('room_promo_codes').update(row).eq('id', id)
        : await supabase.from('room_promo_codes').insert(row);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomQueries.all() }),
  });
}

export function useTogglePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to update promo code status' },
    mutationFn: async ({ id, is_active }: { id: string; is_active: boolean }) => {
      const { error } = await supabase.from('room_promo_codes').update({ is_active }).eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomQueries.all() }),
  });
}

export function useDeletePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: 'Failed to delete promo code' },
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('room_promo_codes').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomQueries.all() }),
  });
}
