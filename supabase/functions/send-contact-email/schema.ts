import { z } from 'npm:zod@4';

// Same limits as the contact form (src/features/contact/logic.ts CONTACT_LIMITS; a unit test
// checks that the two agree).
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 5000 } as const;

// The on-page booking form's phone rule: digits, spaces and + ( ) . / - (src/features/contact/logic.ts
// CONTACT_PHONE_PATTERN is the same; the unit test checks it).
export const PHONE_PATTERN = /^[0-9+()./ -]+$/;

export const contactSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .pipe(z.email('Please enter a valid email address.')),
  phone: z
    .string({ error: 'Phone must be text.' })
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone must be at most ${CONTACT_LIMITS.phone} characters.`)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'Please enter a valid phone number.')
    .nullish()
    .transform((value) => (value ? value : null)),
  message: z
    .string({ error: 'Please enter your message.' })
    .trim()
    .min(1, 'Please enter your message.')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
});

export type ContactInput = z.output<typeof contactSchema>;
