import { useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { Shield } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SiteDesignStyle } from '@/lib/design/published';
import { Island } from '@/lib/hydration';
import { unlocalizedPath, withBookingMessages } from '@/lib/i18n';
import { BookingDialogProvider } from '@/lib/booking-dialog';

const loadBookingDialog = withBookingMessages(() => import('@/features/booking/components/BookingDialog'));
const BookingDialog = lazy(loadBookingDialog);
const preloadBookingDialog = () => void loadBookingDialog();

/**
 * The fixed Admin Portal button is left out on the home page ("/", "/it/", "/fr/": the spec) and on
 * the sign-in pages, which are the Admin Portal's own door: there it would only repeat the page's
 * title and link to itself.
 */
function showsAdminButton(pathname: string): boolean {
  const path = unlocalizedPath(pathname);
  return path !== '/' && path !== '/auth' && !path.startsWith('/auth/');
}

/** Public pages: the shared Book Your Stay dialog, and the Admin Portal button (see showsAdminButton). */
export function PublicLayout() {
  const { pathname } = useLocation();
  const { t } = useLingui();
  return (
    <BookingDialogProvider Dialog={BookingDialog} preloadDialog={preloadBookingDialog}>
      <SiteDesignStyle />
      <Outlet />
      {showsAdminButton(pathname) && (
        // an island: its first render builds tailwind-merge's tables (about 50 ms at a phone's
        // speed), which would otherwise lengthen the root's pass, the one React does not slice
        <Island>
          <nav aria-label={t`Staff`}>
            {/* Sits in the right end of the header's contact bar, which keeps that corner free: an icon
              (40 px touch target on phones) below 1024 px, the full label above. */}
            <Button
              asChild
              variant="secondary"
              size="sm"
              className="fixed right-2 top-1 z-50 h-10 w-10 gap-1.5 border px-0 shadow-md sm:top-0.5 sm:h-7 sm:w-7 sm:right-4 lg:w-auto lg:px-3"
            >
              <Link to="/admin" title={t`Admin Portal`}>
                <Shield className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="sr-only lg:not-sr-only">{t`Admin Portal`}</span>
              </Link>
            </Button>
          </nav>
        </Island>
      )}
    </BookingDialogProvider>
  );
}
