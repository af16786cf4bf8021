// What the public pages and both booking forms derive from the public rooms list.
import type { RoomPromoCode, RoomRow } from './types';

/** A code that can still be used today: active, started, not past valid_until, uses left. */
export function isPromoUsable(code: RoomPromoCode, today: string): boolean {
  if (!code.is_active) return false;
  if (code.valid_from && code.valid_from > today) return false;
  if (code.valid_until && code.valid_until < today) return false;
  if (code.max_uses !== null && code.max_uses !== undefined && (code.current_uses ?? 0) >= code.max_uses) return false;
  return true;
}

/**
 * The hero's promo: one active code whose valid_until is today or later (as the spec's lookup),
 * that can also be used today. The highest discount wins so the label is stable.
 */
export function heroPromo(
  rooms: { room_promo_codes: RoomPromoCode[] }[] | undefined,
  today: string,
): RoomPromoCode | null {
  let best: RoomPromoCode | null = null;
  for (const room of rooms ?? []) {
    for (const code of room.room_promo_codes ?? []) {
      if (!code.valid_until || !isPromoUsable(code, today)) continue;
      if (!best || code.discount_percentage > best.discount_percentage) best = code;
    }
  }
  return best;
}

/** Book Now label derived from the hero promo. */
export function bookNowLabel(promo: Pick<RoomPromoCode, 'promo_code' | 'discount_percentage'> | null): string {
  if (!promo) return 'Book Now';
  return `Book Now – Save ${promo.discount_percentage}% with ${promo.promo_code}`;
}

/**
 * Whether a room may be sold (private.room_on_sale): every status but maintenance and out of order.
 * Occupied says a guest is in tonight, set by check-in; later nights are the calendar's to refuse.
 */
export function isOnSale(status: RoomRow['status']): boolean {
  return status !== 'maintenance' && status !== 'out_of_order';
}

/** Rooms the booking forms may offer: those on sale, cheapest first. */
export function bookableRooms<T extends Pick<RoomRow, 'status' | 'price_per_night' | 'name'>>(
  rooms: T[] | undefined,
): T[] {
  return (rooms ?? [])
    .filter((room) => isOnSale(room.status))
    .sort((a, b) => a.price_per_night - b.price_per_night || a.name.localeCompare(b.name));
}
