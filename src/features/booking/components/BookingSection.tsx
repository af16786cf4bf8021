import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef } from 'react';
import { useHouseCancellation } from '@/lib/cancellation-terms';
import { contentValue, useSiteContent } from '@/lib/site-content';
import { useNearViewport } from '@/lib/use-near-viewport';

const BookingForm = lazy(() => import('./BookingForm'));

/** The section's texts when the site content has none (translated when shown). */
export const BOOKING_DEFAULTS = {
  title: msg`Book Your Stay`,
  subtitle: msg`Send us your dates and we will confirm your room on WhatsApp`,
  note: msg`Check-in 3:00 PM to 8:00 PM, check-out 10:30 AM.`,
} as const;

/**
 * #booking: the on-page booking form. The form and its libraries load when the visitor scrolls
 * near the section, so they do not delay the first paint of the home page.
 */
export function BookingSection() {
  const { i18n } = useLingui();
  const { data: content } = useSiteContent();
  const cancellation = useHouseCancellation();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);

  return (
    <section
      id="booking"
      data-design-id="booking"
      aria-labelledby="booking-title"
      className="scroll-mt-24 bg-background py-16 md:py-24"
    >
      <div className="container max-w-4xl">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="booking-title" data-design-id="booking-title" className="text-3xl font-bold md:text-4xl">
            {contentValue(content, 'booking_title', i18n._(BOOKING_DEFAULTS.title))}
          </h2>
          <p className="mt-3 text-muted-foreground">
            {contentValue(content, 'booking_subtitle', i18n._(BOOKING_DEFAULTS.subtitle))}
          </p>
        </div>
        <div ref={ref} className="rounded-lg border bg-card p-5 shadow-sm sm:p-8">
          {near ? (
            <Suspense fallback={<FormPlaceholder />}>
              <BookingForm />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          {contentValue(content, 'booking_note', i18n._(BOOKING_DEFAULTS.note))}
          {cancellation && <span data-testid="booking-cancellation"> {cancellation}.</span>}
        </p>
      </div>
    </section>
  );
}

function FormPlaceholder() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading booking form`}
      className="grid min-h-[620px] gap-4 sm:min-h-[520px] sm:grid-cols-2"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} aria-hidden="true" className="space-y-2">
          <div className="h-4 w-24 animate-pulse rounded bg-muted" />
          <div className="h-10 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
