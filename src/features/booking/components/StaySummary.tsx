import { formatEuro } from '@/lib/utils';
import { nightsLabel, type StayTotals } from '../logic/pricing';

/** Nights, subtotal, discount and total of the chosen stay (announced politely when it changes). */
export function StaySummary({ totals }: { totals: StayTotals }) {
  if (totals.nights === 0 || totals.pricePerNight === 0) {
    return <div aria-live="polite" className="sr-only" />;
  }
  return (
    <div aria-live="polite" className="rounded-md border bg-muted/50 p-4 text-sm">
      <dl className="grid gap-1.5">
        <div className="flex justify-between">
          <dt>
            {formatEuro(totals.pricePerNight)} × {nightsLabel(totals.nights)}
          </dt>
          <dd>{formatEuro(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="flex justify-between text-green-700">
            <dt>Discount ({totals.discountPercentage}%)</dt>
            <dd>-{formatEuro(totals.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t pt-1.5 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatEuro(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
