import { Clock, Footprints, Languages, MapPin, Phone } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContactInfo, useSiteContent } from '@/lib/site-content';
import { locationContent } from '../logic/sections';
import { HomeSection } from '@/components/home-section';
import { IconItem } from '@/components/icon-item';
import { NearbyPlaces } from './NearbyPlaces';

/** #location: texts from site content and static walking distances. */
export function LocationSection() {
  const { data: content } = useSiteContent();
  const text = locationContent(content);
  const contact = useContactInfo();
  const { t } = useLingui();
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(contact.address)}`;

  return (
    <HomeSection id="location" className="bg-secondary/60" title={text.title} subtitle={text.subtitle}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-lg border bg-card p-6 shadow-sm">
          <h3 className="flex items-center gap-2 text-xl font-semibold">
            <Footprints className="h-5 w-5 text-primary" aria-hidden="true" />
            {text.walkTitle}
          </h3>
          <p className="mt-3 text-muted-foreground">{text.walkDescription}</p>
          <NearbyPlaces className="mt-5" itemClassName="py-2.5" withIcons />
        </div>
        <div className="rounded-lg border bg-card p-6 shadow-sm">
          <h3 className="text-xl font-semibold">
            <Trans>Good to know</Trans>
          </h3>
          <ul className="mt-4 grid gap-4 text-sm">
            <IconItem icon={MapPin} label={<Trans>Address</Trans>}>
              <p className="text-muted-foreground">
                {contact.address}{' '}
                <a
                  href={mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {t`Open in Google Maps`}
                  <span className="sr-only"> {t`(opens in a new tab)`}</span>
                </a>
              </p>
            </IconItem>
            <IconItem icon={Clock} label={<Trans>Check-in and check-out</Trans>}>
              <p className="text-muted-foreground">
                <Trans>Check-in 3:00 PM to 8:00 PM · Check-out by 10:30 AM</Trans>
              </p>
            </IconItem>
            <IconItem icon={Phone} label={<Trans>Reception</Trans>}>
              <p className="text-muted-foreground">
                <Trans>24/7 by phone at {contact.phone}</Trans>
              </p>
            </IconItem>
            <IconItem icon={Languages} label={<Trans>Languages</Trans>}>
              <p className="text-muted-foreground">
                <Trans>Italian, English, French</Trans>
              </p>
            </IconItem>
          </ul>
        </div>
      </div>
    </HomeSection>
  );
}
