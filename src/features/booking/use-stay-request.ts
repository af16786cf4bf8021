import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/i18n';
import { useFormatters } from '@/lib/i18n/format';
import { useContactInfo } from '@/lib/site-content';
import { showToast } from '@/lib/toast';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { useRequestBooking, useStayQuote, useStayQuotes, type BookingRequestInput } from './api/booking';
import { useBookableServices } from './api/services';
import type { ExtraRequest, RatePlan } from './logic/extras';
import { handOffUrl, openWhatsApp } from './logic/handoff';
import { nightsLabel } from './logic/pricing';
import { isStay, type BookingRequestResult, type StayQuote } from './logic/quote';

interface RoomChoice {
  id: string;
  name: string;
  room_number: string | null;
  price_per_night: number;
}

export interface StayChoice {
  /** the room chosen or given, '' for none yet */
  roomId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  promoCode?: string | null;
  /** the extras chosen and the rate (the room list is quoted without them) */
  extras?: readonly ExtraRequest[];
  ratePlan?: RatePlan;
}

/**
 * What both booking forms show for the stay being picked: the server's quote of the chosen room,
 * and the rooms to choose from — every room open for booking until the dates are set, then only
 * the rooms free for that stay, each labelled with its total (in the page's language).
 */
export function useStayOffer<R extends RoomChoice>(rooms: readonly R[], choice: StayChoice) {
  const { t } = useLingui();
  const { euro } = useFormatters();
  const stay = { checkIn: choice.checkIn, checkOut: choice.checkOut, guests: choice.guests };
  const quote = useStayQuote({
    ...stay,
    roomId: choice.roomId,
    promoCode: choice.promoCode,
    extras: choice.extras,
    ratePlan: choice.ratePlan,
  });
  const dated = isStay(choice.checkIn, choice.checkOut);
  const roomQuotes = useStayQuotes(dated ? rooms.map((room) => room.id) : [], { ...stay, promoCode: null });
  const options = rooms.flatMap((room, i) => {
    const name = room.name;
    const price = euro(room.price_per_night);
    const perNight = { room, free: true, label: t`${name} – ${price} / night` };
    const q: StayQuote | undefined = roomQuotes[i]?.data;
    if (!dated || !q) return [perNight];
    if (q.problems.some((p) => p.code === 'unavailable' || p.code === 'room_unavailable')) {
      // the room already chosen stays listed, saying so; the others are left out
      return room.id === choice.roomId
        ? [{ room, free: false, label: t`${name} – not available for these dates` }]
        : [];
    }
    const total = euro(q.total);
    const nights = nightsLabel(q.nights);
    return [{ room, free: true, label: t`${name} – ${total} for ${nights}` }];
  });
  const roomsKnown = !dated || roomQuotes.every((q) => !q.isPending);
  const freeCount = options.filter((o) => o.free).length;
  const current = choice.roomId && dated ? quote.data : undefined;
  return { quote: current, quoteLoading: quote.isFetching, options, roomsKnown, freeCount };
}

/**
 * The one request sequence of both forms: record the request in the page's language (the server
 * checks and prices it, and writes its e-mails in that language), open WhatsApp with the stored
 * prices and a message in that language, show "Opening WhatsApp", then let the form reset; a
 * refusal shows under the form's own failure title the server's reason in the page's language (its
 * code translated, src/lib/refusals), anything else a generic text, and keeps what was typed.
 * Resolves to the request (its deposit offered next) or null.
 */
export function useSendStayRequest() {
  const requestBooking = useRequestBooking();
  const contact = useContactInfo();
  const locale = useLocale();
  const services = useBookableServices().data;

  async function send(
    input: BookingRequestInput,
    room: { name: string; room_number?: string | null },
    toasts: { success: (result: BookingRequestResult) => string; failureTitle: string },
  ): Promise<BookingRequestResult | null> {
    try {
      const result = await requestBooking.mutateAsync({ ...input, language: locale });
      openWhatsApp(
        handOffUrl(
          contact.whatsapp,
          {
            ...input,
            roomName: room.name,
            roomNumber: room.room_number,
            extraNames: new Map(services?.map((service) => [service.id, service.name])),
          },
          result,
          locale,
        ),
      );
      showToast({ kind: 'success', title: t`Opening WhatsApp`, description: toasts.success(result) });
      return result;
    } catch (error) {
      console.error('Error creating booking request:', error);
      showToast({
        kind: 'error',
        title: toasts.failureTitle,
        description: refusalErrorText(error, locale) ?? t`Something went wrong. Please try again.`,
      });
      return null;
    }
  }

  return { send, busy: requestBooking.isPending, locale };
}
