import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { HomeSection } from '@/components/home-section';
import { IconItem } from '@/components/icon-item';
import { telHref } from '@/lib/tel-href';
import { lazy, Suspense, useRef } from 'react';
import { contentValue, useContactInfo, useSiteContent } from '@/lib/site-content';
import { useNearViewport } from '@/lib/use-near-viewport';

const ContactForm = lazy(() => import('./ContactForm'));

/** #contact: contact details and the message form (loaded when the visitor scrolls near). */
export function ContactSection() {
  const { data: content } = useSiteContent();
  const { t } = useLingui();
  const contact = useContactInfo();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const hours = contentValue(
    content,
    'contact_hours',
    t`Reception 24/7 by phone. We speak Italian, English and French.`,
  );

  return (
    <HomeSection
      id="contact"
      className="bg-secondary/60"
      title={contentValue(content, 'contact_title', t`Get in Touch`)}
      subtitle={contentValue(
        content,
        'contact_subtitle',
        t`Questions about your stay? Write to us and we will reply within a day.`,
      )}
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_1.5fr]">
        <ul className="grid content-start gap-4">
          <IconItem icon={MapPin} label={<Trans>Address</Trans>} className="rounded-lg border bg-card p-4">
            <p className="text-sm text-muted-foreground">{contact.address}</p>
          </IconItem>
          <IconItem icon={Phone} label={<Trans>Phone</Trans>} className="rounded-lg border bg-card p-4">
            <a
              href={telHref(contact.phone)}
              className="inline-flex min-h-10 items-center text-sm text-primary hover:underline"
            >
              {contact.phone}
            </a>
          </IconItem>
          <IconItem icon={Mail} label={<Trans>Email</Trans>} className="rounded-lg border bg-card p-4">
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex min-h-10 items-center text-sm text-primary [overflow-wrap:anywhere] hover:underline"
            >
              {contact.email}
            </a>
          </IconItem>
          <IconItem icon={Clock} label={<Trans>Hours</Trans>} className="rounded-lg border bg-card p-4">
            <p className="text-sm text-muted-foreground">{hours}</p>
          </IconItem>
        </ul>
        <div ref={ref} className="rounded-lg border bg-card p-5 shadow-sm sm:p-8">
          {near ? (
            <Suspense fallback={<Placeholder />}>
              <ContactForm hostEmail={contact.email} hostPhone={contact.phone} />
            </Suspense>
          ) : (
            <Placeholder />
          )}
        </div>
      </div>
    </HomeSection>
  );
}

function Placeholder() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading contact form`} className="grid min-h-[460px] content-start gap-4">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} aria-hidden="true" className="space-y-2">
          <div className="h-4 w-24 animate-pulse rounded bg-muted" />
          <div className="h-10 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
