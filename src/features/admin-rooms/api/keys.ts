export const adminRoomKeys = {
  all: ['admin', 'rooms'] as const,
  list: () => [...adminRoomKeys.all, 'list'] as const,
  promoCodes: (roomId: string) => [...adminRoomKeys.all, 'promo-codes', roomId] as const,
  images: (roomId: string) => [...adminRoomKeys.all, 'images', roomId] as const,
};
