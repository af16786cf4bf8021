import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { SET_PASSWORD_PATH } from '@/lib/auth/links';
import { DEFAULT_LOCALE, I18nProvider, LOCALES, type Locale } from '@/lib/i18n';
import { PublicLayout } from './PublicLayout';
import { NotFoundPage } from './routes/NotFoundPage';
import HomePage from './routes/HomePage';

// Every route but the home page is its own chunk, so `/` never downloads the admin tree.
const RoomPage = lazy(() => import('./routes/RoomPage'));
const AuthPage = lazy(() => import('./routes/AuthPage'));
const SetPasswordPage = lazy(() => import('./routes/SetPasswordPage'));
const BookingSuccessPage = lazy(() => import('./routes/BookingSuccessPage'));
const BookingCancelledPage = lazy(() => import('./routes/BookingCancelledPage'));
const GuestBookingPage = lazy(() => import('./routes/GuestBookingPage'));
const ReviewPage = lazy(() => import('./routes/ReviewPage'));
const AdminRoutes = lazy(() => import('./AdminRoutes'));

function withLoader(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/** The public pages, served in each language: English at `/`, the others under `/<locale>/`. */
function publicRoutes(locale: Locale): RouteObject {
  return {
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'room/:id', element: withLoader(RoomPage) },
      { path: 'auth', element: withLoader(AuthPage) },
      { path: SET_PASSWORD_PATH.slice(1), element: withLoader(SetPasswordPage) },
      { path: 'booking-success', element: withLoader(BookingSuccessPage) },
      { path: 'booking-cancelled', element: withLoader(BookingCancelledPage) },
      { path: 'booking/:reference', element: withLoader(GuestBookingPage) },
      // the link of the review_request e-mail (supabase/functions/emails/templates.ts)
      { path: 'review/:token', element: withLoader(ReviewPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: (
      <I18nProvider>
        <Outlet />
      </I18nProvider>
    ),
    children: [...LOCALES.map(publicRoutes), { path: '/admin/*', element: withLoader(AdminRoutes) }],
  },
];

export const router = createBrowserRouter(routes);
