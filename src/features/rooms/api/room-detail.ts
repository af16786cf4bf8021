import { useQuery } from '@tanstack/react-query';
import { publicDb } from '@/lib/public-db';
import { isUuid } from '../logic';
import { roomKeys } from '@/lib/public-rooms/keys';
import type { RoomDetail } from '@/lib/public-rooms/types';

/** One room with its gallery (room_images by display_order); null when no such room. */
export async function fetchRoomDetail(id: string): Promise<RoomDetail | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await publicDb
    .from('rooms')
    .select('*, room_images(id, room_id, image_url, alt_text, display_order, is_primary)')
    .eq('id', id)
    .order('display_order', { referencedTable: 'room_images', ascending: true })
    .maybeSingle();
  if (error) throw error;
  return data ?? null;
}

export function useRoomDetail(id: string | undefined) {
  return useQuery({
    queryKey: roomKeys.detail(id ?? ''),
    queryFn: () => fetchRoomDetail(id ?? ''),
    enabled: Boolean(id),
  });
}
