import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Wrench } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { addDaysISO, todayISO } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { boardQueries } from '../api/board';
import {
  BOARD_DAYS,
  boardDays,
  moveFocus,
  newBookingHref,
  rowSegments,
  segmentAt,
  stayHref,
  weekStart,
  type BoardStay,
  type Move,
  type Segment,
} from '../logic/board';
import { SOURCE_CLASSES, STATUS_CLASSES, useBoardLabels } from './board-labels';

const KEYS: Record<string, Move> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
};
const COLUMNS = { gridTemplateColumns: `7rem repeat(${BOARD_DAYS}, minmax(2.75rem, 1fr))` };

/** /admin/board: rooms × days, two weeks at a time; a bar per stay, a free cell to book. `notice`: what the desk should know first (the rooms not ready). */
export function RoomBoard({ notice }: { notice?: ReactNode }) {
  const { t, i18n } = useLingui();
  const labels = useBoardLabels();
  const navigate = useNavigate();
  const today = todayISO();
  const [from, setFrom] = useState(() => weekStart(today));
  const to = addDaysISO(from, BOARD_DAYS);
  const days = useMemo(() => boardDays(from), [from]);
  const rooms = useQuery(boardQueries.rooms(t`Failed to load rooms`));
  const stays = useQuery(boardQueries.stays(from, to, t`Failed to load the room board`));
  const [focus, setFocus] = useState({ row: 0, day: Math.max(0, days.indexOf(today)) });
  const cells = useRef(new Map<string, HTMLButtonElement>());

  const rows = useMemo(() => {
    const byRoom = new Map<string, BoardStay[]>();
    for (const stay of stays.data ?? []) byRoom.set(stay.room_id, [...(byRoom.get(stay.room_id) ?? []), stay]);
    return (rooms.data ?? []).map((room) => ({ room, segments: rowSegments(byRoom.get(room.id) ?? [], from) }));
  }, [rooms.data, stays.data, from]);

  const dayFormat = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone: 'UTC' });
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const fullFormat = new Intl.DateTimeFormat(i18n.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
  const rangeLabel = `${dateFormat.format(asDate(from))} – ${dateFormat.format(asDate(addDaysISO(to, -1)))}`;

  const position = rows.length ? { row: Math.min(focus.row, rows.length - 1), day: focus.day } : null;
  const focusedStart = position ? segmentAt(rows[position.row].segments, position.day).start : -1;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = KEYS[event.key];
    if (!move || !position) return;
    event.preventDefault();
    const next = moveFocus(
      rows.map((r) => r.segments),
      position,
      move,
    );
    setFocus(next);
    const start = segmentAt(rows[next.row].segments, next.day).start;
    cells.current.get(`${next.row}:${start}`)?.focus();
  }

  function cellLabel(roomNumber: string, segment: Segment): string {
    const first = fullFormat.format(asDate(days[segment.start]));
    const stay = segment.stay;
    if (!stay) {
      return days[segment.start] < today
        ? t`Room ${roomNumber}, ${first}: free`
        : t`Room ${roomNumber}, ${first}: free, new booking`;
    }
    const name = stay.guest_name || labels.status(stay);
    const arrival = fullFormat.format(asDate(stay.check_in_date));
    const departure = fullFormat.format(asDate(stay.check_out_date));
    const status = labels.status(stay);
    const source = labels.source(stay.source);
    return t`${name}, room ${roomNumber}, ${arrival} to ${departure}: ${status}, ${source}`;
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">
            <Trans>Room board</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Every stay, room by room. Click a bar to open its booking, a free day to book it.</Trans>
          </p>
        </div>
        <div className="flex items-center gap-2" role="group" aria-label={t`Weeks`}>
          <Button variant="outline" size="sm" onClick={() => setFrom(addDaysISO(from, -7))}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            <Trans>Previous week</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setFrom(weekStart(today))}
            disabled={from === weekStart(today)}
          >
            <Trans>This week</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFrom(addDaysISO(from, 7))}>
            <Trans>Next week</Trans>
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {notice}
      <p className="text-sm font-medium" aria-live="polite">
        {rangeLabel}
      </p>

      {rooms.isPending || (stays.isPending && !stays.data) ? (
        <ListSkeleton count={3} label={t`Loading the room board`} />
      ) : rooms.isError || stays.isError ? (
        <EmptyState
          icon={CalendarDays}
          title={t`The room board could not be loaded`}
          action={
            <Button
              onClick={() => {
                void rooms.refetch();
                void stays.refetch();
              }}
            >
              <Trans>Try again</Trans>
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={CalendarDays} titleAs="h2" title={t`No rooms found`} />
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <div
            role="grid"
            aria-label={t`Room board, ${rangeLabel}`}
            aria-rowcount={rows.length + 1}
            aria-colcount={BOARD_DAYS + 1}
            aria-busy={stays.isFetching}
            className="min-w-[46rem] text-sm"
            onKeyDown={onKeyDown}
          >
            <div role="row" className="grid border-b bg-muted/50" style={COLUMNS}>
              <div role="columnheader" className="sticky left-0 z-10 bg-muted px-2 py-2 font-medium">
                <Trans>Room</Trans>
              </div>
              {days.map((day) => (
                <div
                  key={day}
                  role="columnheader"
                  aria-label={fullFormat.format(asDate(day))}
                  className={cn(
                    'border-l px-1 py-1 text-center leading-tight',
                    day === today && 'bg-primary/10 font-semibold text-primary',
                  )}
                >
                  <span className="block text-xs uppercase text-muted-foreground">{dayFormat.format(asDate(day))}</span>
                  <span className="block">{asDate(day).getUTCDate()}</span>
                </div>
              ))}
            </div>
            {rows.map(({ room, segments }, r) => (
              <div key={room.id} role="row" className="grid border-b last:border-b-0" style={COLUMNS}>
                <div
                  role="rowheader"
                  className="sticky left-0 z-10 flex flex-col justify-center bg-background px-2 py-1"
                >
                  <span className="font-semibold">{room.room_number}</span>
                  <span className="truncate text-xs text-muted-foreground">{room.name}</span>
                  {(room.status === 'maintenance' || room.status === 'out_of_order') && (
                    <span className="inline-flex items-center gap-1 text-xs text-destructive">
                      <Wrench className="h-3 w-3" aria-hidden="true" />
                      {labels.roomStatus(room.status)}
                    </span>
                  )}
                </div>
                {segments.map((segment) => {
                  const span = segment.end - segment.start;
                  const stay = segment.stay;
                  const past = !stay && days[segment.start] < today;
                  const isFocused = position?.row === r && focusedStart === segment.start;
                  return (
                    <div
                      key={segment.start}
                      role="gridcell"
                      aria-colspan={span > 1 ? span : undefined}
                      className={cn('border-l p-0.5', days[segment.start] === today && !stay && 'bg-primary/5')}
                      style={{ gridColumn: `span ${span}` }}
                    >
                      <button
                        type="button"
                        ref={(element) => {
                          const key = `${r}:${segment.start}`;
                          if (element) cells.current.set(key, element);
                          else cells.current.delete(key);
                        }}
                        tabIndex={isFocused ? 0 : -1}
                        aria-label={cellLabel(room.room_number, segment)}
                        aria-disabled={past || undefined}
                        title={stay ? cellLabel(room.room_number, segment) : undefined}
                        onFocus={() => setFocus({ row: r, day: segment.start })}
                        onClick={() => {
                          if (stay) void navigate(stayHref(stay));
                          else if (!past) void navigate(newBookingHref(room.id, days[segment.start]));
                        }}
                        data-kind={stay ? stay.kind : 'free'}
                        data-testid={stay ? 'board-bar' : 'board-free-cell'}
                        className={cn(
                          'flex h-10 w-full min-w-0 items-center rounded px-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                          stay
                            ? cn(
                                'border-l-4 font-medium',
                                STATUS_CLASSES[labels.statusKey(stay)],
                                SOURCE_CLASSES[stay.source] ?? SOURCE_CLASSES.other,
                                segment.conflict && 'ring-2 ring-destructive',
                                segment.continuesBefore && 'rounded-l-none',
                                segment.continuesAfter && 'rounded-r-none',
                              )
                            : past
                              ? 'cursor-default'
                              : 'hover:bg-accent',
                        )}
                      >
                        {stay && (
                          <span className="truncate">
                            {stay.guest_name || labels.status(stay)}
                            <span className="ml-1 text-xs font-normal opacity-75">
                              {labels.sourceShort(stay.source)}
                            </span>
                          </span>
                        )}
                      </button>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
      <BoardLegend />
    </div>
  );
}

function BoardLegend() {
  const { t } = useLingui();
  const labels = useBoardLabels();
  return (
    <section aria-label={t`Legend`} className="flex flex-wrap gap-x-6 gap-y-2 text-xs">
      <ul className="flex flex-wrap gap-2">
        {(['pending', 'confirmed', 'checked_in', 'checked_out', 'channel', 'block'] as const).map((key) => (
          <li key={key} className={cn('rounded px-2 py-0.5', STATUS_CLASSES[key])}>
            {labels.statusName(key)}
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-2">
        {(['website', 'phone', 'email', 'walk_in', 'booking_com', 'expedia', 'airbnb', 'other'] as const).map(
          (source) => (
            <li key={source} className={cn('border-l-4 bg-muted px-2 py-0.5', SOURCE_CLASSES[source])}>
              {labels.source(source)}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
