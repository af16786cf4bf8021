import { t } from '@lingui/core/macro';
import { Constants, type Enums, type Tables } from '@/types/database';

export const ROOM_TYPES = Constants.public.Enums.room_type;
export const ROOM_STATUSES = Constants.public.Enums.room_status;

export type RoomType = Enums<'room_type'>;
export type RoomStatus = Enums<'room_status'>;
export type CleaningState = Enums<'cleaning_state'>;

/** A room with the number of its promo codes (embedded count). */
export type Room = Tables<'rooms'> & { promo_codes_count: number };

/** The columns the room form writes. */
export type RoomValues = Pick<
  Room,
  | 'name'
  | 'room_number'
  | 'room_type'
  | 'status'
  | 'description'
  | 'price_per_night'
  | 'size_m2'
  | 'bed_layout'
  | 'view'
  | 'max_guests'
  | 'beds'
  | 'bathrooms'
  | 'amenities'
  | 'image_url'
  | 'translations'
>;

export type RoomImage = Tables<'room_images'>;

export type PromoCode = Tables<'room_promo_codes'>;

export function roomStatusLabel(status: string): string {
  const labels: Record<string, string> = {
    available: t`Available`,
    occupied: t`Occupied`,
    maintenance: t`Maintenance`,
    out_of_order: t`Out Of Order`,
  };
  return (
    labels[status] ??
    status
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

export function cleaningStateLabel(state: CleaningState): string {
  const labels: Record<CleaningState, string> = {
    clean: t`Clean`,
    dirty: t`Dirty`,
    inspected: t`Inspected`,
    out_of_service: t`Out of service`,
  };
  return labels[state];
}
