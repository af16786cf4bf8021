import { t } from '@lingui/core/macro';
import { type Locale } from '@/lib/i18n';
import { formatters } from '@/lib/i18n/format';
import { formatDay as stayDate } from '@/lib/time-left';
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
  /** the non-refundable rate's discount (euros), when that rate was chosen */
  nonRefundableDiscount?: number;
  /** the extras added, each with its name, quantity and amount (euros), as the server priced them */
  extras?: readonly { name: string; quantity: number; amount: number }[];
  total: number;
  name: string;
  email: string;
  phone?: string | null;
  specialRequests?: string | null;
}

/**
 * The pre-filled chat message: dates, nights, guests, room, price, guest, total, discount, requests,
 * reference; labels in the active language (evaluated when called), dates and amounts written as
 * `locale` writes them.
 */
export function buildWhatsAppMessage(details: WhatsAppBookingDetails, locale: Locale): string {
  const { euro } = formatters(locale);
  const { roomName, roomNumber } = details;
  const room = roomNumber ? t`${roomName} (Room ${roomNumber})` : roomName;
  const lines = [t`Hello! I would like to request a booking at Colosseum Guest House.`, ''];
  const reference = details.reference;
  if (reference) lines.push(t`Booking reference: ${reference}`);
  const checkIn = stayDate(details.checkIn, locale);
  const checkOut = stayDate(details.checkOut, locale);
  const nights = nightsLabel(details.nights);
  const guests = details.guests;
  lines.push(
    t`Room: ${room}`,
    t`Check-in: ${checkIn}`,
    t`Check-out: ${checkOut}`,
    t`Nights: ${nights}`,
    t`Guests: ${guests}`,
  );
  if (details.pricePerNight !== null) {
    const price = euro(details.pricePerNight);
    lines.push(t`Price per night: ${price}`);
  } else {
    const prices = nightlyGroups(details.nightly ?? [], euro);
    lines.push(t`Nightly prices: ${prices}`);
  }
  const hasDiscount = (details.discountAmount ?? 0) > 0;
  if (hasDiscount) {
    const subtotal = euro(details.subtotal);
    lines.push(t`Subtotal: ${subtotal}`);
    const percent = details.discountPercentage ?? 0;
    const amount = euro(details.discountAmount ?? 0);
    const code = details.promoCode;
    lines.push(code ? t`Discount ${percent}% (${code}): -${amount}` : t`Discount ${percent}%: -${amount}`);
  }
  const rateDiscount = details.nonRefundableDiscount ?? 0;
  if (rateDiscount > 0) {
    const amount = euro(rateDiscount);
    lines.push(t`Non-refundable rate: -${amount}`);
  }
  const extras = (details.extras ?? []).map((extra) => `${extra.name} × ${extra.quantity} (${euro(extra.amount)})`);
  if (extras.length > 0) {
    const list = extras.join(', ');
    lines.push(t`Extras: ${list}`);
  }
  const total = euro(details.total);
  lines.push(t`Total: ${total}`, '');
  const name = details.name;
  const email = details.email;
  const phone = details.phone?.trim() || t`Not provided`;
  const requests = details.specialRequests?.trim() || t`None`;
  lines.push(t`Name: ${name}`, t`Email: ${email}`, t`Phone: ${phone}`, t`Special requests: ${requests}`);
  return lines.join('\n');
}

/** "€150.00 × 1 night, €120.00 × 2 nights": nights of equal price, in order of first occurrence. */
function nightlyGroups(nightly: readonly { price: number }[], euro: (amount: number) => string): string {
  const groups: { price: number; nights: number }[] = [];
  for (const { price } of nightly) {
    const group = groups.find((g) => g.price === price);
    if (group) group.nights += 1;
    else groups.push({ price, nights: 1 });
  }
  return groups.map((g) => `${euro(g.price)} × ${nightsLabel(g.nights)}`).join(', ');
}

/** https://wa.me/<digits>?text=<encoded>; without a number WhatsApp lets the guest pick the chat. */
export function whatsAppUrl(phoneNumber: string | null | undefined, message: string): string {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
