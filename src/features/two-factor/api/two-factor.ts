import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { cleanCode, type TwoFactorState } from '../logic/two-factor';

const ISSUER = 'Colosseum Guest House';
const FRIENDLY_NAME = 'Authenticator app';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  state: (userId: string) => [...twoFactorKeys.all, 'state', userId] as const,
};

export const twoFactorQueries = {
  /** the session's assurance level, the verified factor and the setting (GoTrue and public.auth_settings) */
  state: (userId: string) =>
    queryOptions({
      queryKey: twoFactorKeys.state(userId),
      queryFn: async (): Promise<TwoFactorState> => {
        const [level, factors, settings] = await Promise.all([
          supabase.auth.mfa.getAuthenticatorAssuranceLevel(),
          supabase.auth.mfa.listFactors(),
          supabase.from('auth_settings').select('require_staff_mfa').maybeSingle(),
        ]);
        if (level.error) throw level.error;
        if (factors.error) throw factors.error;
        if (settings.error) throw settings.error;
        return {
          currentLevel: level.data.currentLevel,
          nextLevel: level.data.nextLevel,
          factorId: factors.data.totp[0]?.id ?? null,
          required: settings.data?.require_staff_mfa ?? true,
        };
      },
      staleTime: 0,
    }),
};

/** Everything a change of level or factor affects: the two-factor state and every screen's data. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export interface Enrolment {
  factorId: string;
  /** the QR code as a data URI (an SVG) */
  qrCode: string;
  secret: string;
}

/** A new TOTP factor (unverified until its first code), after removing any left unverified. */
export function useStartEnrolment() {
  return useMutation({
    meta: { errorText: t`Could not start setting up two-factor sign-in`, explainRefusal: true },
    mutationFn: async (): Promise<Enrolment> => {
      const factors = await supabase.auth.mfa.listFactors();
      if (factors.error) throw factors.error;
      for (const factor of factors.data.all.filter((f) => f.status === 'unverified')) {
        const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
        if (removed.error) throw removed.error;
      }
      const { data, error } = await supabase.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: FRIENDLY_NAME,
        issuer: ISSUER,
      });
      if (error) throw error;
      return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
    },
  });
}

/** A challenge and its code: the session becomes aal2 (and a new factor verified). */
export function useVerifyCode() {
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: cleanCode(code) });
      if (error) throw error;
    },
    onSuccess: refreshAll,
  });
}

/** Removes the user's factor (GoTrue asks for aal2); the session is aal1 again from its next token. */
export function useRemoveFactor() {
  const refreshAll = useRefreshAll();
  return useMutation({
    meta: { errorText: t`Could not remove the factor`, explainRefusal: true },
    mutationFn: async (factorId: string) => {
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error) throw error;
      const refreshed = await supabase.auth.refreshSession();
      if (refreshed.error) throw refreshed.error;
    },
    onSuccess: refreshAll,
  });
}

/** Admins: whether every staff member must sign in with two factors. */
export function useSetStaffMfaRequired() {
  return useRefreshingMutation(twoFactorKeys.all, {
    meta: { errorText: t`Could not change the two-factor rule`, explainRefusal: true },
    mutationFn: async (required: boolean) => {
      const { error } = await supabase.rpc('set_staff_mfa_required', { p_required: required });
      if (error) throw error;
    },
  });
}
