import { daysBetweenISO, isISODate } from '@/lib/dates';

/** Round to cents (half away from zero), the precision prices are stored and shown with. */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Nights = day difference between check-out and check-in, rounded up; 0 when not a valid stay. */
export function nightsBetween(checkIn: string | null | undefined, checkOut: string | null | undefined): number {
  if (!isISODate(checkIn) || !isISODate(checkOut)) return 0;
  const days = Math.ceil(daysBetweenISO(checkIn, checkOut));
  return days > 0 ? days : 0;
}

/** Discount = total × percent / 100, to 2 decimals. */
export function discountAmount(total: number, percent: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(percent) || percent <= 0) return 0;
  return roundCents((total * Math.min(percent, 100)) / 100);
}

export interface StayTotals {
  nights: number;
  pricePerNight: number;
  /** price per night × nights */
  subtotal: number;
  discountPercentage: number;
  discount: number;
  /** subtotal − discount */
  total: number;
}

export function stayTotals(
  pricePerNight: number | null | undefined,
  checkIn: string | null | undefined,
  checkOut: string | null | undefined,
  discountPercentage = 0,
): StayTotals {
  const price = Number.isFinite(pricePerNight) && (pricePerNight as number) > 0 ? (pricePerNight as number) : 0;
  const nights = nightsBetween(checkIn, checkOut);
  const subtotal = roundCents(price * nights);
  const discount = discountAmount(subtotal, discountPercentage);
  return {
    nights,
    pricePerNight: price,
    subtotal,
    discountPercentage: discount > 0 ? discountPercentage : 0,
    discount,
    total: roundCents(subtotal - discount),
  };
}

/** "2 nights", "1 night". */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}
