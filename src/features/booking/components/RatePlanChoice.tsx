import { Trans, useLingui } from '@lingui/react/macro';
import type { RatePlan } from '../logic/extras';
import type { StayQuote } from '../logic/quote';
import type { StayExtras } from '../use-stay-extras';

/**
 * The rate, when the policy offers the non-refundable one (quote_stay says so and by how much):
 * flexible (a deposit now, the cancellation terms the summary shows) or non-refundable
 * (cheaper, paid in full now, never refunded). The summary below shows the chosen rate's figures.
 */
export function RatePlanChoice({
  idPrefix,
  quote,
  extras,
}: {
  idPrefix: string;
  quote: StayQuote | undefined;
  extras: StayExtras;
}) {
  const { t } = useLingui();
  if (!quote?.rate_plans.non_refundable.available) return null;
  const percent = quote.rate_plans.non_refundable.discount_percent;
  const options: { value: RatePlan; title: string; text: string }[] = [
    {
      value: 'flexible',
      title: t`Flexible rate`,
      text: t`A deposit now, the rest at the house; the cancellation terms are below.`,
    },
    {
      value: 'non_refundable',
      title: t`Non-refundable rate: ${percent}% off the nights`,
      text: t`Paid in full now and never refunded.`,
    },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        <Trans>Rate</Trans>
      </legend>
      {options.map((option) => (
        <label
          key={option.value}
          htmlFor={`${idPrefix}-rate-${option.value}`}
          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
        >
          <input
            id={`${idPrefix}-rate-${option.value}`}
            type="radio"
            name={`${idPrefix}-rate`}
            value={option.value}
            checked={extras.ratePlan === option.value}
            onChange={() => extras.setRatePlan(option.value)}
            className="mt-0.5 h-4 w-4 accent-primary"
          />
          <span>
            <span className="block font-medium">{option.title}</span>
            <span className="block text-muted-foreground">{option.text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
