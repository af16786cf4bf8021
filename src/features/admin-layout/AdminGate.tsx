import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import { PageLoader } from '@/components/ui/page-loader';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { housekeepingMayOpen } from './logic/nav-items';

/**
 * Not signed in → /auth; signed in without staff, admin or housekeeping → Access Denied; the
 * housekeeping role → its list only (any other path sends it there); otherwise the portal.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isStaff, roles, loading } = useAuth();
  const location = useLocation();

  if (loading) return <PageLoader />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (!isStaff) {
    if (!roles.includes('housekeeping')) return <AccessDenied />;
    if (!housekeepingMayOpen(location.pathname)) return <Navigate to="/admin/housekeeping" replace />;
  }
  return <>{children}</>;
}

export function AccessDenied() {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <ShieldAlert className="mx-auto mb-4 h-12 w-12 text-destructive" aria-hidden="true" />
        <h1 className="mb-2 text-2xl font-bold">
          <Trans>Access Denied</Trans>
        </h1>
        <p className="mb-6 text-muted-foreground">
          <Trans>You need staff or admin privileges to access this area</Trans>
        </p>
        <Button onClick={signOut}>
          <Trans>Sign Out</Trans>
        </Button>
      </div>
    </main>
  );
}

/** Route guard for the admin-only screens (Users, Integrations, Security); the server refuses staff too. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <ShieldAlert className="mx-auto mb-4 h-10 w-10 text-destructive" aria-hidden="true" />
        <h1 className="mb-2 text-2xl font-bold">
          <Trans>Access Denied</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>You need admin privileges to access this area</Trans>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
