import { t } from '@lingui/core/macro';
import { APP_ROLES, type AdminUser, type AppRole } from '../types';

/** Case-insensitive substring search on e-mail or name. */
export function filterUsers(users: readonly AdminUser[], search: string): AdminUser[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...users];
  return users.filter(
    (user) => (user.email ?? '').toLowerCase().includes(term) || (user.name ?? '').toLowerCase().includes(term),
  );
}

/** Joins profiles with their roles (roles sorted admin, staff, guest). */
export function mergeUsers(
  profiles: readonly Omit<AdminUser, 'roles' | 'two_factor'>[],
  roles: readonly { user_id: string; role: AppRole }[],
  withSecondFactor: ReadonlySet<string> = new Set(),
): AdminUser[] {
  const byUser = new Map<string, AppRole[]>();
  for (const { user_id, role } of roles) byUser.set(user_id, [...(byUser.get(user_id) ?? []), role]);
  const rank = (role: AppRole) => -APP_ROLES.indexOf(role);
  return profiles.map((profile) => ({
    ...profile,
    roles: [...(byUser.get(profile.user_id) ?? [])].sort((a, b) => rank(a) - rank(b)),
    two_factor: withSecondFactor.has(profile.user_id),
  }));
}

/** The Manage Role dialog starts at the user's first role, or guest. */
export function initialRole(user: Pick<AdminUser, 'roles'>): AppRole {
  return user.roles[0] ?? 'guest';
}

export const ROLE_BADGE_VARIANT: Record<AppRole, 'destructive' | 'default' | 'secondary'> = {
  admin: 'destructive',
  staff: 'default',
  housekeeping: 'secondary',
  guest: 'secondary',
};

/** A role's name as staff read it ("Admin", "Staff", "Housekeeping", "Guest"). */
export function roleLabel(role: AppRole): string {
  switch (role) {
    case 'admin':
      return t`Admin`;
    case 'staff':
      return t`Staff`;
    case 'housekeeping':
      return t`Housekeeping`;
    case 'guest':
      return t`Guest`;
  }
}

export function userInitials(user: Pick<AdminUser, 'name' | 'email'>): string {
  const source = (user.name ?? '').trim() || (user.email ?? '').trim();
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

/** How the dialogs name a user: the name, else the e-mail, else "this user". */
export function userLabel(user: Pick<AdminUser, 'name' | 'email'>): string {
  return user.name || user.email || t`this user`;
}

/** The delete dialog's warning, naming the user (and their address when both are known). */
export function deleteWarning(user: Pick<AdminUser, 'name' | 'email'>): string {
  const who = userLabel(user);
  const email = user.email ?? '';
  return user.email && user.name
    ? t`This action cannot be undone. This will permanently delete the account of ${who} (${email}) and remove their profile and roles.`
    : t`This action cannot be undone. This will permanently delete the account of ${who} and remove their profile and roles.`;
}
