import type { AppRole } from '@/lib/auth/roles';

export { APP_ROLES, type AppRole } from '@/lib/auth/roles';

export interface AdminUser {
  user_id: string;
  email: string | null;
  name: string | null;
  created_at: string;
  roles: AppRole[];
  /** a verified second factor (staff and admins only; staff_mfa_status) */
  two_factor: boolean;
}

/** The roles an admin can invite someone with (the invite-user function accepts these). */
export const INVITE_ROLES = ['staff', 'admin'] as const satisfies readonly AppRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];
