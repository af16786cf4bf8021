import { Trans, useLingui } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';
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
import { DeskAlerts } from './DeskAlerts';
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

function statCards(stats: DashboardStats, unreported: UnreportedCheckIn[], money?: MoneyReceived): StatCard[] {
  const occupancy = occupancyPercent(stats);
  const occupied = stats.occupied_rooms;
  const total = stats.total_rooms;
  const unavailable = stats.unavailable_rooms;
  const refunded = money ? formatEuro(money.refunded_cents / 100) : '';
  return [
    {
      title: t`Total Rooms`,
      value: String(stats.total_rooms),
      detail: t`${occupied} occupied (${occupancy}%)`,
      icon: BedDouble,
      report: { anchor: 'occupancy', label: t`Occupancy by month` },
    },
    {
      title: t`Active Bookings`,
      value: String(stats.active_bookings),
      detail: urgentRequestsText(stats),
      icon: CalendarCheck,
      report: { anchor: 'pace', label: t`Nights on the books` },
    },
    {
      title: t`Revenue`,
      value: formatEuro(stats.revenue),
      detail: t`All time`,
      icon: Euro,
      report: { anchor: 'revenue', label: t`Revenue by month` },
    },
    {
      title: t`Money received`,
      value: moneyText(money),
      detail: money ? t`Deposits and balances, less ${refunded} refunded` : t`Deposits and balances minus refunds`,
      icon: Wallet,
      report: { anchor: 'revenue', label: t`Revenue by month` },
    },
    {
      title: t`Money owed`,
      value: money ? formatEuro(money.owed_cents / 100) : '—',
      detail: money
        ? plural(money.owed_stays, {
            one: '# stay checked out with the balance left owing',
            other: '# stays checked out with the balance left owing',
          })
        : t`Balances left owing at check-out`,
      icon: Receipt,
      report: { anchor: 'revenue', label: t`Revenue by month` },
    },
    {
      title: t`Registered Guests`,
      value: String(stats.registered_guests),
      detail: t`User accounts`,
      icon: Users,
      report: { anchor: 'countries', label: t`Guests by country` },
    },
    {
      title: t`Occupancy Rate`,
      value: `${occupancy}%`,
      detail: t`${occupied} of ${total} rooms`,
      icon: Percent,
      report: { anchor: 'occupancy', label: t`Occupancy by month` },
    },
    {
      title: t`Pending Actions`,
      value: String(pendingActions(stats, unreported)),
      detail: [urgentRequestsText(stats), t`${unavailable} out of service`, unreportedText(unreported)]
        .filter(Boolean)
        .join(' · '),
      icon: ClipboardList,
      report: { anchor: 'outcomes', label: t`Outcomes of requests` },
    },
  ];
}

export function Dashboard() {
  const { t } = useLingui();
  const stats = useQuery(dashboardQueries.stats());
  const unreported = useQuery(dashboardQueries.unreported());
  const money = useQuery(dashboardQueries.moneyReceived());
  const police = unreported.data ?? [];
  const policeText = unreportedText(police);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Dashboard</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Overview of rooms, bookings and guests</Trans>
        </p>
      </div>

      <DeskAlerts />

      <section aria-label={t`Key figures`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
                    <span className="sr-only">
                      {' '}
                      <Trans>report</Trans>
                    </span>
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
            <CardTitle className="text-lg">
              <Trans>Quick Actions</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Common tasks</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/admin/rooms">
                <BedDouble className="h-4 w-4" aria-hidden="true" />
                <Trans>Manage Rooms</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/bookings">
                <CalendarCheck className="h-4 w-4" aria-hidden="true" />
                <Trans>View Bookings</Trans>
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">
              <Trans>Recent Activity</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>What needs attention</Trans>
            </CardDescription>
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
