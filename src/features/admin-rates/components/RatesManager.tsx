import { Trans, useLingui } from '@lingui/react/macro';
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
import { portalDate, portalLocale } from '@/lib/i18n/portal-format';
import { toastSuccess } from '@/lib/toast';
import { formatEuro } from '@/lib/utils';

/** A season's night as the portal writes it: "Fri, 5 Mar 2026" in English, "5 mar 2026" in Italian. */
const seasonNight = (iso: string) => (portalLocale() === 'en' ? formatISODate(iso) : portalDate(iso, 'day'));

/** Rates: each room's seasons in a list and on a 12-month price calendar, and the payment policy. */
export function RatesManager() {
  const { t } = useLingui();
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
    const name = season.name;
    if (!window.confirm(t`Delete the season "${name}"?`)) return;
    remove.mutate(season.id, {
      onSuccess: () => toastSuccess(t`Season deleted`),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Rates</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Seasonal prices, minimum stays and the payment policy</Trans>
          </p>
        </div>
        <Button onClick={() => setDialog({ open: true, season: null })} disabled={!roomId}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add season</Trans>
        </Button>
      </div>

      <div className="max-w-sm space-y-1.5">
        <Label htmlFor="rates-room">
          <Trans>Room</Trans>
        </Label>
        <NativeSelect
          id="rates-room"
          value={roomId}
          onChange={(event) => setPicked(event.target.value)}
          options={(rooms.data ?? []).map((r) => ({
            value: r.id,
            label: `${r.room_number} · ${r.name} (${t`${formatEuro(Number(r.price_per_night))} / night`})`,
          }))}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Seasons</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {seasons.isPending || rooms.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : roomSeasons.length === 0 ? (
            <p className="text-muted-foreground">
              {room
                ? t`No seasons for this room: every night costs ${formatEuro(Number(room.price_per_night))}.`
                : t`No seasons for this room: every night costs its price.`}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <DataTable
                columns={[
                  t`Season`,
                  t`Nights`,
                  t`Price`,
                  t`Fri/Sat`,
                  t`Minimum`,
                  t`No arrival`,
                  t`No departure`,
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>,
                ]}
              >
                {roomSeasons.map((season) => (
                  <tr key={season.id} className="border-t" data-testid={`season-${season.id}`}>
                    <td className="py-2 pr-3 font-medium">{season.name}</td>
                    <td className="py-2 pr-3">
                      {seasonNight(season.starts_on)} – {seasonNight(season.ends_on)}
                    </td>
                    <td className="py-2 pr-3">{formatEuro(Number(season.price_per_night))}</td>
                    <td className="py-2 pr-3">
                      {season.weekend_price == null ? '—' : formatEuro(Number(season.weekend_price))}
                    </td>
                    <td className="py-2 pr-3">
                      {season.min_nights}
                      {season.weekend_min_nights != null && ` ${t`(Fri/Sat arrivals ${season.weekend_min_nights})`}`}
                    </td>
                    <td className="py-2 pr-3">{weekdayList(season.closed_arrival_days)}</td>
                    <td className="py-2 pr-3">{weekdayList(season.closed_departure_days)}</td>
                    <td className="whitespace-nowrap py-2 text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Edit ${season.name}`}
                        onClick={() => setDialog({ open: true, season })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Delete ${season.name}`}
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
          <CardTitle>
            <Trans>Price calendar</Trans>
          </CardTitle>
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
        <Trans>
          The city tax (contributo di soggiorno) quoted to guests comes from the dated rates under{' '}
          <Link to="/admin/city-tax" className="underline underline-offset-4">
            City tax &amp; ISTAT
          </Link>
          , the same computation as the register.
        </Trans>
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
