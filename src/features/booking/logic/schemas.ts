import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import { isMultilineText, isOneLineText, isValidEmail } from '@shared/constants';
import { isISODate } from '@/lib/dates';
import type { ToastMessage } from '@/lib/toast';

/** Field limits (on-page form as specified; the dialog uses the same ones). */
export const BOOKING_LIMITS = { name: 100, email: 254, phone: 20, specialRequests: 1000 } as const;
export const DIALOG_GUESTS = { min: 1, max: 8, default: 2 } as const;
export const FORM_GUESTS = { min: 1, max: 4, default: 2 } as const;

/**
 * The guest counts a form offers: its own range, cut to the chosen room's max_guests when a room
 * is known (never below the range's minimum).
 */
export function guestRange(range: { min: number; max: number }, roomMaxGuests?: number | null) {
  if (!roomMaxGuests || !Number.isFinite(roomMaxGuests)) return { min: range.min, max: range.max };
  return { min: range.min, max: Math.max(range.min, Math.min(range.max, Math.floor(roomMaxGuests))) };
}

/**
 * Validation outcomes, each one toast, in the active language (evaluated when called). The zod
 * issues carry these keys as their message; the toast is worded when it is shown.
 */
export function bookingErrors() {
  const missing = t`Missing Information`;
  const invalidDates = t`Invalid Dates`;
  const bookingError = t`Booking Error`;
  return {
    dialogMissing: { title: missing, description: t`Please fill in all required fields including dates.` },
    dialogRoom: { title: missing, description: t`Please select a room.` },
    invalidDates: { title: invalidDates, description: t`Check-out date must be after check-in date.` },
    pastCheckIn: { title: invalidDates, description: t`Check-in date cannot be in the past.` },
    formMissing: { title: missing, description: t`Please fill in all required fields.` },
    formInvalidRoom: { title: bookingError, description: t`Please select a valid room.` },
    formInvalidDates: { title: bookingError, description: t`Check-out date must be after check-in date.` },
    formPastCheckIn: { title: bookingError, description: t`Check-in date cannot be in the past.` },
    formGuests: { title: bookingError, description: t`Guests must be between 1 and 4.` },
    dialogGuests: { title: bookingError, description: t`Guests must be between 1 and 8.` },
    tooLongName: { title: bookingError, description: t`Name must be at most 100 characters.` },
    invalidName: {
      title: bookingError,
      description: t`Please write your name on one line, without special invisible characters.`,
    },
    invalidEmail: { title: bookingError, description: t`Please enter a valid email address.` },
    tooLongEmail: { title: bookingError, description: t`Email must be at most 254 characters.` },
    tooLongPhone: { title: bookingError, description: t`Phone must be at most 20 characters.` },
    invalidPhone: { title: bookingError, description: t`Please enter a valid phone number.` },
    tooLongRequests: { title: bookingError, description: t`Special requests must be at most 1000 characters.` },
    invalidRequests: {
      title: bookingError,
      description: t`Please remove the special invisible characters from your requests.`,
    },
  };
}

export type BookingErrorKey = keyof ReturnType<typeof bookingErrors>;

export function bookingErrorToast(key: string | undefined): ToastMessage {
  const entry = bookingErrors()[key as BookingErrorKey] ?? {
    title: t`Error`,
    description: t`Something went wrong. Please try again.`,
  };
  return { kind: 'error', ...entry };
}

const text = (max: number, tooLong: BookingErrorKey) => z.string().check(z.trim(), z.maxLength(max, tooLong));
/** The guest's name: one line (the server's rule, shared with the functions). */
const name = () => text(BOOKING_LIMITS.name, 'tooLongName').check(z.refine(isOneLineText, 'invalidName'));
/** The one e-mail address rule (empty is reported as missing). */
const email = () =>
  text(BOOKING_LIMITS.email, 'tooLongEmail').check(
    z.refine((value: string) => !value || isValidEmail(value), 'invalidEmail'),
  );
const requests = () =>
  text(BOOKING_LIMITS.specialRequests, 'tooLongRequests').check(z.refine(isMultilineText, 'invalidRequests'));
/** Optional phone: digits, spaces and + ( ) . / - (the server accepts the same characters). */
const phone = () =>
  text(BOOKING_LIMITS.phone, 'tooLongPhone').check(
    z.refine((value: string) => value === '' || /^[0-9+()./ -]+$/.test(value), 'invalidPhone'),
  );
const guests = (limits: { min: number; max: number }, key: BookingErrorKey) =>
  z.string().check(
    z.trim(),
    z.refine((value: string) => /^\d+$/.test(value) && Number(value) >= limits.min && Number(value) <= limits.max, key),
  );

/**
 * The Book Your Stay dialog. Required: name, email, check-in, check-out (and a room when the
 * dialog was opened without one). Check-out after check-in, dates compared as yyyy-mm-dd.
 */
export function dialogSchema(today: string) {
  return z
    .object({
      checkIn: z.string(),
      checkOut: z.string(),
      guests: guests(DIALOG_GUESTS, 'dialogGuests'),
      name: name(),
      email: email(),
      phone: phone(),
      roomId: z.string(),
      promoCode: z.string(),
      specialRequests: requests(),
    })
    .check(
      z.superRefine((values, ctx) => {
        const { checkIn, checkOut } = values;
        if (!values.name || !values.email || !isISODate(checkIn) || !isISODate(checkOut)) {
          ctx.addIssue({ code: 'custom', message: 'dialogMissing', path: ['name'] });
          return;
        }
        if (checkOut <= checkIn) {
          ctx.addIssue({ code: 'custom', message: 'invalidDates', path: ['checkOut'] });
          return;
        }
        if (checkIn < today) {
          ctx.addIssue({ code: 'custom', message: 'pastCheckIn', path: ['checkIn'] });
          return;
        }
        if (!values.roomId) ctx.addIssue({ code: 'custom', message: 'dialogRoom', path: ['roomId'] });
      }),
    );
}

export type DialogValues = z.input<ReturnType<typeof dialogSchema>>;

export const emptyDialogValues = (roomId = ''): DialogValues => ({
  checkIn: '',
  checkOut: '',
  guests: String(DIALOG_GUESTS.default),
  name: '',
  email: '',
  phone: '',
  roomId,
  promoCode: '',
  specialRequests: '',
});

/**
 * The on-page booking form. Required: check-in, check-out, name, email, room; the room must be
 * one of the rooms offered (status available).
 */
export function bookingFormSchema(today: string, roomIds: readonly string[]) {
  return z
    .object({
      checkIn: z.string(),
      checkOut: z.string(),
      guests: guests(FORM_GUESTS, 'formGuests'),
      name: name(),
      email: email(),
      phone: phone(),
      roomId: z.string(),
      specialRequests: requests(),
    })
    .check(
      z.superRefine((values, ctx) => {
        const { checkIn, checkOut } = values;
        if (!values.name || !values.email || !values.roomId || !isISODate(checkIn) || !isISODate(checkOut)) {
          ctx.addIssue({ code: 'custom', message: 'formMissing', path: ['name'] });
          return;
        }
        if (!roomIds.includes(values.roomId)) {
          ctx.addIssue({ code: 'custom', message: 'formInvalidRoom', path: ['roomId'] });
          return;
        }
        if (checkOut <= checkIn) {
          ctx.addIssue({ code: 'custom', message: 'formInvalidDates', path: ['checkOut'] });
          return;
        }
        if (checkIn < today) ctx.addIssue({ code: 'custom', message: 'formPastCheckIn', path: ['checkIn'] });
      }),
    );
}

export type BookingFormValues = z.input<ReturnType<typeof bookingFormSchema>>;

export const emptyBookingFormValues = (): BookingFormValues => ({
  checkIn: '',
  checkOut: '',
  guests: String(FORM_GUESTS.default),
  name: '',
  email: '',
  phone: '',
  roomId: '',
  specialRequests: '',
});

/** The on-page submit button is enabled once dates, name, email and room are set. */
export function canSubmitBookingForm(values: Partial<BookingFormValues>): boolean {
  return Boolean(values.checkIn && values.checkOut && values.name?.trim() && values.email?.trim() && values.roomId);
}

/** The first validation problem of a failed parse, as the key of its toast. */
export function firstErrorKey(
  errors: Record<string, { message?: string } | undefined>,
  order: readonly string[],
): string | undefined {
  for (const field of order) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return Object.values(errors).find((error) => error?.message)?.message;
}
