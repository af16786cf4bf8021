import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithI18n } from '@/test/render';
import { TwoFactorGate } from './TwoFactorGate';

const mfa = vi.hoisted(() => ({
  level: { currentLevel: 'aal1', nextLevel: 'aal1' },
  verified: [] as { id: string; status: string }[],
  all: [] as { id: string; status: string }[],
  required: false,
  verify: vi.fn(),
  enroll: vi.fn(),
  unenroll: vi.fn(),
}));
vi.mock('@/lib/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { id: 'u1' }, signOut: vi.fn().mockResolvedValue(undefined) }),
}));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: {
      mfa: {
        getAuthenticatorAssuranceLevel: () => Promise.resolve({ data: mfa.level, error: null }),
        listFactors: () => Promise.resolve({ data: { totp: mfa.verified, all: mfa.all }, error: null }),
        challengeAndVerify: (args: unknown) => mfa.verify(args),
        enroll: (args: unknown) => mfa.enroll(args),
        unenroll: (args: unknown) => mfa.unenroll(args),
      },
    },
    from: () => ({
      select: () => ({
        maybeSingle: () => Promise.resolve({ data: { require_staff_mfa: mfa.required }, error: null }),
      }),
    }),
  },
}));

function renderGate() {
  renderWithI18n(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TwoFactorGate>portal</TwoFactorGate>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TwoFactorGate', () => {
  beforeEach(() => {
    mfa.level = { currentLevel: 'aal1', nextLevel: 'aal1' };
    mfa.verified = [];
    mfa.all = [];
    mfa.required = false;
    mfa.verify.mockReset();
    mfa.enroll.mockReset();
    mfa.unenroll.mockReset();
  });

  it('opens the portal to staff without a factor while two factors are optional', async () => {
    renderGate();
    expect(await screen.findByText('portal')).toBeInTheDocument();
  });

  it('asks a staff member with a factor for the code, says why a code is refused, and lets them in with the right one', async () => {
    mfa.level = { currentLevel: 'aal1', nextLevel: 'aal2' };
    mfa.verified = [{ id: 'f1', status: 'verified' }];
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('portal')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Authentication code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(mfa.verify).not.toHaveBeenCalled();

    mfa.verify.mockResolvedValueOnce({
      error: { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' },
    });
    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '111 111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(mfa.verify).toHaveBeenCalledWith({ factorId: 'f1', code: '111111' });

    mfa.verify.mockImplementationOnce(() => {
      mfa.level = { currentLevel: 'aal2', nextLevel: 'aal2' };
      return Promise.resolve({ error: null });
    });
    await userEvent.type(screen.getByLabelText('Authentication code'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('portal')).toBeInTheDocument();
  });

  it('leads staff without a factor to set one up while two factors are required, once, after clearing a stale one', async () => {
    mfa.required = true;
    mfa.all = [{ id: 'stale', status: 'unverified' }];
    mfa.unenroll.mockResolvedValue({ error: null });
    mfa.enroll.mockResolvedValue({
      data: {
        id: 'f2',
        totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://x' },
      },
      error: null,
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg/>',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'stale' });
    expect(mfa.enroll).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('portal')).not.toBeInTheDocument();
  });
});
