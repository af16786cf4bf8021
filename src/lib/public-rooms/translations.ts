import type { Locale } from '@/lib/i18n';
import { localizeRow } from '@/lib/translations';
import type { RoomRow } from './types';

/** The room texts that exist per language. */
export const ROOM_TRANSLATED_FIELDS = ['name', 'description', 'amenities', 'bed_layout', 'view'] as const;

/** A room with its name, description, amenity list, bed layout and view in `locale`, each falling back to English. */
export function localizeRoom<T extends RoomRow>(room: T, locale: Locale): T {
  // localizeRow copies every other property of `room`, so the result keeps T's extra fields.
  return localizeRow<RoomRow>(room, locale, ROOM_TRANSLATED_FIELDS) as T;
}
