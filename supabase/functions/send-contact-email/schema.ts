import { z } from 'npm:zod@4';
// the contact form's limits, phone, e-mail and text rules, shared with the browser (and, in meaning,
// with the database's private.is_valid_email and private.assert_one_line_text)
import { CONTACT_LIMITS, PHONE_PATTERN, isMultilineText, isOneLineText, isValidEmail } from '../_shared/constants.ts';

export { CONTACT_LIMITS, PHONE_PATTERN };

export const contactSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`)
    .refine(
      isOneLineText,
      'Name contains characters that are not allowed (line breaks, control or invisible formatting characters).',
    ),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .refine(isValidEmail, 'Please enter a valid email address.'),
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
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`)
    .refine(
      isMultilineText,
      'Message contains characters that are not allowed (control or invisible formatting characters).',
    ),
});

export type ContactInput = z.output<typeof contactSchema>;
