import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { addMonths, getISODay, startOfMonth } from 'date-fns';
import { Skeleton } from '@/components/ui/skeleton';
import { toISODate } from '@/lib/dates';
import { portalDate, portalEuro } from '@/lib/i18n/portal-format';
import { rateQueries } from '../api/rates';

const fromISO = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * Twelve months of a room's nightly prices as guests are quoted them (room_calendar): nights above
 * the room's own price in warm tones, below it in green; a dot where an arrival needs more than one
 * night, a bar where arrivals are closed.
 */
export function PriceCalendar({ roomId, basePrice, today }: { roomId: string; basePrice: number; today: string }) {
  const { t } = useLingui();
  const first = startOfMonth(fromISO(today));
  const from = toISODate(first);
  const to = toISODate(addMonths(first, 12));
  const prices = useQuery(rateQueries.prices(roomId, from, to));
  if (prices.isPending) return <Skeleton className="h-96 w-full" />;
  if (prices.isError) return <p className="text-sm text-destructive">{t`The price calendar could not be loaded.`}</p>;

  const byMonth = new Map<string, typeof prices.data>();
  for (const night of prices.data) {
    const key = night.night.slice(0, 7);
    byMonth.set(key, [...(byMonth.get(key) ?? []), night]);
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[...byMonth.entries()].map(([key, nights]) => {
        const offset = getISODay(fromISO(nights[0].night)) - 1;
        return (
          <section key={key} aria-label={portalDate(fromISO(`${key}-01`), 'month')} className="rounded-md border p-3">
            <h3 className="mb-2 text-sm font-semibold">{portalDate(fromISO(`${key}-01`), 'month')}</h3>
            <ul className="grid grid-cols-7 gap-0.5 text-center text-[10px]">
              {Array.from({ length: offset }, (_, i) => (
                <li key={`pad-${i}`} aria-hidden="true" />
              ))}
              {nights.map((night) => {
                const price = Number(night.price);
                const tone =
                  price > basePrice
                    ? 'bg-orange-100 text-orange-900'
                    : price < basePrice
                      ? 'bg-green-100 text-green-900'
                      : 'bg-muted';
                const rules = [
                  night.min_nights > 1 ? t`minimum ${night.min_nights} nights` : '',
                  night.closed_to_arrival ? t`no arrivals` : '',
                  night.closed_to_departure ? t`no departures` : '',
                ].filter(Boolean);
                const label = `${portalDate(fromISO(night.night), 'weekday')}: ${portalEuro(price, { whole: Number.isInteger(price) })}${rules.length ? `, ${rules.join(', ')}` : ''}`;
                return (
                  <li
                    key={night.night}
                    title={label}
                    aria-label={label}
                    className={`relative rounded px-0.5 py-1 leading-tight ${tone} ${night.closed_to_arrival ? 'border-l-2 border-destructive' : ''}`}
                  >
                    <span className="block font-medium">{Number(night.night.slice(8))}</span>
                    <span className="block">{price}</span>
                    {night.min_nights > 1 && (
                      <span aria-hidden="true" className="absolute right-0.5 top-0.5 h-1 w-1 rounded-full bg-primary" />
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
