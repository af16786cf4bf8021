import type { RoomImage, RoomPromoCode, RoomRow } from '@/lib/public-rooms/types';

import { roomIllustration } from '@/lib/room-pictures';

export interface RoomFixedData {
  sizeM2: number;
  guests: number;
  beds: string | null;
  /** how many beds `beds` describes */
  bedCount: number | null;
}

const FIXED_BY_NAME: { match: string; data: RoomFixedData }[] = [
  { match: 'superior king', data: { sizeM2: 25, guests: 2, beds: '1 king bed', bedCount: 1 } },
  { match: 'deluxe king', data: { sizeM2: 35, guests: 2, beds: '1 king bed', bedCount: 1 } },
  { match: 'standard king', data: { sizeM2: 20, guests: 2, beds: '1 king bed', bedCount: 1 } },
  {
    match: 'superior quadruple',
    data: { sizeM2: 30, guests: 4, beds: '2 single beds and 1 king bed', bedCount: 3 },
  },
];

export const DEFAULT_ROOM_DATA: RoomFixedData = { sizeM2: 25, guests: 2, beds: null, bedCount: null };

/** Size, guests and bed layout by room name (the spec's fixed table; any other name: 25 m², 2 guests). */
export function roomFixedData(name: string | null | undefined): RoomFixedData {
  const lower = (name ?? '').toLowerCase();
  return FIXED_BY_NAME.find((entry) => lower.includes(entry.match))?.data ?? DEFAULT_ROOM_DATA;
}

export interface RoomFacts {
  sizeM2: number;
  guests: number;
  /** "1 king bed", "2 beds" … */
  beds: string;
  bathrooms: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a room page and card say about a room: its own max_guests, beds and bathrooms always win;
 * the spec's fixed table by name fills in what the room has no data for (the size, and the bed
 * layout's wording when it describes as many beds as the room has).
 */
export function roomFacts(room: Pick<RoomRow, 'name' | 'max_guests' | 'beds' | 'bathrooms'>): RoomFacts {
  const fixed = roomFixedData(room.name);
  const beds = fixed.beds && fixed.bedCount === room.beds ? fixed.beds : plural(room.beds, 'bed', 'beds');
  return { sizeM2: fixed.sizeM2, guests: room.max_guests, beds, bathrooms: room.bathrooms };
}

export interface GalleryImage {
  src: string;
  alt: string;
  isIllustration: boolean;
}

/**
 * Room page gallery: room_images by display_order; when there are none, the room's image_url;
 * when that is empty too, the illustration for its name.
 */
export function roomGallery(
  room: Pick<RoomRow, 'name' | 'image_url'>,
  images: RoomImage[] | null | undefined,
): GalleryImage[] {
  const sorted = [...(images ?? [])]
    .filter((image) => image.image_url)
    .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0));
  if (sorted.length > 0) {
    return sorted.map((image, index) => ({
      src: image.image_url,
      alt: image.alt_text?.trim() || `${room.name} – photo ${index + 1}`,
      isIllustration: false,
    }));
  }
  if (room.image_url && room.image_url.trim() !== '') {
    return [{ src: room.image_url, alt: room.name, isIllustration: false }];
  }
  return [{ src: roomIllustration(room.name), alt: `Illustration of the ${room.name}`, isIllustration: true }];
}

export const MAX_PROMO_BADGES = 2;

/** At most two badges (highest discount first), then "+N more". */
export function promoBadges(codes: RoomPromoCode[] | null | undefined, max = MAX_PROMO_BADGES) {
  const active = [...(codes ?? [])]
    .filter((code) => code.is_active)
    .sort((a, b) => b.discount_percentage - a.discount_percentage);
  return { shown: active.slice(0, max), more: Math.max(0, active.length - max) };
}

const ROOM_TYPE_LABELS: Record<string, string> = {
  single: 'Single',
  twin: 'Twin',
  deluxe: 'Deluxe',
  suite: 'Suite',
  classic: 'Classic',
  elegant: 'Elegant',
  romantic: 'Romantic',
  presidential: 'Presidential',
};

export function roomTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Room';
  return ROOM_TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** The view shown on the room page: a "... View" amenity when the room lists one, else "City View". */
export function roomView(amenities: string[] | null | undefined): string {
  return (amenities ?? []).find((amenity) => /view/i.test(amenity)) ?? 'City View';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
