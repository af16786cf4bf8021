import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ChevronRight, KeyRound, Landmark, LogOut } from 'lucide-react';
import { PageLoader } from '@/components/ui/page-loader';
import { Button } from '@/components/ui/button';
import { Sidebar, SidebarLabel, SidebarProvider, SidebarTrigger, useSidebar } from '@/components/ui/sidebar';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth/AuthProvider';
import { navItemFor, visibleNavItems } from './logic/nav-items';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { LanguageSwitch } from './LanguageSwitch';

export function AdminLayout() {
  return (
    <SidebarProvider>
      <AdminSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader />
        <main className="flex-1 p-4 md:p-8">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </SidebarProvider>
  );
}

/**
 * The top bar: the spec's "Admin Dashboard" as the first crumb (from 768 px), then the current
 * screen; the portal's language, two-factor sign-in and Sign Out.
 */
function AdminHeader() {
  const { t, i18n } = useLingui();
  const signOut = useSignOut();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const item = navItemFor(pathname);
  const screen = item ? i18n._(item.title) : undefined;
  const portalTitle = t`Admin Dashboard`;

  useEffect(() => {
    document.title = screen ? `${screen} · ${portalTitle}` : portalTitle;
  }, [screen, portalTitle]);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <SidebarTrigger />
      <nav aria-label={t`Breadcrumb`} className="min-w-0 flex-1">
        <ol className="flex min-w-0 items-center gap-1.5 whitespace-nowrap font-serif text-lg font-semibold">
          <li className={cn('min-w-0 truncate', screen ? 'hidden text-muted-foreground md:block' : undefined)}>
            {screen ? (
              <Link to="/admin" className="hover:text-foreground">
                {portalTitle}
              </Link>
            ) : (
              portalTitle
            )}
          </li>
          {screen && (
            <>
              <li aria-hidden="true" className="hidden text-muted-foreground md:block">
                <ChevronRight className="h-4 w-4" />
              </li>
              <li className="min-w-0 truncate" aria-current="page">
                {screen}
              </li>
            </>
          )}
        </ol>
      </nav>
      <div className="flex shrink-0 items-center gap-2 sm:gap-3">
        {user?.email && <span className="hidden text-sm text-muted-foreground lg:inline">{user.email}</span>}
        <LanguageSwitch />
        <Button variant="ghost" size="sm" asChild>
          <Link to="/admin/two-factor" aria-label={t`Two-factor sign-in`}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">
              <Trans>Two-factor</Trans>
            </span>
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={signOut}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          <Trans>Sign Out</Trans>
        </Button>
      </div>
    </header>
  );
}

function AdminSidebar() {
  const { t, i18n } = useLingui();
  const { isAdmin, isStaff } = useAuth();
  const { isMobile, setOpenMobile, state } = useSidebar();
  const collapsed = !isMobile && state === 'collapsed';

  return (
    <Sidebar label={t`Admin navigation`}>
      <Link
        to="/"
        className="flex h-14 items-center gap-2 border-b px-3 font-serif font-semibold"
        onClick={() => setOpenMobile(false)}
      >
        <Landmark className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
        {/* the whole name, on two lines if it must (never cut to "Colosseum Guest H…") */}
        <span className="text-[0.95rem] leading-tight group-data-[state=collapsed]:sr-only">Colosseum Guest House</span>
      </Link>
      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
        {visibleNavItems(isAdmin, isStaff).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/admin'}
              title={collapsed ? i18n._(item.title) : undefined}
              onClick={() => setOpenMobile(false)}
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-3 rounded-md px-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
                  isActive && 'bg-secondary font-medium text-primary',
                )
              }
            >
              <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <SidebarLabel>{i18n._(item.title)}</SidebarLabel>
            </NavLink>
          </li>
        ))}
      </ul>
    </Sidebar>
  );
}
