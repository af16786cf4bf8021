import { Constants, type Enums, type Tables } from '@/types/database';

export const APP_ROLES = Constants.public.Enums.app_role;
export type AppRole = Enums<'app_role'>;

export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'name'>;

export function parseRoles(rows: { role: string }[] | null | undefined): AppRole[] {
  return [
    ...new Set(
      (rows ?? [])
        .map((row) => row.role)
        .filter((role): role is AppRole => (APP_ROLES as readonly string[]).includes(role)),
    ),
  ];
}

/** Staff includes admin. */
export function isStaffRole(roles: readonly AppRole[]): boolean {
  return roles.includes('staff') || roles.includes('admin');
}

export function isAdminRole(roles: readonly AppRole[]): boolean {
  return roles.includes('admin');
}

/** Paths on which the auth client is needed even without a stored session. */
export function needsAuthClient(pathname: string): boolean {
  return /^\/(auth|admin)(\/|$)/.test(pathname);
}
