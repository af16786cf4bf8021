import { t } from '@lingui/core/macro';
import type { RoomImage, RoomStatus } from '../types';

/** The card toggle: available → occupied, any other status → available. */
export function toggledRoomStatus(status: RoomStatus): RoomStatus {
  return status === 'available' ? 'occupied' : 'available';
}

export function statusToggleLabel(status: RoomStatus): string {
  return status === 'available' ? t`Mark Occupied` : t`Mark Available`;
}

/** A card lists at most 3 amenities, then '+N more'. */
export function visibleAmenities(amenities: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: amenities.slice(0, max), more: Math.max(0, amenities.length - max) };
}

/** The display_order of the next uploaded image: max + 1, or 0 for the first. */
export function nextDisplayOrder(images: readonly Pick<RoomImage, 'display_order'>[]): number {
  return images.length === 0 ? 0 : Math.max(...images.map((image) => image.display_order)) + 1;
}

/**
 * Moves the image at `index` one place up (-1) or down (+1) and renumbers the list 0..n-1.
 * Returns only the rows whose display_order changes (usually two), or [] when the move is impossible.
 */
export function moveImage(
  images: readonly Pick<RoomImage, 'id' | 'display_order'>[],
  index: number,
  direction: -1 | 1,
): { id: string; display_order: number }[] {
  const target = index + direction;
  if (index < 0 || index >= images.length || target < 0 || target >= images.length) return [];
  const order = [...images];
  [order[index], order[target]] = [order[target], order[index]];
  return order
    .map((image, position) => ({ id: image.id, display_order: position, before: image.display_order }))
    .filter((row) => row.display_order !== row.before)
    .map(({ id, display_order }) => ({ id, display_order }));
}
