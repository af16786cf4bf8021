/**
 * Row shapes the public site reads (column names from the team contract). They are kept at least
 * as wide as the generated `Database` rows, so query results assign to them once types are
 * generated.
 */
export interface RoomRow {
  id: string;
  name: string;
  room_number: string;
  room_type: string;
  status: string;
  description: string | null;
  price_per_night: number;
  max_guests: number;
  beds: number;
  bathrooms: number;
  amenities: string[] | null;
  image_url: string | null;
}

export interface RoomPromoCode {
  id: string;
  promo_code: string;
  discount_percentage: number;
  is_active: boolean;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  current_uses: number | null;
  description: string | null;
}

export interface RoomImage {
  id: string;
  room_id: string;
  image_url: string;
  alt_text: string | null;
  display_order: number | null;
  is_primary: boolean | null;
}

export interface RoomWithPromos extends RoomRow {
  room_promo_codes: RoomPromoCode[];
}

export interface RoomDetail extends RoomRow {
  room_images: RoomImage[];
}
