// What the portal asks of a signed-in staff member before it opens: nothing, their code (they
// have a factor and signed in with a password only), or a factor (two factors are required of
// staff and they have none). The database enforces the same rule (public.mfa_satisfied()).

export interface TwoFactorState {
  /** the session's level (GoTrue's `aal`): aal2 once a code was verified in it */
  currentLevel: string | null;
  /** aal2 when the user has a verified factor */
  nextLevel: string | null;
  /** the verified TOTP factor, if any (the portal enrols one at most) */
  factorId: string | null;
  /** two factors are required of every staff member (public.auth_settings) */
  required: boolean;
}

export type TwoFactorStep = 'open' | 'challenge' | 'enrol';

export function twoFactorStep(state: TwoFactorState): TwoFactorStep {
  if (state.nextLevel === 'aal2' && state.currentLevel !== 'aal2') return 'challenge';
  if (state.required && !state.factorId) return 'enrol';
  return 'open';
}

/** A TOTP code as typed: spaces and dashes dropped; valid when 6 digits remain. */
export function cleanCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function isCodeShaped(typed: string): boolean {
  return /^\d{6}$/.test(cleanCode(typed));
}

/** The secret in groups of four, as authenticator apps show it for typing. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
