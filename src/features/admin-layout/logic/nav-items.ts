import {
  ChartColumn,
  BedDouble,
  CalendarCheck,
  CalendarRange,
  ClipboardCheck,
  Euro,
  FileText,
  Landmark,
  LayoutDashboard,
  LockKeyhole,
  MessageSquareQuote,
  Palette,
  Plug,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface AdminNavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  adminOnly: boolean;
}

/**
 * Sidebar entries in the spec's order; Security Monitoring is listed for admins after Integrations.
 * A new admin screen adds one entry here: the sidebar, the top bar's title and the document title
 * all read this list.
 */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { title: 'Dashboard', to: '/admin', icon: LayoutDashboard, adminOnly: false },
  { title: 'Visual Design', to: '/admin/visual-design', icon: Palette, adminOnly: false },
  { title: 'Rooms', to: '/admin/rooms', icon: BedDouble, adminOnly: false },
  { title: 'Amenities & Services', to: '/admin/services', icon: Sparkles, adminOnly: false },
  { title: 'Bookings', to: '/admin/bookings', icon: CalendarCheck, adminOnly: false },
  { title: 'Arrivals', to: '/admin/arrivals', icon: ClipboardCheck, adminOnly: false },
  { title: 'Calendar', to: '/admin/calendar', icon: CalendarRange, adminOnly: false },
  { title: 'Rates', to: '/admin/rates', icon: Euro, adminOnly: false },
  { title: 'City tax & ISTAT', to: '/admin/city-tax', icon: Landmark, adminOnly: false },
  { title: 'Content', to: '/admin/content', icon: FileText, adminOnly: false },
  { title: 'Reviews', to: '/admin/reviews', icon: MessageSquareQuote, adminOnly: false },
  { title: 'Reports', to: '/admin/reports', icon: ChartColumn, adminOnly: false },
  { title: 'Users', to: '/admin/users', icon: Users, adminOnly: true },
  { title: 'Integrations', to: '/admin/integrations', icon: Plug, adminOnly: true },
  { title: 'Privacy', to: '/admin/privacy', icon: LockKeyhole, adminOnly: true },
  { title: 'Security', to: '/admin/security', icon: ShieldCheck, adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean): AdminNavItem[] {
  return ADMIN_NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}

/** The entry of the screen at `pathname` (the longest matching path), for the top bar's title. */
export function navItemFor(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV_ITEMS.filter((item) => path === item.to || path.startsWith(`${item.to}/`)).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
}
