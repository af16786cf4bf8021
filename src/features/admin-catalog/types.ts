import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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

const CATEGORY_LABELS: Record<ServiceCategory | AmenityCategory, MessageDescriptor> = {
  transport: msg`Transport`,
  dining: msg`Dining`,
  housekeeping: msg`Housekeeping`,
  wellness: msg`Wellness & Spa`,
  experience: msg`Experience`,
  accommodation: msg`Accommodation`,
  general: msg`General`,
  connectivity: msg`Connectivity`,
  convenience: msg`Convenience`,
  location: msg`Location`,
  security: msg`Security`,
  service: msg`Service`,
  room: msg`Room Features`,
  entertainment: msg`Entertainment`,
  comfort: msg`Comfort`,
  facility: msg`Facility`,
};

/** 'wellness' → 'Wellness & Spa', 'room' → 'Room Features', others capitalised (in the portal's language). */
export function categoryLabel(category: string): string {
  const label = (CATEGORY_LABELS as Record<string, MessageDescriptor | undefined>)[category];
  return label ? i18n._(label) : category.charAt(0).toUpperCase() + category.slice(1);
}

export type Service = Omit<Tables<'services'>, 'created_at' | 'updated_at'>;

/** How an extra is priced, as the Service dialog names it. */
export const PRICING_UNIT_LABELS: Record<Service['pricing_unit'], MessageDescriptor> = {
  per_stay: msg`Per stay`,
  per_night: msg`Per night`,
  per_person: msg`Per person`,
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
