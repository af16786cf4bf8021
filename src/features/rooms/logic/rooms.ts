import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { RoomImage, RoomPromoCode, RoomRow } from '@/lib/public-rooms/types';

import { roomIllustration } from '@/lib/room-pictures';

export interface RoomFacts {
  sizeM2: number;
  guests: number;
  /** "2 single beds and 1 king bed" (the room's bed layout) or "2 beds", in the active language */
  beds: string;
  bathrooms: number;
}

/**
 * What a room page and card say about a room, all from the room's own fields (the same in every
 * language; pass the room localised so the bed layout is in the page's language). Without a bed
 * layout the page counts the beds. Read when called, in the active language.
 */
export function roomFacts(
  room: Pick<RoomRow, 'size_m2' | 'max_guests' | 'beds' | 'bed_layout' | 'bathrooms'>,
): RoomFacts {
  const beds = room.bed_layout?.trim() || plural(room.beds, { one: '# bed', other: '# beds' });
  return { sizeM2: room.size_m2, guests: room.max_guests, beds, bathrooms: room.bathrooms };
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
      alt: image.alt_text?.trim() || t`${room.name} – photo ${index + 1}`,
      isIllustration: false,
    }));
  }
  if (room.image_url && room.image_url.trim() !== '') {
    return [{ src: room.image_url, alt: room.name, isIllustration: false }];
  }
  return [{ src: roomIllustration(room.name), alt: t`Illustration of the ${room.name}`, isIllustration: true }];
}

export const MAX_PROMO_BADGES = 2;

/** At most two badges (highest discount first), then "+N more". */
export function promoBadges(codes: RoomPromoCode[] | null | undefined, max = MAX_PROMO_BADGES) {
  const active = [...(codes ?? [])]
    .filter((code) => code.is_active)
    .sort((a, b) => b.discount_percentage - a.discount_percentage);
  return { shown: active.slice(0, max), more: Math.max(0, active.length - max) };
}

const ROOM_TYPE_LABELS: Record<string, MessageDescriptor> = {
  single: msg({ message: 'Single', context: 'room type' }),
  twin: msg({ message: 'Twin', context: 'room type' }),
  deluxe: msg({ message: 'Deluxe', context: 'room type' }),
  suite: msg({ message: 'Suite', context: 'room type' }),
  classic: msg({ message: 'Classic', context: 'room type' }),
  elegant: msg({ message: 'Elegant', context: 'room type' }),
  romantic: msg({ message: 'Romantic', context: 'room type' }),
  presidential: msg({ message: 'Presidential', context: 'room type' }),
};

/** The room type in the active language (an unknown type as typed, capitalised). */
export function roomTypeLabel(type: string | null | undefined): string {
  if (!type) return t({ message: 'Room', context: 'room type' });
  const label = Object.hasOwn(ROOM_TYPE_LABELS, type) ? ROOM_TYPE_LABELS[type] : undefined;
  return label ? i18n._(label) : type.charAt(0).toUpperCase() + type.slice(1);
}

/** The view shown on the room page: the room's own (localised), else "City View" in the active language. */
export function roomView(room: Pick<RoomRow, 'view'>): string {
  return room.view?.trim() || t`City View`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
