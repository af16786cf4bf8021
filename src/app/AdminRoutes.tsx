import { useEffect, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
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
import { screen } from './screen';

// the database's refusals in the portal's language, on every screen
wordRefusalsWith(portalRefusalWording);

/** The screens under /admin by path ('' is the dashboard); each is its own chunk inside the lazily loaded admin tree. */
const SCREENS: { path: string; Screen: ReturnType<typeof screen>; adminOnly?: true }[] = [
  { path: '', Screen: screen(() => import('./routes/admin/DashboardPage')) },
  { path: 'rooms', Screen: screen(() => import('./routes/admin/RoomsPage')) },
  { path: 'services', Screen: screen(() => import('./routes/admin/CatalogPage')) },
  // the desk's dialogs word a guest's refusals (min_stay, unavailable…) from the booking flows' catalog
  { path: 'bookings', Screen: screen(withBookingMessages(() => import('./routes/admin/BookingsPage'))) },
  // the shared check-in form's texts live in the booking flows' catalog
  { path: 'arrivals', Screen: screen(withBookingMessages(() => import('./routes/admin/ArrivalsPage'))) },
  { path: 'calendar', Screen: screen(withBookingMessages(() => import('./routes/admin/CalendarPage'))) },
  { path: 'board', Screen: screen(withBookingMessages(() => import('./routes/admin/BoardPage'))) },
  { path: 'housekeeping', Screen: screen(() => import('./routes/admin/HousekeepingPage')) },
  { path: 'rates', Screen: screen(() => import('./routes/admin/RatesPage')) },
  { path: 'city-tax', Screen: screen(() => import('./routes/admin/CityTaxPage')) },
  { path: 'content', Screen: screen(() => import('./routes/admin/ContentPage')) },
  { path: 'reviews', Screen: screen(() => import('./routes/admin/ReviewsPage')) },
  { path: 'reports', Screen: screen(() => import('./routes/admin/ReportsPage')) },
  { path: 'visual-design', Screen: screen(() => import('./routes/admin/VisualDesignPage')) },
  { path: 'two-factor', Screen: screen(() => import('./routes/admin/TwoFactorPage')) },
  { path: 'users', Screen: screen(() => import('./routes/admin/UsersPage')), adminOnly: true },
  { path: 'integrations', Screen: screen(() => import('./routes/admin/IntegrationsPage')), adminOnly: true },
  { path: 'privacy', Screen: screen(() => import('./routes/admin/PrivacySettingsPage')), adminOnly: true },
  { path: 'security', Screen: screen(() => import('./routes/admin/SecurityPage')), adminOnly: true },
];

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
  // the screen the address names loads beside the sign-in checks (session, roles, language, two
  // factors) instead of after them
  const screenPath = (useParams()['*'] ?? '').split('/')[0];
  useEffect(() => {
    // a chunk that fails to load here is loaded again, and reported, by its route's render
    SCREENS.find((entry) => entry.path === screenPath)
      ?.Screen.preload()
      .catch(() => undefined);
  }, [screenPath]);
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
        {SCREENS.map(({ path, Screen, adminOnly }) => {
          const element = adminOnly ? (
            <AdminOnly>
              <Screen />
            </AdminOnly>
          ) : (
            <Screen />
          );
          return path ? <Route key={path} path={path} element={element} /> : <Route key="" index element={element} />;
        })}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
