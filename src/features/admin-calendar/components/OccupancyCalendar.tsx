import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { newBookingHref } from '@/lib/new-booking-link';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { calendarQueries, useRemoveManualBlock } from '../api/calendar';
import { ManualBlockDialog } from './ManualBlockDialog';
import { OccupancyGrid } from './OccupancyGrid';
import {
  calendarLegend,
  itemLabel,
  VISIBLE_DAYS,
  visibleDays,
  weekStart,
  type OccupancyItem,
} from '../logic/occupancy';
import { cn } from '@/lib/utils';
import { addDaysISO, isISODate, todayISO } from '@/lib/dates';

export function OccupancyCalendar() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = todayISO();
  const requested = searchParams.get('from');
  const start = weekStart(requested && isISODate(requested) ? requested : today);
  const days = visibleDays(start);
  const end = addDaysISO(start, VISIBLE_DAYS);
  const rooms = useQuery(calendarQueries.rooms());
  const occupancy = useQuery(calendarQueries.occupancy(start, end));
  const remove = useRemoveManualBlock();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [shown, setShown] = useState<OccupancyItem | null>(null);

  const { t } = useLingui();
  const navigate = useNavigate();
  const goTo = (from: string) => setSearchParams({ from }, { replace: true });

  function onRemoveManual(item: OccupancyItem) {
    if (!window.confirm(t`Remove this manual block?`)) return;
    remove.mutate(item.id, {
      onSuccess: () => toastSuccess(t`Manual block removed`),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Calendar</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Occupancy of every room across all channels</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialogOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add manual block</Trans>
          </Button>
          <Button onClick={() => navigate(newBookingHref({ from: start >= today ? start : today }))}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>New booking</Trans>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label={t`Previous week`} onClick={() => goTo(addDaysISO(start, -7))}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={() => goTo(today)}>
          <Trans>Today</Trans>
        </Button>
        <Button variant="outline" size="icon" aria-label={t`Next week`} onClick={() => goTo(addDaysISO(start, 7))}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {days[0]} – {days.at(-1)}
        </p>
      </div>
      {rooms.isPending || occupancy.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : rooms.data?.length ? (
        <OccupancyGrid
          rooms={rooms.data}
          days={days}
          items={occupancy.data ?? []}
          today={today}
          selectedId={shown?.id ?? null}
          onRemoveManual={onRemoveManual}
          onShow={(item) => setShown((current) => (current?.id === item.id ? null : item))}
          onBookCell={(room, day) => navigate(newBookingHref({ room, from: day, to: addDaysISO(day, 1) }))}
        />
      ) : (
        <p className="text-muted-foreground">
          <Trans>No rooms found</Trans>
        </p>
      )}
      <p className="min-h-5 text-sm" role="status" aria-live="polite">
        {shown
          ? itemLabel(shown).title
          : t`Tap or hover a bar for its source; tap a manual block to remove it. Tap a free night to book it.`}
      </p>
      <section aria-labelledby="calendar-legend" className="space-y-2 text-xs">
        <h2 id="calendar-legend" className="font-sans text-sm font-semibold">
          <Trans>Legend</Trans>
        </h2>
        {calendarLegend().map((group) => (
          <div key={group.group} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <span className="w-28 shrink-0 text-muted-foreground">{group.group}</span>
            <ul className="flex flex-wrap gap-1.5" aria-label={group.group}>
              {group.entries.map((entry) => (
                <li key={entry.label} className={cn('rounded px-1.5 py-0.5', entry.tone)}>
                  {entry.label}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <ManualBlockDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        rooms={rooms.data ?? []}
        defaults={{ check_in_date: today }}
      />
    </div>
  );
}
