import { useMutation } from '@tanstack/react-query';
import { linkBackTo, SET_PASSWORD_PATH } from '@/lib/auth/links';
import { loadSupabase } from '@/lib/load-supabase';

/** Asks auth to e-mail a reset link; auth answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: linkBackTo(SET_PASSWORD_PATH) });
      if (error) throw error;
    },
  });
}

/** Sets the signed-in user's password (after a reset or invite link signed them in). */
export function useSetNewPassword() {
  return useMutation({
    mutationFn: async (password: string) => {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) throw error;
    },
  });
}
