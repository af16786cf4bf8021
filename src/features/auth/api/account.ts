import { useMutation, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { SupabaseClient } from '@/lib/supabase';
import { parseRoles, type AppRole, type Profile } from '../logic';
import { authKeys } from './keys';

/** The signed-in user's profile (profiles id, email, name by user_id); null when none. */
export function useProfile(client: SupabaseClient | null, userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.profile(userId ?? ''),
    queryFn: async (): Promise<Profile | null> => {
      const { data, error } = await client!.from('profiles').select('id, email, name').eq('user_id', userId!).maybeSingle();
      if (error) throw error;
      return (data ?? null) as Profile | null;
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

export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      const supabase = await loadSupabase();
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return data;
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async ({ email, password, name }: { email: string; password: string; name: string }) => {
      const supabase = await loadSupabase();
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: { emailRedirectTo: `${window.location.origin}/`, data: { name } },
      });
      if (error) throw error;
      return data;
    },
  });
}
