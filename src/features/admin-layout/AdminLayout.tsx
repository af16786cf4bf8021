import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Landmark, LogOut } from 'lucide-react';
import { PageLoader } from '@/components/ui/page-loader';
import { Button } from '@/components/ui/button';
import { Sidebar, SidebarLabel, SidebarProvider, SidebarTrigger, useSidebar } from '@/components/ui/sidebar';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth/AuthProvider';
import { visibleNavItems } from './nav-items';
import { useSignOut } from './use-sign-out';

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

function AdminHeader() {
  const signOut = useSignOut();
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur">
      <SidebarTrigger />
      <span className="font-serif text-lg font-semibold">Admin Dashboard</span>
      <div className="ml-auto flex items-center gap-3">
        {user?.email && <span className="hidden text-sm text-muted-foreground sm:inline">{user.email}</span>}
        <Button variant="outline" size="sm" onClick={signOut}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </header>
  );
}

function AdminSidebar() {
  const { isAdmin } = useAuth();
  const { isMobile, setOpenMobile, state } = useSidebar();
  const collapsed = !isMobile && state === 'collapsed';

  return (
    <Sidebar label="Admin navigation">
      <Link
        to="/"
        className="flex h-14 items-center gap-2 border-b px-3 font-serif font-semibold"
        onClick={() => setOpenMobile(false)}
      >
        <Landmark className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
        <SidebarLabel>Colosseum Guest House</SidebarLabel>
      </Link>
      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
        {visibleNavItems(isAdmin).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/admin'}
              title={collapsed ? item.title : undefined}
              onClick={() => setOpenMobile(false)}
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-3 rounded-md px-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
                  isActive && 'bg-secondary font-medium text-primary',
                )
              }
            >
              <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <SidebarLabel>{item.title}</SidebarLabel>
            </NavLink>
          </li>
        ))}
      </ul>
    </Sidebar>
  );
}
