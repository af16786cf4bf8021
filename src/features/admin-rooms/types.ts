export const ROOM_TYPES = [
  'single',
  'twin',
  'deluxe',
  'suite',
  'classic',
  'elegant',
  'romantic',
  'presidential',
] as const;
export const ROOM_STATUSES = ['available', 'occupied', 'maintenance', 'out_of_order'] as const;

export type RoomType = (typeof ROOM_TYPES)[number];
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export interface Room {
  id: string;
  name: string;
  room_number: string;
  room_type: RoomType;
  status: RoomStatus;
  description: string | null;
  price_per_night: number;
  max_guests: number;
  beds: number;
  bathrooms: number;
  amenities: string[];
  image_url: string | null;
  created_at: string;
  updated_at: string;
  /** derived: number of promo codes of the room */
  promo_codes_count: number;
}

/** The columns the room form writes. */
export type RoomValues = Pick<
  Room,
  | 'name'
  | 'room_number'
  | 'room_type'
  | 'status'
  | 'description'
  | 'price_per_night'
  | 'max_guests'
  | 'beds'
  | 'bathrooms'
  | 'amenities'
  | 'image_url'
>;

export interface RoomImage {
  id: string;
  room_id: string;
  image_url: string;
  alt_text: string | null;
  display_order: number;
  is_primary: boolean;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PromoCode {
  id: string;
  room_id: string;
  promo_code: string;
  discount_percentage: number;
  is_active: boolean;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  current_uses: number;
  description: string | null;
  created_at: string;
}

export type PromoCodeValues = Pick<
  PromoCode,
  'promo_code' | 'discount_percentage' | 'is_active' | 'valid_from' | 'valid_until' | 'max_uses' | 'description'
>;

export function roomTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export function roomStatusLabel(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
