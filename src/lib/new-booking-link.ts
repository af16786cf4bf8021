import { addDaysISO, isISODate } from '@/lib/dates';

/** Where a booking taken at the desk comes from (bookings.source, less `website`: the guest's own request). */
export const DESK_SOURCES = ['phone', 'email', 'walk_in', 'booking_com', 'expedia', 'airbnb', 'other'] as const;
export type DeskSource = (typeof DESK_SOURCES)[number];

export const GUEST_LANGUAGES = ['en', 'it', 'fr'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

/** What `/admin/bookings?new=1&room=<uuid>&from=<yyyy-MM-dd>&to=<yyyy-MM-dd>` asks for (the room board links its free cells there). */
export interface NewBookingRequest {
  room: string;
  from: string;
  to: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The New booking dialog's prefill from the URL, or null when `new=1` is absent. Each of room,
 * from and to is optional and kept only when well formed; a departure needs its arrival, and a
 * missing or earlier `to` becomes the night after `from`.
 */
export function readNewBookingRequest(params: URLSearchParams): NewBookingRequest | null {
  if (params.get('new') !== '1') return null;
  const room = params.get('room') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const checkIn = isISODate(from) ? from : '';
  const checkOut = !checkIn ? '' : isISODate(to) && to > checkIn ? to : addDaysISO(checkIn, 1);
  return { room: UUID.test(room) ? room : '', from: checkIn, to: checkOut };
}

/** The URL once the dialog closes: the other filters stay, the dialog's own keys go. */
export function withoutNewBooking(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['new', 'room', 'from', 'to']) next.delete(key);
  return next;
}

/** The link that opens the dialog, prefilled (the Calendar's free cells). */
export function newBookingHref(request: Partial<NewBookingRequest>): string {
  const params = new URLSearchParams({ new: '1' });
  if (request.room) params.set('room', request.room);
  if (request.from) params.set('from', request.from);
  if (request.to) params.set('to', request.to);
  return `/admin/bookings?${params.toString()}`;
}

/** Euros typed at the desk ("120", "120,50", "120.5") as integer cents, or null when not an amount. */
export function centsFromEuros(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number.parseFloat(clean) * 100);
}
