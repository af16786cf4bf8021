import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { linkBackTo, SET_PASSWORD_PATH } from '@/lib/auth/links';
import { invokeFunction } from '@/lib/edge-functions';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { AdminUser, AppRole, InviteRole } from '../types';
import { mergeUsers } from '../logic/users';

export const userQueries = {
  all: () => ['users'] as const,
  /** profiles (newest first) with their roles and second factors: three requests in parallel (no foreign key joins them) */
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'],
      queryFn: async (): Promise<AdminUser[]> => {
        const [profiles, roles, factors] = await Promise.all([
          supabase
            .from('profiles')
            .select('user_id, email, name, created_at')
            .order('created_at', { ascending: false }),
          supabase.from('user_roles').select('user_id, role'),
          supabase.rpc('staff_mfa_status'),
        ]);
        if (profiles.error) throw profiles.error;
        if (roles.error) throw roles.error;
        if (factors.error) throw factors.error;
        return mergeUsers(
          (profiles.data ?? []) as Omit<AdminUser, 'roles' | 'two_factor'>[],
          (roles.data ?? []) as { user_id: string; role: AppRole }[],
          new Set((factors.data ?? []).filter((f) => (f.verified_factors ?? 0) > 0).map((f) => f.user_id!)),
        );
      },
      meta: { errorText: t`Failed to load users` },
    }),
};

/** Replaces the user's roles by the chosen one (server: admin only, not yourself, last admin stays). */
export function useSetUserRole() {
  return useRefreshingMutation(userQueries.all(), {
    meta: { errorText: t`Failed to update user role`, explainRefusal: true },
    mutationFn: async ({ userId, role }: { userId: string; role: AppRole }) => {
      const { error } = await supabase.rpc('set_user_role', { p_user_id: userId, p_role: role });
      if (error) throw error;
    },
  });
}

export function useUpdateProfile() {
  return useRefreshingMutation(userQueries.all(), {
    meta: { errorText: t`Failed to update user profile`, explainRefusal: true },
    mutationFn: async ({ userId, name, email }: { userId: string; name: string | null; email: string }) => {
      const { data, error } = await supabase
        .from('profiles')
        .update({ name, email })
        .eq('user_id', userId)
        .select('user_id');
      if (error) throw error;
      // row-level security hides a refused update as "0 rows": report it as a failure
      if (!data || data.length === 0) throw new Error(t`The profile was not updated.`);
    },
  });
}

/**
 * A lost phone: removes another user's second factor and ends their sessions (server: admin at
 * aal2, not yourself, audited). They set up a new one at their next sign-in.
 */
export function useResetSecondFactor() {
  return useRefreshingMutation(userQueries.all(), {
    meta: { errorText: t`Failed to reset two-factor sign-in`, explainRefusal: true },
    mutationFn: async (userId: string) => {
      const { error } = await supabase.rpc('reset_user_mfa', { p_user_id: userId });
      if (error) throw error;
    },
  });
}

/** Deletes the account itself (server: admin only, not yourself, not the last admin). */
export function useDeleteUser() {
  return useRefreshingMutation(userQueries.all(), {
    meta: { errorText: t`Failed to delete user`, explainRefusal: true },
    mutationFn: async (userId: string) => {
      const { error } = await supabase.rpc('delete_user', { p_user_id: userId });
      if (error) throw error;
    },
  });
}

/**
 * Invites someone by e-mail with a role (server: admin only). The e-mail's link signs them in on
 * the "Set a new password" page.
 */
export function useInviteUser() {
  return useRefreshingMutation(userQueries.all(), {
    mutationFn: (invite: { email: string; name: string | null; role: InviteRole }) =>
      invokeFunction<{ user_id: string }>('invite-user', {
        email: invite.email,
        role: invite.role,
        ...(invite.name ? { name: invite.name } : {}),
        redirect_to: linkBackTo(SET_PASSWORD_PATH),
      }),
  });
}
