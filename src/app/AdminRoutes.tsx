import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminGate, AdminOnly } from '@/features/admin-layout/AdminGate';
import { AdminLayout } from '@/features/admin-layout/AdminLayout';
import NotAvailablePage from '@/features/admin-layout/NotAvailablePage';
import { NotFoundPage } from './NotFoundPage';

// Each screen is its own chunk inside the lazily loaded admin tree.
const DashboardPage = lazy(() => import('@/features/admin-dashboard/DashboardPage'));
const RoomsPage = lazy(() => import('@/features/admin-rooms/RoomsPage'));
const CatalogPage = lazy(() => import('@/features/admin-catalog/CatalogPage'));
const BookingsPage = lazy(() => import('@/features/admin-bookings/BookingsPage'));
const ContentPage = lazy(() => import('@/features/admin-content/ContentPage'));
const UsersPage = lazy(() => import('@/features/admin-users/UsersPage'));
const VisualDesignPage = lazy(() => import('./routes/admin/VisualDesignPage'));

/** The /admin tree (mounted by the router at '/admin/*'). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route
        element={
          <AdminGate>
            <AdminLayout />
          </AdminGate>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="rooms" element={<RoomsPage />} />
        <Route path="services" element={<CatalogPage />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="content" element={<ContentPage />} />
        <Route path="visual-design" element={<VisualDesignPage />} />
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
              <NotAvailablePage title="Integrations" />
            </AdminOnly>
          }
        />
        <Route
          path="security"
          element={
            <AdminOnly>
              <NotAvailablePage title="Security Monitoring" />
            </AdminOnly>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
