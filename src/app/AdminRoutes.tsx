import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminGate, AdminOnly } from '@/features/admin-layout/AdminGate';
import { AdminLayout } from '@/features/admin-layout/AdminLayout';
import { TwoFactorGate } from '@/features/two-factor/components/TwoFactorGate';
import { HighRiskEventToasts } from '@/features/admin-security/components/HighRiskEventToasts';
import { useAuth } from '@/lib/auth/AuthProvider';
import { withBookingMessages } from '@/lib/i18n';
import { PortalLanguage } from '@/lib/i18n/portal-language';
import { portalRefusalWording } from '@/lib/i18n/portal-refusals';
import { wordRefusalsWith } from '@/lib/postgrest-error';
import { NotFoundPage } from './routes/NotFoundPage';

// the database's refusals in the portal's language, on every screen
wordRefusalsWith(portalRefusalWording);

// Each screen is its own chunk inside the lazily loaded admin tree.
const DashboardPage = lazy(() => import('./routes/admin/DashboardPage'));
const RoomsPage = lazy(() => import('./routes/admin/RoomsPage'));
const CatalogPage = lazy(() => import('./routes/admin/CatalogPage'));
// the desk's dialogs word a guest's refusals (min_stay, unavailable…) from the booking flows' catalog
const BookingsPage = lazy(withBookingMessages(() => import('./routes/admin/BookingsPage')));
const ContentPage = lazy(() => import('./routes/admin/ContentPage'));
const UsersPage = lazy(() => import('./routes/admin/UsersPage'));
const CalendarPage = lazy(withBookingMessages(() => import('./routes/admin/CalendarPage')));
const BoardPage = lazy(withBookingMessages(() => import('./routes/admin/BoardPage')));
const HousekeepingPage = lazy(() => import('./routes/admin/HousekeepingPage'));
const RatesPage = lazy(() => import('./routes/admin/RatesPage'));
const IntegrationsPage = lazy(() => import('./routes/admin/IntegrationsPage'));
const SecurityPage = lazy(() => import('./routes/admin/SecurityPage'));
const ReviewsPage = lazy(() => import('./routes/admin/ReviewsPage'));
const ReportsPage = lazy(() => import('./routes/admin/ReportsPage'));
// the shared check-in form's texts live in the booking flows' catalog
const ArrivalsPage = lazy(withBookingMessages(() => import('./routes/admin/ArrivalsPage')));

const CityTaxPage = lazy(() => import('./routes/admin/CityTaxPage'));
const PrivacySettingsPage = lazy(() => import('./routes/admin/PrivacySettingsPage'));
const VisualDesignPage = lazy(() => import('./routes/admin/VisualDesignPage'));
const TwoFactorPage = lazy(() => import('./routes/admin/TwoFactorPage'));

/** Two-factor sign-in is asked of staff and admins (public.mfa_satisfied()); the housekeeping role reads no guest data. */
function StaffTwoFactorGate({ children }: { children: ReactNode }) {
  const { isStaff } = useAuth();
  return isStaff ? <TwoFactorGate>{children}</TwoFactorGate> : <>{children}</>;
}

/** High or critical security events reach an admin anywhere in the portal. */
function AdminSecurityToasts() {
  const { isAdmin } = useAuth();
  return isAdmin ? <HighRiskEventToasts /> : null;
}

/** The /admin tree (mounted by the router at '/admin/*'), in the staff member's language. */
export default function AdminRoutes() {
  return (
    <PortalLanguage>
      <AdminRouteTable />
    </PortalLanguage>
  );
}

function AdminRouteTable() {
  return (
    <Routes>
      <Route
        element={
          <AdminGate>
            <StaffTwoFactorGate>
              <AdminLayout />
              <AdminSecurityToasts />
            </StaffTwoFactorGate>
          </AdminGate>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="rooms" element={<RoomsPage />} />
        <Route path="services" element={<CatalogPage />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="arrivals" element={<ArrivalsPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="board" element={<BoardPage />} />
        <Route path="housekeeping" element={<HousekeepingPage />} />
        <Route path="rates" element={<RatesPage />} />
        <Route path="city-tax" element={<CityTaxPage />} />
        <Route path="content" element={<ContentPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="visual-design" element={<VisualDesignPage />} />
        <Route path="two-factor" element={<TwoFactorPage />} />
        <Route
          path="users"
          element={
            <AdminOnly>
              <UsersPage />
            </AdminOnly>
          }
        />
        <Route
          path="integrations"
          element={
            <AdminOnly>
              <IntegrationsPage />
            </AdminOnly>
          }
        />
        <Route
          path="privacy"
          element={
            <AdminOnly>
              <PrivacySettingsPage />
            </AdminOnly>
          }
        />
        <Route
          path="security"
          element={
            <AdminOnly>
              <SecurityPage />
            </AdminOnly>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
