import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { contentValue, useContactInfo, useSiteContent } from '@/lib/site-content';
import { useNearViewport } from '@/lib/use-near-viewport';

const ContactForm = lazy(() => import('./ContactForm'));

/** #contact: contact details and the message form (loaded when the visitor scrolls near). */
export function ContactSection() {
  const { data: content } = useSiteContent();
  const contact = useContactInfo();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const hours = contentValue(
    content,
    'contact_hours',
    'Reception 24/7 by phone. We speak Italian, English and French.',
  );

  return (
    <section
      id="contact"
      data-design-id="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-24 bg-secondary/60 py-16 md:py-24"
    >
      <div className="container">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="contact-title" data-design-id="contact-title" className="text-3xl font-bold md:text-4xl">
            {contentValue(content, 'contact_title', 'Get in Touch')}
          </h2>
          <p className="mt-3 text-muted-foreground">
            {contentValue(
              content,
              'contact_subtitle',
              'Questions about your stay? Write to us and we will reply within a day.',
            )}
          </p>
        </div>
        <div className="grid gap-8 lg:grid-cols-[1fr_1.5fr]">
          <ul className="grid content-start gap-4">
            <li className="flex gap-3 rounded-lg border bg-card p-4">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">Address</p>
                <p className="text-sm text-muted-foreground">{contact.address}</p>
              </div>
            </li>
            <li className="flex gap-3 rounded-lg border bg-card p-4">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">Phone</p>
                <a
                  href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex min-h-10 items-center text-sm text-primary hover:underline"
                >
                  {contact.phone}
                </a>
              </div>
            </li>
            <li className="flex gap-3 rounded-lg border bg-card p-4">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-semibold">Email</p>
                <a
                  href={`mailto:${contact.email}`}
                  className="inline-flex min-h-10 items-center text-sm text-primary [overflow-wrap:anywhere] hover:underline"
                >
                  {contact.email}
                </a>
              </div>
            </li>
            <li className="flex gap-3 rounded-lg border bg-card p-4">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">Hours</p>
                <p className="text-sm text-muted-foreground">{hours}</p>
              </div>
            </li>
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
      </div>
    </section>
  );
}

function Placeholder() {
  return (
    <div role="status" aria-label="Loading contact form" className="grid min-h-[460px] content-start gap-4">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} aria-hidden="true" className="space-y-2">
          <div className="h-4 w-24 animate-pulse rounded bg-muted" />
          <div className="h-10 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
