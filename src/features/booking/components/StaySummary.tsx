import { formatEuro } from '@/lib/utils';
import { nightsLabel } from '../logic/pricing';
import { priceGroups, type StayQuote } from '../logic/quote';

/**
 * The server's quote of the chosen stay, as it will be stored: the nights by price (season names
 * shown), any discount, the total, the city tax as its own line payable at the property, and the
 * reasons the stay cannot be booked. Announced politely when it changes.
 */
export function StaySummary({ quote }: { quote: StayQuote | undefined }) {
  if (!quote || quote.nights === 0) {
    return <div aria-live="polite" className="sr-only" />;
  }
  const tax = quote.cityTax;
  return (
    <div aria-live="polite" className="rounded-md border bg-muted/50 p-4 text-sm">
      <dl className="grid gap-1.5">
        {priceGroups(quote.nightly).map((group) => (
          <div key={`${group.price}-${group.season ?? ''}`} className="flex justify-between gap-3">
            <dt>
              {formatEuro(group.price)} × {nightsLabel(group.nights)}
              {group.season && <span className="text-muted-foreground"> ({group.season})</span>}
            </dt>
            <dd>{formatEuro(group.price * group.nights)}</dd>
          </div>
        ))}
        {quote.discountAmount > 0 && (
          <div className="flex justify-between text-green-700">
            <dt>Discount ({quote.discountPercentage}%)</dt>
            <dd>-{formatEuro(quote.discountAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t pt-1.5 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatEuro(quote.total)}</dd>
        </div>
        {tax.amount > 0 && (
          <div className="flex justify-between gap-3 text-xs text-muted-foreground">
            <dt>
              City tax, payable at the property: {formatEuro(tax.perPersonPerNight)} × {tax.guests}{' '}
              {tax.guests === 1 ? 'guest' : 'guests'} × {nightsLabel(tax.nightsCharged)} (children under{' '}
              {tax.exemptUnderAge} exempt)
            </dt>
            <dd>{formatEuro(tax.amount)}</dd>
          </div>
        )}
      </dl>
      {quote.problems.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm font-medium text-destructive">
          {quote.problems.map((problem) => (
            <li key={problem.code}>{problem.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
