import type { QueryClient } from '@tanstack/react-query';
import { roomKeys } from '@/lib/public-rooms/keys';

export const adminRoomKeys = {
  all: ['admin', 'rooms'] as const,
  list: () => [...adminRoomKeys.all, 'list'] as const,
  promoCodes: (roomId: string) => [...adminRoomKeys.all, 'promo-codes', roomId] as const,
  images: (roomId: string) => [...adminRoomKeys.all, 'images', roomId] as const,
};

/** A room changed: the admin list and every public rooms query (the list, room pages). */
export function invalidateRooms(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminRoomKeys.list() }),
    queryClient.invalidateQueries({ queryKey: roomKeys.all }),
  ]);
}
