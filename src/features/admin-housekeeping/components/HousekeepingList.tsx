import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BrushCleaning, Check, LogIn, LogOut, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { housekeepingQueries, useSetRoomCleaning } from '../api/housekeeping';
import {
  CLEANING_STATES,
  groupByDay,
  nextCleaningStep,
  type CleaningState,
  type HousekeepingRoom,
} from '../logic/housekeeping';
import { STATE_CLASSES, useHousekeepingLabels } from './labels';

/** /admin/housekeeping: the cleaner's list for today, departures first, one tap per room. */
export function HousekeepingList() {
  const { t } = useLingui();
  const labels = useHousekeepingLabels();
  const list = useQuery(housekeepingQueries.list(null, t`Failed to load the housekeeping list`));
  const rooms = list.data ?? [];
  const groups = groupByDay(rooms);
  const toClean = rooms.filter((room) => room.state === 'dirty').length;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">
            <Trans>Housekeeping</Trans>
          </h1>
          <p className="text-muted-foreground">
            {list.isSuccess ? (
              toClean === 0 ? (
                <Trans>Every room is clean.</Trans>
              ) : (
                <Trans>{toClean} to clean today: departures first, then stay-overs, then arrivals.</Trans>
              )
            ) : (
              <Trans>Today's rooms: departures first, then stay-overs, then arrivals.</Trans>
            )}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw className={cn('h-4 w-4', list.isFetching && 'animate-spin')} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </Button>
      </div>

      {list.isPending ? (
        <ListSkeleton count={4} label={t`Loading the housekeeping list`} />
      ) : list.isError ? (
        <EmptyState
          icon={BrushCleaning}
          title={t`The housekeeping list could not be loaded`}
          action={
            <Button onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        />
      ) : rooms.length === 0 ? (
        <EmptyState icon={BrushCleaning} titleAs="h2" title={t`No rooms yet`} />
      ) : (
        groups.map((group) => (
          <section key={group.kind} aria-labelledby={`hk-${group.kind}`} className="space-y-3">
            <h2 id={`hk-${group.kind}`} className="text-lg font-semibold">
              {labels.kind[group.kind]} <span className="text-muted-foreground">({group.rooms.length})</span>
            </h2>
            <ul className="space-y-3">
              {group.rooms.map((room) => (
                <li key={room.room_id}>
                  <RoomCleaningCard room={room} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

function RoomCleaningCard({ room }: { room: HousekeepingRoom }) {
  const { t } = useLingui();
  const labels = useHousekeepingLabels();
  const setCleaning = useSetRoomCleaning(t`Failed to update the cleaning state`);
  const next = nextCleaningStep(room.state);
  const number = room.room_number;

  function set(state: CleaningState) {
    setCleaning.mutate(
      { roomId: room.room_id, state },
      { onSuccess: () => toastSuccess(t`Room ${number}: ${labels.state[state]}`) },
    );
  }

  return (
    <Card aria-label={t`Room ${number}`} className={cn(room.arrival && room.state === 'dirty' && 'border-amber-400')}>
      <CardContent className="space-y-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold">
              <Trans>Room {number}</Trans>
            </p>
            <p className="truncate text-sm text-muted-foreground">{room.room_name}</p>
          </div>
          <span
            className={cn('shrink-0 rounded-full border px-2.5 py-0.5 text-sm font-medium', STATE_CLASSES[room.state])}
            data-testid="cleaning-state"
          >
            {labels.state[room.state]}
          </span>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {room.departure && (
            <span className="inline-flex items-center gap-1">
              <LogOut className="h-4 w-4" aria-hidden="true" />
              <Trans>Guests leave today</Trans>
            </span>
          )}
          {room.stayover && (
            <span>
              <Trans>Guests stay on</Trans>
            </span>
          )}
          {room.arrival && (
            <span className="inline-flex items-center gap-1 font-medium">
              <LogIn className="h-4 w-4" aria-hidden="true" />
              {room.guests ? <Trans>Arriving today: {room.guests} guests</Trans> : <Trans>Arriving today</Trans>}
            </span>
          )}
          {room.room_status === 'maintenance' || room.room_status === 'out_of_order' ? (
            <span className="text-destructive">
              <Trans>Room off sale</Trans>
            </span>
          ) : null}
        </p>
        {next && (
          <Button className="h-12 w-full text-base" disabled={setCleaning.isPending} onClick={() => set(next)}>
            <Check className="h-5 w-5" aria-hidden="true" />
            {labels.action[next]}
          </Button>
        )}
        <div
          role="group"
          aria-label={t`Set the cleaning state of room ${number}`}
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {CLEANING_STATES.map((state) => (
            <Button
              key={state}
              type="button"
              variant={room.state === state ? 'secondary' : 'outline'}
              size="sm"
              className="h-10"
              aria-pressed={room.state === state}
              disabled={setCleaning.isPending || room.state === state}
              onClick={() => set(state)}
            >
              {labels.state[state]}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
