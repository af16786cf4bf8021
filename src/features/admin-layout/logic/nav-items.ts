import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ChartColumn,
  BedDouble,
  CalendarCheck,
  CalendarRange,
  ClipboardCheck,
  ChartGantt,
  BrushCleaning,
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
  /** the screen's name (a Lingui message: the sidebar and the top bar show it in the portal's language) */
  title: MessageDescriptor;
  to: string;
  icon: LucideIcon;
  adminOnly: boolean;
  /** also open to the housekeeping role (which sees nothing else) */
  housekeeping?: boolean;
}

/**
 * Sidebar entries in the spec's order; Security Monitoring is listed for admins after Integrations.
 * A new admin screen adds one entry here: the sidebar, the top bar's title and the document title
 * all read this list.
 */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { title: msg`Dashboard`, to: '/admin', icon: LayoutDashboard, adminOnly: false },
  { title: msg`Visual Design`, to: '/admin/visual-design', icon: Palette, adminOnly: false },
  { title: msg`Rooms`, to: '/admin/rooms', icon: BedDouble, adminOnly: false },
  { title: msg`Amenities & Services`, to: '/admin/services', icon: Sparkles, adminOnly: false },
  { title: msg`Bookings`, to: '/admin/bookings', icon: CalendarCheck, adminOnly: false },
  { title: msg`Arrivals`, to: '/admin/arrivals', icon: ClipboardCheck, adminOnly: false },
  { title: msg`Calendar`, to: '/admin/calendar', icon: CalendarRange, adminOnly: false },
  { title: msg`Board`, to: '/admin/board', icon: ChartGantt, adminOnly: false },
  {
    title: msg`Housekeeping`,
    to: '/admin/housekeeping',
    icon: BrushCleaning,
    adminOnly: false,
    housekeeping: true,
  },
  { title: msg`Rates`, to: '/admin/rates', icon: Euro, adminOnly: false },
  { title: msg`City tax & ISTAT`, to: '/admin/city-tax', icon: Landmark, adminOnly: false },
  { title: msg`Content`, to: '/admin/content', icon: FileText, adminOnly: false },
  { title: msg`Reviews`, to: '/admin/reviews', icon: MessageSquareQuote, adminOnly: false },
  { title: msg`Reports`, to: '/admin/reports', icon: ChartColumn, adminOnly: false },
  { title: msg`Users`, to: '/admin/users', icon: Users, adminOnly: true },
  { title: msg`Integrations`, to: '/admin/integrations', icon: Plug, adminOnly: true },
  { title: msg`Privacy`, to: '/admin/privacy', icon: LockKeyhole, adminOnly: true },
  { title: msg`Security`, to: '/admin/security', icon: ShieldCheck, adminOnly: true },
];

/** The entries a user sees: staff all but the admin-only ones; the housekeeping role its own only. */
export function visibleNavItems(isAdmin: boolean, isStaff = true): AdminNavItem[] {
  if (!isStaff) return ADMIN_NAV_ITEMS.filter((item) => item.housekeeping);
  return ADMIN_NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}

/** Where the housekeeping role may go in the portal (everything else sends it to its list). */
export function housekeepingMayOpen(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_NAV_ITEMS.some((item) => item.housekeeping && (path === item.to || path.startsWith(`${item.to}/`)));
}

/** The entry of the screen at `pathname` (the longest matching path), for the top bar's title. */
export function navItemFor(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV_ITEMS.filter((item) => path === item.to || path.startsWith(`${item.to}/`)).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
}
