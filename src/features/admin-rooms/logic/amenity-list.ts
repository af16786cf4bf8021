/** Preset amenity buttons of the room form, in the spec's order. */
export const AMENITY_PRESETS = [
  'WiFi',
  'Air Conditioning',
  'TV',
  'Mini Bar',
  'Safe',
  'Balcony',
  'City View',
  'Sea View',
  'Bathtub',
  'Shower',
  'Hair Dryer',
  'Telephone',
  'Room Service',
  'Heating',
] as const;

function sameAmenity(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function hasAmenity(list: readonly string[], amenity: string): boolean {
  return list.some((item) => sameAmenity(item, amenity));
}

/** Adds a trimmed amenity unless it is blank or already listed (case-insensitive). */
export function addAmenity(list: readonly string[], amenity: string): string[] {
  const value = amenity.trim().replace(/\s+/g, ' ');
  if (!value || hasAmenity(list, value)) return [...list];
  return [...list, value];
}

export function removeAmenity(list: readonly string[], amenity: string): string[] {
  return list.filter((item) => !sameAmenity(item, amenity));
}

/** A preset button adds the amenity, or removes it when it is already listed. */
export function togglePreset(list: readonly string[], preset: string): string[] {
  return hasAmenity(list, preset) ? removeAmenity(list, preset) : addAmenity(list, preset);
}
