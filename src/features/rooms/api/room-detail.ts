import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '@/lib/i18n';
import { publicDb } from '@/lib/public-db';
import { roomKeys } from '@/lib/public-rooms/keys';
import { localizeRoom } from '@/lib/public-rooms/translations';
import type { RoomDetail } from '@/lib/public-rooms/types';
import { isUuid } from '../logic/rooms';

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

/** One room page's room in every language: one cache entry, prefetched by the prerender step. */
export const roomQuery = (id: string) =>
  queryOptions({
    queryKey: roomKeys.detail(id),
    queryFn: () => fetchRoomDetail(id),
  });

/** The room in the page's language (English where a translation is missing). */
export function useRoomDetail(id: string | undefined) {
  const locale = useLocale();
  const select = useCallback((room: RoomDetail | null) => room && localizeRoom(room, locale), [locale]);
  return useQuery({ ...roomQuery(id ?? ''), enabled: Boolean(id), select });
}
