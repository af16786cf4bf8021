import { Constants, type Enums, type Tables } from '@/types/database';

export const ROOM_TYPES = Constants.public.Enums.room_type;
export const ROOM_STATUSES = Constants.public.Enums.room_status;

export type RoomType = Enums<'room_type'>;
export type RoomStatus = Enums<'room_status'>;

/** A room with the number of its promo codes (embedded count). */
export type Room = Tables<'rooms'> & { promo_codes_count: number };

/** The columns the room form writes. */
export type RoomValues = Pick<
  Room,
  | 'name'
  | 'room_number'
  | 'room_type'
  | 'status'
  | 'description'
  | 'price_per_night'
  | 'size_m2'
  | 'bed_layout'
  | 'view'
  | 'max_guests'
  | 'beds'
  | 'bathrooms'
  | 'amenities'
  | 'image_url'
  | 'translations'
>;

export type RoomImage = Tables<'room_images'>;

export type PromoCode = Tables<'room_promo_codes'>;

export function roomTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export function roomStatusLabel(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
