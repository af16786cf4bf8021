import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '@/lib/i18n';
import { loggedQuery } from '@/lib/logged-query';
import { publicDb } from '@/lib/public-db';
import { roomKeys } from './keys';
import { localizeRoom } from './translations';
import type { RoomWithPromos } from './types';

const PROMO_COLUMNS =
  'id, promo_code, discount_percentage, is_active, valid_from, valid_until, max_uses, current_uses, description';

/**
 * All rooms ordered by name, each with its active promo codes (highest discount first) in the
 * same request. Row-level security hides inactive codes from visitors; the filter keeps staff
 * sessions consistent with what visitors see. Every language's texts come along (`translations`).
 */
export async function fetchPublicRooms(): Promise<RoomWithPromos[]> {
  const { data, error } = await publicDb
    .from('rooms')
    .select(`*, room_promo_codes(${PROMO_COLUMNS})`)
    .eq('room_promo_codes.is_active', true)
    .order('name')
    .order('discount_percentage', { referencedTable: 'room_promo_codes', ascending: false });
  if (error) throw error;
  return data ?? [];
}

/** The public rooms list in every language: one cache entry, prefetched by the prerender step. */
export const roomsQuery = queryOptions({
  queryKey: roomKeys.publicList(),
  queryFn: loggedQuery(fetchPublicRooms, 'Error fetching rooms:'),
});

/**
 * The rooms list shared by the rooms section, the hero's Book Now label and both booking forms
 * (one request for all of them through the query cache), with names, descriptions and amenity
 * lists in the page's language (English where a translation is missing).
 */
export function usePublicRooms() {
  const locale = useLocale();
  const select = useCallback((rooms: RoomWithPromos[]) => rooms.map((room) => localizeRoom(room, locale)), [locale]);
  return useQuery({ ...roomsQuery, select });
}
