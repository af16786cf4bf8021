import { useAmenities } from '../api/sections';
import { AMENITY_SKELETONS } from '../logic';
import { AmenityIcon } from '@/components/ui/amenity-icon';

/** #amenities: active amenities with their icons; six skeletons while loading. */
export function AmenitiesSection() {
  const { data, isPending, isError } = useAmenities();
  const amenities = isError ? [] : (data ?? []);

  return (
    <section
      id="amenities"
      data-design-id="amenities"
      aria-labelledby="amenities-title"
      className="scroll-mt-24 bg-secondary/60 py-16 md:py-24"
    >
      <div className="container">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="amenities-title" data-design-id="amenities-title" className="text-3xl font-bold md:text-4xl">
            Amenities
          </h2>
          <p className="mt-3 text-muted-foreground">Everything you need for a comfortable stay in the heart of Rome</p>
        </div>
        {isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading amenities">
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
          <p className="py-8 text-center text-muted-foreground">No amenities available at the moment.</p>
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
      </div>
    </section>
  );
}
