import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { AdminGate, AdminOnly } from './AdminGate';

const auth = vi.hoisted(() => ({
  state: {
    user: null as null | { id: string },
    roles: [] as string[],
    isStaff: false,
    isAdmin: false,
    loading: false,
    signOut: vi.fn(),
  },
}));
vi.mock('@/lib/auth/AuthProvider', () => ({ useAuth: () => auth.state }));

function renderAt(children: ReactNode, path = '/admin') {
  return renderWithI18n(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={children} />
        <Route path="/admin/housekeeping" element={children} />
        <Route path="/auth" element={<p>sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AdminGate', () => {
  beforeEach(() => {
    auth.state = {
      user: null,
      roles: [],
      isStaff: false,
      isAdmin: false,
      loading: false,
      signOut: vi.fn().mockResolvedValue(undefined),
    };
  });

  it('waits while the session is loading', () => {
    auth.state.loading = true;
    renderAt(<AdminGate>portal</AdminGate>);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('portal')).not.toBeInTheDocument();
  });

  it('sends visitors who are not signed in to /auth', () => {
    renderAt(<AdminGate>portal</AdminGate>);
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });

  it('shows Access Denied with Sign Out to a user without staff or admin role', async () => {
    auth.state.user = { id: 'u1' };
    renderAt(<AdminGate>portal</AdminGate>);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need staff or admin privileges to access this area')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(auth.state.signOut).toHaveBeenCalled();
    expect(screen.queryByText('portal')).not.toBeInTheDocument();
  });

  it('lets staff in, but not into admin-only screens', () => {
    auth.state.user = { id: 'u1' };
    auth.state.isStaff = true;
    renderAt(
      <AdminGate>
        portal
        <AdminOnly>users screen</AdminOnly>
      </AdminGate>,
    );
    expect(screen.getByText('portal')).toBeInTheDocument();
    expect(screen.queryByText('users screen')).not.toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this area')).toBeInTheDocument();
  });

  it('lets admins into admin-only screens', () => {
    auth.state = { ...auth.state, user: { id: 'u1' }, isStaff: true, isAdmin: true };
    renderAt(
      <AdminGate>
        <AdminOnly>users screen</AdminOnly>
      </AdminGate>,
    );
    expect(screen.getByText('users screen')).toBeInTheDocument();
  });

  it('lets the housekeeping role into its list only: any other screen sends it there', () => {
    auth.state = { ...auth.state, user: { id: 'u1' }, roles: ['housekeeping'] };
    renderAt(<AdminGate>portal</AdminGate>);
    // /admin redirected to /admin/housekeeping, which the gate opens
    expect(screen.getByText('portal')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });
});
