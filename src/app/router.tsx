import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { SET_PASSWORD_PATH } from '@/lib/auth/links';
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

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/room/:id', element: withLoader(RoomPage) },
      { path: '/auth', element: withLoader(AuthPage) },
      { path: SET_PASSWORD_PATH, element: withLoader(SetPasswordPage) },
      { path: '/booking-success', element: withLoader(BookingSuccessPage) },
      { path: '/booking-cancelled', element: withLoader(BookingCancelledPage) },
      { path: '/booking/:reference', element: withLoader(GuestBookingPage) },
      // the link of the review_request e-mail (supabase/functions/emails/templates.ts)
      { path: '/review/:token', element: withLoader(ReviewPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/admin/*', element: withLoader(AdminRoutes) },
]);
