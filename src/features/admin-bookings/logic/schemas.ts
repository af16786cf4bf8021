import { z } from 'zod';
import type { BookingSettings } from '../types';

// ---------------------------------------------------------------- the hold settings (admins)

/** A whole number typed as text, within [min, max] `unit`. */
const wholeNumber = (unit: 'minutes' | 'hours', min: number, max: number, range: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the number of ${unit}.`)
    .regex(/^\d+$/, `Use a whole number of ${unit}.`)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));

export const bookingSettingsSchema = z.object({
  unconfirmed_hold_minutes: wholeNumber('minutes', 5, 1440, 'Between 5 and 1440 minutes (24 hours).'),
  confirmed_hold_hours: wholeNumber('hours', 1, 336, 'Between 1 and 336 hours (14 days).'),
  notification_email: z
    .string()
    .trim()
    .max(254, 'The address must be at most 254 characters.')
    .refine(
      (value) => value === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value),
      'Enter a valid e-mail address, or leave it empty.',
    )
    .transform((value) => (value === '' ? null : value)),
});

export type BookingSettingsForm = z.input<typeof bookingSettingsSchema>;
export type BookingSettingsValues = z.output<typeof bookingSettingsSchema>;

export function bookingSettingsFormValues(settings: BookingSettings | undefined): BookingSettingsForm {
  return {
    unconfirmed_hold_minutes: String(settings?.unconfirmed_hold_minutes ?? 30),
    confirmed_hold_hours: String(settings?.confirmed_hold_hours ?? 48),
    notification_email: settings?.notification_email ?? '',
  };
}
