import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { rateQueries, useDeleteSeason } from '../api/rates';
import { PaymentPolicyCard } from './PaymentPolicyCard';
import { PriceCalendar } from './PriceCalendar';
import { SeasonDialog } from './SeasonDialog';
import { weekdayList, type Season } from '../logic/seasons';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { formatISODate, todayISO } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';

/** Rates: each room's seasons in a list and on a 12-month price calendar, and the payment policy. */
export function RatesManager() {
  const today = todayISO();
  const { isAdmin } = useAuthSnapshot();
  const rooms = useQuery(rateQueries.rooms());
  const seasons = useQuery(rateQueries.seasons());
  const remove = useDeleteSeason();
  const [picked, setPicked] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; season: Season | null }>({ open: false, season: null });

  const roomId = picked || rooms.data?.[0]?.id || '';
  const room = rooms.data?.find((r) => r.id === roomId);
  const roomSeasons = (seasons.data ?? []).filter((s) => s.room_id === roomId);

  function onDelete(season: Season) {
    if (!window.confirm(`Delete the season "${season.name}"?`)) return;
    remove.mutate(season.id, {
      onSuccess: () => toastSuccess('Season deleted'),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Rates</h1>
          <p className="text-muted-foreground">Seasonal prices, minimum stays and the payment policy</p>
        </div>
        <Button onClick={() => setDialog({ open: true, season: null })} disabled={!roomId}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add season
        </Button>
      </div>

      <div className="max-w-sm space-y-1.5">
        <Label htmlFor="rates-room">Room</Label>
        <NativeSelect
          id="rates-room"
          value={roomId}
          onChange={(event) => setPicked(event.target.value)}
          options={(rooms.data ?? []).map((r) => ({
            value: r.id,
            label: `${r.room_number} · ${r.name} (${formatEuro(Number(r.price_per_night))} / night)`,
          }))}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Seasons</CardTitle>
        </CardHeader>
        <CardContent>
          {seasons.isPending || rooms.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : roomSeasons.length === 0 ? (
            <p className="text-muted-foreground">
              No seasons for this room: every night costs{' '}
              {room ? formatEuro(Number(room.price_per_night)) : 'its price'}.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <DataTable
                columns={[
                  'Season',
                  'Nights',
                  'Price',
                  'Fri/Sat',
                  'Minimum',
                  'No arrival',
                  'No departure',
                  <span className="sr-only">Actions</span>,
                ]}
              >
                {roomSeasons.map((season) => (
                  <tr key={season.id} className="border-t" data-testid={`season-${season.id}`}>
                    <td className="py-2 pr-3 font-medium">{season.name}</td>
                    <td className="py-2 pr-3">
                      {formatISODate(season.starts_on)} – {formatISODate(season.ends_on)}
                    </td>
                    <td className="py-2 pr-3">{formatEuro(Number(season.price_per_night))}</td>
                    <td className="py-2 pr-3">
                      {season.weekend_price == null ? '—' : formatEuro(Number(season.weekend_price))}
                    </td>
                    <td className="py-2 pr-3">
                      {season.min_nights}
                      {season.weekend_min_nights != null && ` (Fri/Sat arrivals ${season.weekend_min_nights})`}
                    </td>
                    <td className="py-2 pr-3">{weekdayList(season.closed_arrival_days)}</td>
                    <td className="py-2 pr-3">{weekdayList(season.closed_departure_days)}</td>
                    <td className="whitespace-nowrap py-2 text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${season.name}`}
                        onClick={() => setDialog({ open: true, season })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${season.name}`}
                        onClick={() => onDelete(season)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Price calendar</CardTitle>
        </CardHeader>
        <CardContent>
          {room ? (
            <PriceCalendar roomId={room.id} basePrice={Number(room.price_per_night)} today={today} />
          ) : (
            <Skeleton className="h-96 w-full" />
          )}
        </CardContent>
      </Card>

      <p className="text-sm text-muted-foreground">
        The city tax (contributo di soggiorno) quoted to guests comes from the dated rates under{' '}
        <Link to="/admin/city-tax" className="underline underline-offset-4">
          City tax &amp; ISTAT
        </Link>
        , the same computation as the register.
      </p>

      <PaymentPolicyCard canEdit={isAdmin} />

      <SeasonDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        rooms={rooms.data ?? []}
        season={dialog.season}
        roomId={roomId}
      />
    </div>
  );
}
