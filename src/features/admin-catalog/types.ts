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

const CATEGORY_LABELS: Record<string, string> = { wellness: 'Wellness & Spa', room: 'Room Features' };

/** 'wellness' → 'Wellness & Spa', 'room' → 'Room Features', others capitalised. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

export interface Service {
  id: string;
  name: string;
  description: string | null;
  price: number;
  category: ServiceCategory;
  duration_minutes: number;
  available: boolean;
  image_url: string | null;
}

export type ServiceValues = Omit<Service, 'id'>;

export interface Amenity {
  id: string;
  name: string;
  description: string | null;
  icon_name: string;
  category: AmenityCategory;
  is_active: boolean;
  display_order: number;
}

export type AmenityValues = Omit<Amenity, 'id'>;

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
