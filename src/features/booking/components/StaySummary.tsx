import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatters } from '@/lib/i18n/format';
import { guestsLabel, nightsLabel as nightsText } from '../logic/pricing';
import { priceGroups, type StayQuote } from '../logic/quote';
import { refusalText } from '@/lib/refusals/refusals';

/**
 * The server's quote of the chosen stay, as it will be stored: the nights by price (season names
 * shown), any discount, the total, the city tax as its own line payable at the property, and the
 * reasons the stay cannot be booked. Announced politely when it changes.
 */
export function StaySummary({ quote }: { quote: StayQuote | undefined }) {
  const { t } = useLingui();
  const { euro, locale } = useFormatters();
  if (!quote || quote.nights === 0) {
    return <div aria-live="polite" className="sr-only" />;
  }
  const tax = quote.city_tax;
  const percent = quote.discount_percentage;
  const rate = euro(tax.per_person_per_night);
  const guests = guestsLabel(tax.guests);
  const nights = nightsText(tax.nights_charged);
  const age = tax.exempt_under_age;
  const cityTaxLine = t`City tax, payable at the property: ${rate} × ${guests} × ${nights} (children under ${age} exempt)`;
  return (
    <div aria-live="polite" className="rounded-md border bg-muted/50 p-4 text-sm">
      <dl className="grid gap-1.5">
        {priceGroups(quote.nightly).map((group) => (
          <div key={`${group.price}-${group.season ?? ''}`} className="flex justify-between gap-3">
            <dt>
              {euro(group.price)} × {nightsText(group.nights)}
              {group.season && <span className="text-muted-foreground"> ({group.season})</span>}
            </dt>
            <dd>{euro(group.price * group.nights)}</dd>
          </div>
        ))}
        {quote.discount_amount > 0 && (
          <div className="flex justify-between text-green-700">
            <dt>
              <Trans>Discount ({percent}%)</Trans>
            </dt>
            <dd>-{euro(quote.discount_amount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t pt-1.5 text-base font-semibold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{euro(quote.total)}</dd>
        </div>
        {tax.amount > 0 && (
          <div className="flex justify-between gap-3 text-xs text-muted-foreground">
            <dt>{cityTaxLine}</dt>
            <dd>{euro(tax.amount)}</dd>
          </div>
        )}
      </dl>
      {quote.problems.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm font-medium text-destructive">
          {quote.problems.map((problem) => (
            <li key={problem.code}>{refusalText(problem, locale)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
