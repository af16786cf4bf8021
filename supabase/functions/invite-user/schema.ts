import { z } from 'npm:zod@4';
import { isOneLineText, isValidEmail } from '../_shared/constants.ts';

/** The roles an admin can invite someone with. */
export const INVITE_ROLES = ['staff', 'admin'] as const;

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().refine(isValidEmail, 'Please enter a valid email address'),
  role: z.enum(INVITE_ROLES, 'Choose the role: staff or admin'),
  name: z
    .string()
    .trim()
    .max(100, 'The name must be at most 100 characters')
    .refine(isOneLineText, 'The name must be one line, without control or invisible characters')
    .optional(),
  redirect_to: z.url('redirect_to must be a URL').optional(),
});

export type InviteInput = z.infer<typeof inviteSchema>;
