import type { Tables } from '@/types/database';

/** Row shapes the public pages read, from the generated database types. */
export type RoomRow = Tables<'rooms'>;

export type RoomPromoCode = Pick<
  Tables<'room_promo_codes'>,
  | 'id'
  | 'promo_code'
  | 'discount_percentage'
  | 'is_active'
  | 'valid_from'
  | 'valid_until'
  | 'max_uses'
  | 'current_uses'
  | 'description'
>;

export type RoomImage = Pick<
  Tables<'room_images'>,
  'id' | 'room_id' | 'image_url' | 'alt_text' | 'display_order' | 'is_primary'
>;

export type RoomWithPromos = RoomRow & { room_promo_codes: RoomPromoCode[] };

export type RoomDetail = RoomRow & { room_images: RoomImage[] };
