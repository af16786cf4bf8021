import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import type { BookingRequestInput } from '../api/booking';
import type { BookingRequestResult } from './quote';
import { buildWhatsAppMessage, whatsAppUrl } from './whatsapp';

/** What the guest asked for, plus the room's name and number for the message. */
export type HandOffInput = Omit<BookingRequestInput, 'roomId'> & {
  roomName: string;
  roomNumber?: string | null;
  /** the extras' names in the guest's language, by service id */
  extraNames?: ReadonlyMap<string, string>;
};

/** The WhatsApp link for a recorded request, using the server's prices and reference, in the guest's language. */
export function handOffUrl(
  whatsappNumber: string,
  input: HandOffInput,
  result: BookingRequestResult,
  locale: Locale,
): string {
  const message = buildWhatsAppMessage(
    {
      reference: result.reference,
      roomName: input.roomName,
      roomNumber: input.roomNumber,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      nights: result.nights,
      guests: input.guests,
      pricePerNight: result.price_per_night,
      nightly: result.nightly,
      subtotal: result.subtotal,
      discountPercentage: result.discount_percentage,
      discountAmount: result.discount_amount,
      promoCode: result.discount_amount > 0 ? input.promoCode : null,
      nonRefundableDiscount: result.nonrefundable_discount_cents / 100,
      extras: result.extras.map((extra) => ({
        name: input.extraNames?.get(extra.service_id) ?? extra.name,
        quantity: extra.quantity,
        amount: extra.line_total_cents / 100,
      })),
      // the stored total: the nights less the rate's discount, plus the extras
      total: result.total_cents / 100,
      name: input.name,
      email: input.email,
      phone: input.phone,
      specialRequests: input.specialRequests,
    },
    locale,
  );
  return whatsAppUrl(whatsappNumber, message);
}

/** Added to the "Opening WhatsApp" toast: the server e-mails the guest a link to confirm the request. */
export const emailOnItsWay = () => t`We've also e-mailed you a link to confirm your request.`;

/** Opens the chat in a new tab. */
export function openWhatsApp(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
