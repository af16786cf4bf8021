import { Trans, useLingui } from '@lingui/react/macro';
import { CancellationTerms } from '@/lib/cancellation-terms';
import { useFormatters } from '@/lib/i18n/format';
import { useBookableServices } from '../api/services';
import { guestsLabel, nightsLabel as nightsText } from '../logic/pricing';
import { priceGroups, type StayQuote } from '../logic/quote';
import { refusalText } from '@/lib/refusals/refusals';

/**
 * The server's quote of the chosen stay, as it will be stored: the nights by price (season names
 * shown), any discount, the non-refundable rate's discount, each extra, the total, the deposit due
 * now and the balance at the house, the cancellation terms (the quote's, rendered by the one helper), the city tax as its own
 * line payable at the property (counted for every guest: ages are known at check-in), and the
 * reasons the stay cannot be booked. Announced politely when it changes. Every amount is the
 * quote's; nothing is computed here.
 */
export function StaySummary({ quote }: { quote: StayQuote | undefined }) {
  const { t } = useLingui();
  const { euro, locale } = useFormatters();
  const services = useBookableServices().data;
  if (!quote || quote.nights === 0) {
    return <div aria-live="polite" className="sr-only" />;
  }
  const tax = quote.city_tax;
  const percent = quote.discount_percentage;
  const rate = euro(tax.per_person_per_night ?? 0);
  const guests = guestsLabel(tax.guests);
  const nights = nightsText(tax.nights_charged);
  const age = tax.exempt_under_age;
  // ages are known only at check-in: the quote counts every guest and says so
  const cityTaxLine =
    tax.per_person_per_night === null
      ? t`City tax, payable at the property, counted for every guest: ${guests} × ${nights} at the rates in force (children under ${age} and residents of Rome are exempt at check-in)`
      : t`City tax, payable at the property, counted for every guest: ${rate} × ${guests} × ${nights} (children under ${age} and residents of Rome are exempt at check-in)`;
  const cents = (amount: number) => euro(amount / 100);
  // the extra's name in the page's language when the list has it, else as the server wrote it
  const extraName = (id: string, name: string) => services?.find((service) => service.id === id)?.name ?? name;
  const nonRefundablePercent = quote.rate_plans.non_refundable.discount_percent;
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
        {quote.nonrefundable_discount_cents > 0 && (
          <div className="flex justify-between gap-3 text-green-700">
            <dt>
              <Trans>Non-refundable rate (-{nonRefundablePercent}%)</Trans>
            </dt>
            <dd>-{cents(quote.nonrefundable_discount_cents)}</dd>
          </div>
        )}
        {quote.extras.map((extra) => (
          <div key={extra.service_id} className="flex justify-between gap-3" data-testid="quote-extra">
            <dt>
              {extraName(extra.service_id, extra.name)} × {extra.quantity}
            </dt>
            <dd>{cents(extra.line_total_cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t pt-1.5 text-base font-semibold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{cents(quote.total_cents)}</dd>
        </div>
        {quote.deposit_cents > 0 && (
          <>
            <div className="flex justify-between gap-3">
              <dt>
                <Trans>Deposit, due now</Trans>
              </dt>
              <dd>{cents(quote.deposit_cents)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>
                <Trans>Balance, paid at the house on arrival</Trans>
              </dt>
              <dd>{cents(quote.balance_cents)}</dd>
            </div>
          </>
        )}
        {tax.amount > 0 && (
          <div className="flex justify-between gap-3 text-xs text-muted-foreground">
            <dt>{cityTaxLine}</dt>
            <dd>{euro(tax.amount)}</dd>
          </div>
        )}
      </dl>
      <CancellationTerms terms={quote.cancellation} className="mt-2 text-xs text-muted-foreground" />
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
