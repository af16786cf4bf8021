import { lazy } from 'react';
import { Shield } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { SiteDesignStyle } from '@/lib/design/published';
import { cn } from '@/lib/utils';
import { BookingDialogProvider } from '@/lib/booking-dialog';

const loadBookingDialog = () => import('@/features/booking/components/BookingDialog');
const BookingDialog = lazy(loadBookingDialog);
const preloadBookingDialog = () => void loadBookingDialog();

/** Public pages: the shared Book Your Stay dialog, and the Admin Portal button on every page but "/". */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <BookingDialogProvider Dialog={BookingDialog} preloadDialog={preloadBookingDialog}>
      <SiteDesignStyle />
      <Outlet />
      {pathname !== '/' && (
        <nav aria-label="Staff">
          <Link
            to="/admin"
            className={cn(buttonClasses('secondary', 'sm'), 'fixed right-2 top-1 z-50 h-8 border shadow-md sm:right-4')}
          >
            <Shield className="h-4 w-4" aria-hidden="true" />
            Admin Portal
          </Link>
        </nav>
      )}
    </BookingDialogProvider>
  );
}
