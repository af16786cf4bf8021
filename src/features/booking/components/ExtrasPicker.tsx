import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/i18n/format';
import { EXTRAS_MAX_COUNT, maxQuantity, pricingUnitLabel, type BookableService } from '../logic/extras';
import type { StayExtras } from '../use-stay-extras';

/**
 * The extras a guest can add, folded under "Extras (optional)": each available service with its
 * price and unit in the page's language ("€12.00 per night") and a quantity stepper from 0 to what
 * the server accepts (a per-person extra at most one per guest; 10 extras at most). Prices here
 * are the service's list price; the stay's amounts are the quote's.
 */
export function ExtrasPicker({ idPrefix, extras }: { idPrefix: string; extras: StayExtras }) {
  if (extras.services.length === 0) return null;
  const added = extras.quantities.size;
  const full = added >= EXTRAS_MAX_COUNT;
  return (
    <details className="group rounded-md border">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-4 py-3 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        <span className="flex-1">
          <Trans>Extras (optional)</Trans>
        </span>
        {added > 0 && (
          <span className="text-sm font-normal text-muted-foreground">
            {plural(added, { one: '# added', other: '# added' })}
          </span>
        )}
      </summary>
      <ul className="divide-y border-t px-4">
        {extras.services.map((service) => (
          <ExtraRow
            key={service.id}
            id={`${idPrefix}-extra-${service.id}`}
            service={service}
            quantity={extras.quantities.get(service.id) ?? 0}
            max={maxQuantity(service.pricing_unit, extras.guests)}
            locked={full && !extras.quantities.has(service.id)}
            onChange={(quantity) => extras.setQuantity(service.id, quantity)}
          />
        ))}
      </ul>
    </details>
  );
}

function ExtraRow(props: {
  id: string;
  service: BookableService;
  quantity: number;
  max: number;
  locked: boolean;
  onChange: (quantity: number) => void;
}) {
  const { t } = useLingui();
  const { euro } = useFormatters();
  const { service, quantity, max } = props;
  const name = service.name;
  const price = service.price > 0 ? `${euro(service.price)} ${pricingUnitLabel(service.pricing_unit)}` : t`Free`;
  const canRemove = quantity > 0;
  const canAdd = quantity < max && !props.locked;
  // aria-disabled, not disabled: the button keeps the keyboard focus when it reaches its limit
  const step = (delta: number, allowed: boolean) => () => allowed && props.onChange(quantity + delta);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
      <div className="min-w-0 flex-1 basis-40">
        <p id={`${props.id}-name`} className="font-medium">
          {name}
        </p>
        <p id={`${props.id}-price`} className="text-sm text-muted-foreground">
          {price}
        </p>
        {service.description && <p className="text-xs text-muted-foreground">{service.description}</p>}
      </div>
      <div
        role="group"
        aria-labelledby={`${props.id}-name`}
        aria-describedby={`${props.id}-price`}
        className="flex items-center gap-1"
      >
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t`One less: ${name}`}
          aria-disabled={!canRemove}
          className="aria-disabled:opacity-50"
          onClick={step(-1, canRemove)}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        {/* a live region without the status role: the dialog's one status is its availability */}
        <span aria-live="polite" className="w-8 text-center tabular-nums">
          <span className="sr-only">
            <Trans>Quantity</Trans>{' '}
          </span>
          {quantity}
        </span>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t`One more: ${name}`}
          aria-disabled={!canAdd}
          className="aria-disabled:opacity-50"
          onClick={step(1, canAdd)}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
