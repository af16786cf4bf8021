import { Trans, useLingui } from '@lingui/react/macro';
import { MapPin } from 'lucide-react';
import { cn } from '@/lib/utils';
import { NEARBY_PLACES } from '../logic/sections';

/** The walking distances to the sights, in the location section and on room pages. */
export function NearbyPlaces({
  className,
  itemClassName,
  withIcons = false,
}: {
  className?: string;
  itemClassName?: string;
  withIcons?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <ul className={cn('divide-y text-sm', className)}>
      {NEARBY_PLACES.map((place) => (
        <li key={place.id} className={cn('flex items-center justify-between gap-4', itemClassName)}>
          <span className="inline-flex items-center gap-2">
            {withIcons && <MapPin className="h-4 w-4 text-primary" aria-hidden="true" />}
            {i18n._(place.name)}
          </span>
          <span className="whitespace-nowrap font-medium">
            <Trans>{place.minutes} min walk</Trans>
          </span>
        </li>
      ))}
    </ul>
  );
}
