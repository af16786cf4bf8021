import type { Tables } from '@/types/database';

export const SERVICE_CATEGORIES = [
  'transport',
  'dining',
  'housekeeping',
  'wellness',
  'experience',
  'accommodation',
  'general',
] as const;
export const AMENITY_CATEGORIES = [
  'connectivity',
  'convenience',
  'dining',
  'location',
  'security',
  'service',
  'room',
  'entertainment',
  'comfort',
  'facility',
  'general',
] as const;

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export type AmenityCategory = (typeof AMENITY_CATEGORIES)[number];

// The category columns are text; their check constraints allow exactly the lists above.
export function isServiceCategory(category: string | undefined): category is ServiceCategory {
  return (SERVICE_CATEGORIES as readonly (string | undefined)[]).includes(category);
}

export function isAmenityCategory(category: string | undefined): category is AmenityCategory {
  return (AMENITY_CATEGORIES as readonly (string | undefined)[]).includes(category);
}

const CATEGORY_LABELS: Record<string, string> = { wellness: 'Wellness & Spa', room: 'Room Features' };

/** 'wellness' → 'Wellness & Spa', 'room' → 'Room Features', others capitalised. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

export type Service = Omit<Tables<'services'>, 'created_at' | 'updated_at'>;

/** How an extra is priced, as the Service dialog names it. */
export const PRICING_UNIT_LABELS: Record<Service['pricing_unit'], string> = {
  per_stay: 'Per stay',
  per_night: 'Per night',
  per_person: 'Per person',
};

export type Amenity = Omit<Tables<'amenities'>, 'created_at' | 'updated_at'>;

/** Items grouped by category, groups in first-seen order (the lists come ordered by category). */
export function groupByCategory<T extends { category: string }>(
  items: readonly T[],
): { category: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.category);
    if (group) group.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups].map(([category, grouped]) => ({ category, items: grouped }));
}
