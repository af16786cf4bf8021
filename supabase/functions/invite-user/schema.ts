import { z } from 'npm:zod@4';

/** The roles an admin can invite someone with. */
export const INVITE_ROLES = ['staff', 'admin'] as const;

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  role: z.enum(INVITE_ROLES, 'Choose the role: staff or admin'),
  name: z.string().trim().max(100, 'The name must be at most 100 characters').optional(),
  redirect_to: z.url('redirect_to must be a URL').optional(),
});

export type InviteInput = z.infer<typeof inviteSchema>;
