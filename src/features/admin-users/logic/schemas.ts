import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isOneLineText, isValidEmail } from '@shared/constants';
import { INVITE_ROLES } from '../types';

// messages are functions, read when a value is checked, so they are in the portal's language then

/** Optional display name: trimmed, at most 100 characters, blank becomes null. */
const optionalName = z
  .string()
  .trim()
  .max(100, { error: () => t`Name must be at most 100 characters` })
  .refine(isOneLineText, { error: () => t`Name must be one line, without control or invisible characters` })
  .transform((value) => (value === '' ? null : value));

/** The one e-mail address rule (shared with the functions and, in meaning, the database). */
const requiredEmail = z
  .string()
  .trim()
  .min(1, { error: () => t`Email is required` })
  .refine(isValidEmail, { error: () => t`Please enter a valid email address` });

/** "Edit Profile": the name and e-mail shown for a user. */
export const profileSchema = z.object({ name: optionalName, email: requiredEmail });
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/** "Invite User": who, under which name, with which role. */
export const inviteSchema = z.object({ email: requiredEmail, name: optionalName, role: z.enum(INVITE_ROLES) });
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteValues = z.output<typeof inviteSchema>;
