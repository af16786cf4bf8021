import { Clock, Footprints, Languages, MapPin, Phone } from 'lucide-react';
import { useContactInfo, useSiteContent } from '@/lib/site-content';
import { locationContent, NEARBY_PLACES } from '../sections-logic';

/** #location: texts from site content and static walking distances. */
export function LocationSection() {
  const { data: content } = useSiteContent();
  const text = locationContent(content);
  const contact = useContactInfo();
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(contact.address)}`;

  return (
    <section
      id="location"
      data-design-id="location"
      aria-labelledby="location-title"
      className="scroll-mt-24 bg-secondary/60 py-16 md:py-24"
    >
      <div className="container">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="location-title" data-design-id="location-title" className="text-3xl font-bold md:text-4xl">
            {text.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{text.subtitle}</p>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-lg border bg-card p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-semibold">
              <Footprints className="h-5 w-5 text-primary" aria-hidden="true" />
              {text.walkTitle}
            </h3>
            <p className="mt-3 text-muted-foreground">{text.walkDescription}</p>
            <ul className="mt-5 divide-y">
              {NEARBY_PLACES.map((place) => (
                <li key={place.name} className="flex items-center justify-between py-2.5 text-sm">
                  <span className="inline-flex items-center gap-2">
                    <MapPin className="h-4 w-4 text-primary" aria-hidden="true" />
                    {place.name}
                  </span>
                  <span className="font-medium">{place.minutes} min walk</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-lg border bg-card p-6 shadow-sm">
            <h3 className="text-xl font-semibold">Good to know</h3>
            <ul className="mt-4 grid gap-4 text-sm">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Address</p>
                  <p className="text-muted-foreground">
                    {contact.address}{' '}
                    <a
                      href={mapsUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </p>
                </div>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Check-in and check-out</p>
                  <p className="text-muted-foreground">Check-in 3:00 PM to 8:00 PM · Check-out by 10:30 AM</p>
                </div>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Reception</p>
                  <p className="text-muted-foreground">24/7 by phone at {contact.phone}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <Languages className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Languages</p>
                  <p className="text-muted-foreground">Italian, English, French</p>
                </div>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
