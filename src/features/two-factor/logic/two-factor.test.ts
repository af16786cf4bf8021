import { describe, expect, it } from 'vitest';
import { cleanCode, groupedSecret, isCodeShaped, twoFactorStep, type TwoFactorState } from './two-factor';

const state = (over: Partial<TwoFactorState>): TwoFactorState => ({
  currentLevel: 'aal1',
  nextLevel: 'aal1',
  factorId: null,
  required: false,
  ...over,
});

describe('what the portal asks before it opens', () => {
  it('asks for the code of a user with a factor who signed in with a password only, whatever the setting', () => {
    expect(twoFactorStep(state({ nextLevel: 'aal2', factorId: 'f' }))).toBe('challenge');
    expect(twoFactorStep(state({ nextLevel: 'aal2', factorId: 'f', required: true }))).toBe('challenge');
  });
  it('asks staff without a factor to enrol only when two factors are required', () => {
    expect(twoFactorStep(state({ required: true }))).toBe('enrol');
    expect(twoFactorStep(state({ required: false }))).toBe('open');
  });
  it('opens at aal2', () => {
    expect(twoFactorStep(state({ currentLevel: 'aal2', nextLevel: 'aal2', factorId: 'f', required: true }))).toBe(
      'open',
    );
  });
});

describe('codes and secrets as typed and shown', () => {
  it('accepts six digits with spaces or a dash, nothing else', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(isCodeShaped('123-456')).toBe(true);
    expect(isCodeShaped('12345')).toBe(false);
    expect(isCodeShaped('12345a')).toBe(false);
  });
  it('groups the secret by four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});
