// What other features may use from admin-rooms. The overlay is a default export of its own module
// so the public room card can load it with `lazy(() => import('@/features/admin-rooms/RoomImageQuickActions'))`
// only for signed-in staff, keeping supabase-js out of the public page's first load.
export type { Room, RoomImage, PromoCode } from './types';
