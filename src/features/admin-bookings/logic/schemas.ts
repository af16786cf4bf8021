import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { BookingSettings } from '../types';

// ---------------------------------------------------------------- the hold settings (admins)

/** A whole number typed as text, within [min, max] `unit`; the messages are worded when shown. */
const wholeNumber = (unit: 'minutes' | 'hours', min: number, max: number, range: () => string) =>
  z
    .string()
    .trim()
    .min(1, { error: () => (unit === 'minutes' ? t`Enter the number of minutes.` : t`Enter the number of hours.`) })
    .regex(/^\d+$/, {
      error: () => (unit === 'minutes' ? t`Use a whole number of minutes.` : t`Use a whole number of hours.`),
    })
    .transform(Number)
    .pipe(z.number().min(min, { error: range }).max(max, { error: range }));

/** The languages the host's e-mails are written in (booking_settings.host_email_language). */
export const HOST_EMAIL_LANGUAGES = ['en', 'it'] as const;

export const bookingSettingsSchema = z.object({
  unconfirmed_hold_minutes: wholeNumber('minutes', 5, 1440, () => t`Between 5 and 1440 minutes (24 hours).`),
  confirmed_hold_hours: wholeNumber('hours', 1, 336, () => t`Between 1 and 336 hours (14 days).`),
  notification_email: z
    .string()
    .trim()
    .max(254, { error: () => t`The address must be at most 254 characters.` })
    .refine((value) => value === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value), {
      error: () => t`Enter a valid e-mail address, or leave it empty.`,
    })
    .transform((value) => (value === '' ? null : value)),
  host_email_language: z.enum(HOST_EMAIL_LANGUAGES),
});

export type BookingSettingsForm = z.input<typeof bookingSettingsSchema>;
export type BookingSettingsValues = z.output<typeof bookingSettingsSchema>;

export function bookingSettingsFormValues(settings: BookingSettings | undefined): BookingSettingsForm {
  return {
    unconfirmed_hold_minutes: String(settings?.unconfirmed_hold_minutes ?? 30),
    confirmed_hold_hours: String(settings?.confirmed_hold_hours ?? 48),
    notification_email: settings?.notification_email ?? '',
    host_email_language: settings?.host_email_language === 'it' ? 'it' : 'en',
  };
}
