import { useMutation } from '@tanstack/react-query';
import { linkBackTo } from '@/lib/auth/links';
import { loadSupabase } from '@/lib/load-supabase';

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
        // The confirmation link (when confirmations are on) signs the user in on /admin.
        options: { emailRedirectTo: linkBackTo('/admin'), data: { name } },
      });
      if (error) throw error;
      return data;
    },
  });
}
