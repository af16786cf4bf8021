import type { ComponentType } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { SET_PASSWORD_PATH } from '@/lib/auth/links';
import { Island } from '@/lib/hydration';
import {
  DEFAULT_LOCALE,
  I18nProvider,
  LOCALES,
  localeOfPath,
  withAdminMessages,
  withBookingMessages,
  type Locale,
} from '@/lib/i18n';
import { lazyWithPreload } from '@/lib/ssr';
import { PublicLayout } from './PublicLayout';
import HomePage from './routes/HomePage';

// Every route but the home page is its own chunk, so `/` never downloads the admin tree. A
// prerendered page loads its chunk before hydrating (`lazyWithPreload`). The booking flows' pages
// bring their part of the catalog (`withBookingMessages`).
const RoomPage = lazyWithPreload('RoomPage', () => import('./routes/RoomPage'));
const AuthPage = lazyWithPreload(
  'AuthPage',
  withBookingMessages(() => import('./routes/AuthPage')),
);
const SetPasswordPage = lazyWithPreload(
  'SetPasswordPage',
  withBookingMessages(() => import('./routes/SetPasswordPage')),
);
const BookingSuccessPage = lazyWithPreload(
  'src/app/routes/BookingSuccessPage.tsx',
  withBookingMessages(() => import('./routes/BookingSuccessPage')),
);
const BookingCancelledPage = lazyWithPreload(
  'src/app/routes/BookingCancelledPage.tsx',
  withBookingMessages(() => import('./routes/BookingCancelledPage')),
);
const GuestBookingPage = lazyWithPreload(
  'src/app/routes/GuestBookingPage.tsx',
  withBookingMessages(() => import('./routes/GuestBookingPage')),
);
const ReviewPage = lazyWithPreload(
  'ReviewPage',
  withBookingMessages(() => import('./routes/ReviewPage')),
);
const PrivacyPage = lazyWithPreload(
  'src/app/routes/PrivacyPage.tsx',
  withBookingMessages(() => import('./routes/PrivacyPage')),
);
const NotFoundPage = lazyWithPreload('NotFoundPage', () =>
  import('./routes/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);
const AdminRoutes = lazyWithPreload(
  'AdminRoutes',
  withAdminMessages(() => import('./AdminRoutes')),
);

/** A lazy page, as an island: its parts hydrate as they would on the home page (src/lib/hydration.tsx). */
function withLoader(Page: ComponentType) {
  return (
    <Island fallback={<PageLoader />}>
      <Page />
    </Island>
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
      { path: 'privacy', element: withLoader(PrivacyPage) },
      { path: '*', element: withLoader(NotFoundPage) },
    ],
  };
}

const inI18n = (children: RouteObject[]): RouteObject[] => [
  {
    element: (
      <I18nProvider>
        <Outlet />
      </I18nProvider>
    ),
    children,
  },
];

const ADMIN_ROUTE: RouteObject = { path: '/admin/*', element: withLoader(AdminRoutes) };

/**
 * The route tables, shared by the browser's router and the prerender's static router: one per
 * language (its public pages) and one for the portal. The root matches a path against the table
 * its first segment names (`/it/…`, `/fr/…`, `/admin/…`, else English), ten routes instead of
 * thirty-one: the ranking of every branch of the whole table ran on each of the root's renders,
 * before the first paint's hydration. Every path reaches the route the whole table gave it.
 */
export const routeTables: Record<Locale | 'admin', RouteObject[]> = {
  ...(Object.fromEntries(LOCALES.map((locale) => [locale, inI18n([publicRoutes(locale)])])) as Record<
    Locale,
    RouteObject[]
  >),
  admin: inI18n([ADMIN_ROUTE]),
};

/** The table a path is matched against (see routeTables). */
export function routeTableOf(pathname: string): RouteObject[] {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return routeTables.admin;
  return routeTables[localeOfPath(pathname)];
}

/**
 * The pages of the route table, inside the browser's `BrowserRouter` (src/app/App.tsx) and the
 * prerender's `StaticRouter` (src/entry-server.tsx). A plain router, not a data router: the pages
 * fetch through React Query, and the data router's code (~18 KB gzip) would join every page's first
 * load. Route objects take `path`, `index`, `element` and `children` (no `loader`, `action`, `lazy`).
 */
export function AppRoutes() {
  return useRoutes(routeTableOf(useLocation().pathname));
}
