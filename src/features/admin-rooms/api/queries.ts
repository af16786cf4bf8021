import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { roomKeys } from '@/lib/public-rooms/keys';
import { supabase } from '@/lib/supabase';
import type { CleaningState, PromoCode, Room, RoomImage } from '../types';

/**
 * The admin's room queries, under the rooms root the public list and room pages share: a write
 * invalidates `roomQueries.all()` (or a room's `detail`) and both views refresh.
 */
export const roomQueries = {
  all: () => roomKeys.all,
  /** one room's keys: its public page, its gallery and its promo codes */
  detail: (roomId: string) => roomKeys.detail(roomId),
  adminList: () =>
    queryOptions({
      queryKey: [...roomKeys.all, 'admin-list'],
      queryFn: fetchRooms,
      meta: { errorText: t`Failed to fetch rooms` },
    }),
  /** a room's promo codes, newest first */
  promoCodes: (roomId: string) =>
    queryOptions({
      queryKey: [...roomKeys.detail(roomId), 'promo-codes'],
      queryFn: () => fetchPromoCodes(roomId),
      meta: { errorText: t`Failed to fetch promo codes` },
    }),
  /** each room's cleaning state (public.room_housekeeping; under 'housekeeping': a change there refreshes it) */
  cleaning: () =>
    queryOptions({
      queryKey: ['housekeeping', 'rooms-cleaning'],
      queryFn: async (): Promise<Map<string, CleaningState>> => {
        const { data, error } = await supabase.from('room_housekeeping').select('room_id, state');
        if (error) throw error;
        return new Map((data ?? []).map((row) => [row.room_id, row.state]));
      },
      meta: { errorText: t`Failed to load the cleaning states` },
    }),
  /** a room's gallery in display order */
  images: (roomId: string) =>
    queryOptions({
      queryKey: [...roomKeys.detail(roomId), 'images'],
      queryFn: () => fetchRoomImages(roomId),
      meta: { errorText: t`Failed to load room images` },
    }),
};

type RoomRow = Omit<Room, 'promo_codes_count'> & { room_promo_codes: { count: number }[] | null };

/** Rooms ordered by room number, each with its promo-code count (one request, embedded count). */
export async function fetchRooms(): Promise<Room[]> {
  const { data, error } = await supabase
    .from('rooms')
    .select('*, room_promo_codes(count)')
    .order('room_number', { ascending: true });
  if (error) throw error;
  return ((data ?? []) as RoomRow[]).map(({ room_promo_codes, ...room }) => ({
    ...room,
    amenities: room.amenities ?? [],
    promo_codes_count: room_promo_codes?.[0]?.count ?? 0,
  }));
}

/** A room's promo codes, newest first. */
export async function fetchPromoCodes(roomId: string): Promise<PromoCode[]> {
  const { data, error } = await supabase
    .from('room_promo_codes')
    .select('*')
    .eq('room_id', roomId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

/** A room's gallery pictures in display order, then upload order. */
export async function fetchRoomImages(roomId: string): Promise<RoomImage[]> {
  const { data, error } = await supabase
    .from('room_images')
    .select('*')
    .eq('room_id', roomId)
    .order('display_order', { ascending: true })
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data ?? [];
}
