import { formatISODate } from '@/lib/dates';
import { formatEuro } from '@/lib/utils';
import { nightsLabel } from './pricing';

export interface WhatsAppBookingDetails {
  reference?: string | null;
  roomName: string;
  roomNumber?: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  /** null when the nights have different prices: `nightly` lists them */
  pricePerNight: number | null;
  nightly?: readonly { price: number }[];
  subtotal: number;
  discountPercentage?: number;
  discountAmount?: number;
  promoCode?: string | null;
  total: number;
  name: string;
  email: string;
  phone?: string | null;
  specialRequests?: string | null;
}

/** The pre-filled chat message: dates, nights, guests, room, price, guest, total, discount, requests, reference. */
export function buildWhatsAppMessage(details: WhatsAppBookingDetails): string {
  const room = details.roomNumber ? `${details.roomName} (Room ${details.roomNumber})` : details.roomName;
  const lines = ['Hello! I would like to request a booking at Colosseum Guest House.', ''];
  if (details.reference) lines.push(`Booking reference: ${details.reference}`);
  lines.push(
    `Room: ${room}`,
    `Check-in: ${formatISODate(details.checkIn)}`,
    `Check-out: ${formatISODate(details.checkOut)}`,
    `Nights: ${nightsLabel(details.nights)}`,
    `Guests: ${details.guests}`,
    details.pricePerNight !== null
      ? `Price per night: ${formatEuro(details.pricePerNight)}`
      : `Nightly prices: ${nightlyGroups(details.nightly ?? [])}`,
  );
  const hasDiscount = (details.discountAmount ?? 0) > 0;
  if (hasDiscount) {
    lines.push(`Subtotal: ${formatEuro(details.subtotal)}`);
    const code = details.promoCode ? ` (${details.promoCode})` : '';
    lines.push(`Discount ${details.discountPercentage ?? 0}%${code}: -${formatEuro(details.discountAmount ?? 0)}`);
  }
  lines.push(`Total: ${formatEuro(details.total)}`, '');
  lines.push(`Name: ${details.name}`, `Email: ${details.email}`, `Phone: ${details.phone?.trim() || 'Not provided'}`);
  lines.push(`Special requests: ${details.specialRequests?.trim() || 'None'}`);
  return lines.join('\n');
}

/** "€150.00 × 1 night, €120.00 × 2 nights": nights of equal price, in order of first occurrence. */
function nightlyGroups(nightly: readonly { price: number }[]): string {
  const groups: { price: number; nights: number }[] = [];
  for (const { price } of nightly) {
    const group = groups.find((g) => g.price === price);
    if (group) group.nights += 1;
    else groups.push({ price, nights: 1 });
  }
  return groups.map((g) => `${formatEuro(g.price)} × ${nightsLabel(g.nights)}`).join(', ');
}

/** https://wa.me/<digits>?text=<encoded>; without a number WhatsApp lets the guest pick the chat. */
export function whatsAppUrl(phoneNumber: string | null | undefined, message: string): string {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
