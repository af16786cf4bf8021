import { SITE_CONTENT_KEYS } from '@/lib/site-content';
import type { Tables } from '@/types/database';

export type ContentEntry = Pick<Tables<'site_content'>, 'key' | 'value' | 'description'>;

/** The Content screen's sections, by key prefix, in the spec's order. */
export const CONTENT_SECTIONS = [
  { prefix: 'hero_', title: 'Hero' },
  { prefix: 'rooms_', title: 'Rooms' },
  { prefix: 'location_', title: 'Location' },
  { prefix: 'reviews_', title: 'Reviews' },
  { prefix: 'booking_', title: 'Booking Form' },
  { prefix: 'contact_', title: 'Contact Information' },
] as const;

/** Known keys in the order the public page shows them, then any other key alphabetically. */
function byPageOrder(a: ContentEntry, b: ContentEntry): number {
  const rank = (key: string) => {
    const index = (SITE_CONTENT_KEYS as readonly string[]).indexOf(key);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return rank(a.key) - rank(b.key) || a.key.localeCompare(b.key);
}

export function groupContent(entries: readonly ContentEntry[]) {
  return CONTENT_SECTIONS.map((section) => ({
    ...section,
    entries: entries.filter((entry) => entry.key.startsWith(section.prefix)).sort(byPageOrder),
  }));
}

/** The entries whose draft differs from the saved value, as the upsert payload. */
export function changedEntries(
  saved: readonly ContentEntry[],
  draft: Readonly<Record<string, string>>,
): { key: string; value: string }[] {
  return saved
    .filter((entry) => draft[entry.key] !== undefined && draft[entry.key] !== entry.value)
    .map((entry) => ({ key: entry.key, value: draft[entry.key] }));
}

/** "hero_review_count" → "Review Count" (the section already says Hero). */
export function contentLabel(key: string): string {
  const section = CONTENT_SECTIONS.find((candidate) => key.startsWith(candidate.prefix));
  const rest = section ? key.slice(section.prefix.length) : key;
  return rest
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Long texts get a text area. */
export function isLongContent(entry: ContentEntry): boolean {
  return entry.value.length > 80 || /(description|subtitle|text|address)$/.test(entry.key);
}

/** "Hero: Title", the name of an entry in the unsaved-changes bar. */
export function entryName(key: string): string {
  const section = CONTENT_SECTIONS.find((candidate) => key.startsWith(candidate.prefix));
  return section ? `${section.title}: ${contentLabel(key)}` : contentLabel(key);
}
