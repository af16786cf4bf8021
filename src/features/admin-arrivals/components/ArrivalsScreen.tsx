import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/AuthProvider';
import { arrivalsQueries } from '../api/arrivals';
import { paperworkQueries } from '../api/paperwork';
import { dayName, romeDay } from '../logic/days';
import { ArrivalCard } from './ArrivalCard';
import { CheckinSettingsCard } from './CheckinSettingsCard';
import { PoliceAccountCard } from './PoliceAccountCard';
import { PoliceFilePanel } from './PoliceFilePanel';

/** /admin/arrivals: a day's arrivals (today by default), the desk's check-in, and the day's police file. */
export function ArrivalsScreen() {
  const { t, i18n } = useLingui();
  const today = romeDay(0);
  const tomorrow = romeDay(1);
  const [day, setDay] = useState(today);
  const arrivals = useQuery(arrivalsQueries.day(day));
  // what Alloggiati Web answered for the checked-in stays, in one request for the whole day
  const checkedIn = (arrivals.data?.bookings ?? []).filter((b) => b.status !== 'confirmed').map((b) => b.booking_id);
  const submissions = useQuery({ ...paperworkQueries.stays(checkedIn), placeholderData: keepPreviousData });
  const { isAdmin } = useAuth();
  const shownDay = dayName(day, i18n.locale);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Arrivals</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Check guests in, verify their identity in person, and report them to the police</Trans>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t`Day`}>
        <Button variant={day === today ? 'default' : 'outline'} onClick={() => setDay(today)}>
          <Trans>Today</Trans>
        </Button>
        <Button variant={day === tomorrow ? 'default' : 'outline'} onClick={() => setDay(tomorrow)}>
          <Trans>Tomorrow</Trans>
        </Button>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">
            <Trans>Other day</Trans>
          </span>
          <Input type="date" value={day} onChange={(event) => event.target.value && setDay(event.target.value)} />
        </label>
      </div>

      <section aria-label={t`Arrivals of ${shownDay}`} className="space-y-4">
        {arrivals.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : arrivals.isError ? (
          <p className="text-destructive">
            <Trans>Failed to load arrivals.</Trans>
          </p>
        ) : arrivals.data.bookings.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No arrivals on {shownDay}.</Trans>
          </p>
        ) : (
          arrivals.data.bookings.map((booking) => (
            <ArrivalCard
              key={booking.booking_id}
              booking={booking}
              day={arrivals.data}
              submissions={submissions.data}
            />
          ))
        )}
      </section>

      <PoliceFilePanel day={day} />
      {isAdmin && <PoliceAccountCard />}
      <CheckinSettingsCard isAdmin={isAdmin} />
    </div>
  );
}
