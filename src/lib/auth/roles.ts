export type AppRole = 'guest' | 'staff' | 'admin';

export interface Profile {
  id: string;
  email: string | null;
  name: string | null;
}

const ROLES: AppRole[] = ['guest', 'staff', 'admin'];

export function parseRoles(rows: { role: string }[] | null | undefined): AppRole[] {
  return [
    ...new Set((rows ?? []).map((row) => row.role).filter((role): role is AppRole => ROLES.includes(role as AppRole))),
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
