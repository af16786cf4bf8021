import { Trans, useLingui } from '@lingui/react/macro';
import { AmenityIcon } from '@/lib/amenity-icon';
import { useAmenities } from '../api/sections';
import { AMENITY_SKELETONS } from '../logic/site';
import { HomeSection } from '@/components/home-section';

/** #amenities: active amenities with their icons; six skeletons while loading. */
export function AmenitiesSection() {
  const { t } = useLingui();
  const { data, isPending, isError } = useAmenities();
  const amenities = isError ? [] : (data ?? []);

  return (
    <HomeSection
      id="amenities"
      className="bg-secondary/60"
      title={<Trans>Amenities</Trans>}
      subtitle={<Trans>Everything you need for a comfortable stay in the heart of Rome</Trans>}
    >
      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t`Loading amenities`}>
          {Array.from({ length: AMENITY_SKELETONS }, (_, i) => (
            <div key={i} aria-hidden="true" className="flex gap-4 rounded-lg border bg-card p-5">
              <div className="h-12 w-12 shrink-0 animate-pulse rounded-full bg-muted" />
              <div className="flex-1 space-y-2">
                <div className="h-5 w-1/2 animate-pulse rounded bg-muted" />
                <div className="h-4 w-full animate-pulse rounded bg-muted" />
              </div>
            </div>
          ))}
        </div>
      ) : amenities.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          <Trans>No amenities available at the moment.</Trans>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {amenities.map((amenity) => (
            <li key={amenity.id} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <AmenityIcon name={amenity.icon_name} className="h-6 w-6" />
              </span>
              <div>
                <h3 className="font-sans text-base font-semibold">{amenity.name}</h3>
                {amenity.description && <p className="mt-1 text-sm text-muted-foreground">{amenity.description}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
