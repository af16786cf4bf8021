import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@/lib/supabase';
import { parseRoles, type AppRole, type Profile } from './roles';
import { authKeys } from './keys';

/** The signed-in user's profile (profiles id, email, name by user_id); null when none. */
export function useProfile(client: SupabaseClient | null, userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.profile(userId ?? ''),
    queryFn: async (): Promise<Profile | null> => {
      const { data, error } = await client!
        .from('profiles')
        .select('id, email, name')
        .eq('user_id', userId!)
        .maybeSingle();
      if (error) throw error;
      return data ?? null;
    },
    enabled: Boolean(client && userId),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's roles (user_roles role by user_id). */
export function useRoles(client: SupabaseClient | null, userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.roles(userId ?? ''),
    queryFn: async (): Promise<AppRole[]> => {
      const { data, error } = await client!.from('user_roles').select('role').eq('user_id', userId!);
      if (error) throw error;
      return parseRoles(data as { role: string }[] | null);
    },
    enabled: Boolean(client && userId),
    staleTime: 5 * 60_000,
  });
}
