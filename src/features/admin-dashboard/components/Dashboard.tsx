import { useQuery } from '@tanstack/react-query';
import {
  AlertCircle,
  BedDouble,
  CalendarCheck,
  ClipboardList,
  Euro,
  Info,
  Percent,
  Users,
  Receipt,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatEuro } from '@/lib/utils';
import { dashboardQueries } from '../api/dashboard';
import {
  occupancyPercent,
  pendingActions,
  recentActivity,
  unreportedText,
  urgentRequestsText,
  type DashboardStats,
  type MoneyReceived,
  type UnreportedCheckIn,
} from '../logic/stats';

interface StatCard {
  title: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  /** the Reports screen's section that shows this figure over time */
  report: { anchor: string; label: string };
}

/** Cents as euros, or a dash while the figure loads or could not be read. */
function moneyText(money: MoneyReceived | undefined): string {
  return money ? formatEuro(money.received_cents / 100) : '—';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function statCards(stats: DashboardStats, unreported: UnreportedCheckIn[], money?: MoneyReceived): StatCard[] {
  const occupancy = occupancyPercent(stats);
  return [
    {
      title: 'Total Rooms',
      value: String(stats.total_rooms),
      detail: `${stats.occupied_rooms} occupied (${occupancy}%)`,
      icon: BedDouble,
      report: { anchor: 'occupancy', label: 'Occupancy by month' },
    },
    {
      title: 'Active Bookings',
      value: String(stats.active_bookings),
      detail: urgentRequestsText(stats),
      icon: CalendarCheck,
      report: { anchor: 'pace', label: 'Nights on the books' },
    },
    {
      title: 'Revenue',
      value: formatEuro(stats.revenue),
      detail: 'All time',
      icon: Euro,
      report: { anchor: 'revenue', label: 'Revenue by month' },
    },
    {
      title: 'Money received',
      value: moneyText(money),
      detail: money
        ? `Deposits and balances, less ${formatEuro(money.refunded_cents / 100)} refunded`
        : 'Deposits and balances minus refunds',
      icon: Wallet,
      report: { anchor: 'revenue', label: 'Revenue by month' },
    },
    {
      title: 'Money owed',
      value: money ? formatEuro(money.owed_cents / 100) : '—',
      detail: money
        ? `${plural(money.owed_stays, 'stay', 'stays')} checked out with the balance left owing`
        : 'Balances left owing at check-out',
      icon: Receipt,
      report: { anchor: 'revenue', label: 'Revenue by month' },
    },
    {
      title: 'Registered Guests',
      value: String(stats.registered_guests),
      detail: 'User accounts',
      icon: Users,
      report: { anchor: 'countries', label: 'Guests by country' },
    },
    {
      title: 'Occupancy Rate',
      value: `${occupancy}%`,
      detail: `${stats.occupied_rooms} of ${stats.total_rooms} rooms`,
      icon: Percent,
      report: { anchor: 'occupancy', label: 'Occupancy by month' },
    },
    {
      title: 'Pending Actions',
      value: String(pendingActions(stats, unreported)),
      detail: [urgentRequestsText(stats), `${stats.unavailable_rooms} out of service`, unreportedText(unreported)]
        .filter(Boolean)
        .join(' · '),
      icon: ClipboardList,
      report: { anchor: 'outcomes', label: 'Outcomes of requests' },
    },
  ];
}

export function Dashboard() {
  const stats = useQuery(dashboardQueries.stats());
  const unreported = useQuery(dashboardQueries.unreported());
  const money = useQuery(dashboardQueries.moneyReceived());
  const police = unreported.data ?? [];
  const policeText = unreportedText(police);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">Dashboard</h1>
        <p className="text-muted-foreground">Overview of rooms, bookings and guests</p>
      </div>

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.data
          ? statCards(stats.data, police, money.data).map((card) => (
              <Card key={card.title} role="group" aria-label={card.title}>
                <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
                  <CardTitle className="font-sans text-sm font-medium">{card.title}</CardTitle>
                  <card.icon className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                </CardHeader>
                <CardContent>
                  <p className="text-2xl font-bold">{card.value}</p>
                  <p className="text-xs text-muted-foreground">{card.detail}</p>
                  <Link
                    to={`/admin/reports#${card.report.anchor}`}
                    className="mt-2 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {card.report.label}
                    <span className="sr-only"> report</span>
                  </Link>
                </CardContent>
              </Card>
            ))
          : Array.from({ length: 7 }, (_, i) => (
              <Card key={i} aria-hidden="true">
                <CardContent className="space-y-3 pt-6">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-8 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </CardContent>
              </Card>
            ))}
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Quick Actions</CardTitle>
            <CardDescription>Common tasks</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/admin/rooms">
                <BedDouble className="h-4 w-4" aria-hidden="true" />
                Manage Rooms
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/bookings">
                <CalendarCheck className="h-4 w-4" aria-hidden="true" />
                View Bookings
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Recent Activity</CardTitle>
            <CardDescription>What needs attention</CardDescription>
          </CardHeader>
          <CardContent>
            {stats.data ? (
              <ul className="space-y-3">
                {policeText && (
                  <li className="flex items-start gap-2 text-sm">
                    <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-terracotta" aria-hidden="true" />
                    <Link to="/admin/arrivals" className="underline-offset-4 hover:underline">
                      {policeText}
                    </Link>
                  </li>
                )}
                {recentActivity(stats.data).map((line) => (
                  <li key={line.text} className="flex items-start gap-2 text-sm">
                    {line.tone === 'attention' ? (
                      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-terracotta" aria-hidden="true" />
                    ) : (
                      <Info className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    )}
                    {line.text}
                  </li>
                ))}
              </ul>
            ) : (
              <div className="space-y-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
