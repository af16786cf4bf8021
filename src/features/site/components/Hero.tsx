import { Trans, useLingui } from '@lingui/react/macro';
import { MapPin, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { todayISO } from '@/lib/dates';
import { useSiteContent } from '@/lib/site-content';
import { useLocale } from '@/lib/i18n';
import { useBookingDialog } from '@/lib/booking-dialog';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { heroPromo } from '@/lib/public-rooms/offers';
import { useReviewHeadline } from '../api/sections';
import { heroContent, heroRating, localNumber } from '../logic/site';
import { ColosseumArt } from './ColosseumArt';
import { scrollToSection } from './use-section-nav';

/** Title, subtitle, location line, rating and the promo-derived Book Now button. */
export function Hero() {
  const { data: content } = useSiteContent();
  const hero = heroContent(content);
  const rating = heroRating(content, useReviewHeadline());
  const rooms = usePublicRooms();
  const promo = heroPromo(rooms.data, todayISO());
  const { openBooking, preloadBooking } = useBookingDialog();
  const { t } = useLingui();
  const locale = useLocale();
  const stars = rating && localNumber(rating.rating, locale);
  const reviewCount = rating && localNumber(rating.reviewCount, locale);
  const bookLabel = promo ? t`Book Now – Save ${promo.discount_percentage}% with ${promo.promo_code}` : t`Book Now`;

  return (
    <section
      id="hero"
      data-design-id="hero"
      aria-labelledby="hero-title"
      className="relative scroll-mt-24 overflow-hidden bg-gradient-to-b from-[#f6e7d2] via-[#f3dcc0] to-background"
    >
      <ColosseumArt className="pointer-events-none absolute inset-x-0 bottom-0 mx-auto h-auto w-full max-w-6xl text-terracotta/15" />
      {/* the bottom padding grows with the drawing (1200×300, its rim about a quarter down), so the
          buttons always sit above the rim */}
      <div className="container relative flex min-h-[68vh] flex-col items-center justify-center pb-[calc(min(100vw,72rem)*0.19+1.5rem)] pt-16 text-center md:min-h-[72vh]">
        <p
          data-design-id="hero-location"
          className="mb-4 inline-flex items-center gap-1.5 rounded-full bg-background/80 px-3 py-1 text-sm font-medium text-foreground/80 shadow-sm"
        >
          <MapPin className="h-4 w-4 text-primary" aria-hidden="true" />
          {hero.location}
        </p>
        <h1
          id="hero-title"
          data-design-id="hero-title"
          className="max-w-3xl text-4xl font-bold leading-tight text-foreground sm:text-5xl md:text-6xl"
        >
          {hero.title}
        </h1>
        <p data-design-id="hero-subtitle" className="mt-5 max-w-2xl text-lg text-foreground/80 md:text-xl">
          {hero.subtitle}
        </p>
        {rating && (
          <p className="mt-6 inline-flex flex-wrap items-center justify-center gap-2 text-sm">
            <span className="inline-flex" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="h-5 w-5 fill-gold text-gold" />
              ))}
            </span>
            <span className="font-semibold">{stars}</span>
            <span className="text-foreground/70">
              <Trans>({reviewCount} reviews)</Trans>
            </span>
            <span className="sr-only">
              <Trans>
                Rated {stars} from {reviewCount} reviews
              </Trans>
            </span>
          </p>
        )}
        <div
          data-design-id="hero-actions"
          className="mt-8 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row"
        >
          <Button
            size="lg"
            className="h-auto min-h-11 w-full whitespace-normal py-2 text-base sm:w-auto"
            onClick={() => openBooking()}
            onPointerEnter={preloadBooking}
            onFocus={preloadBooking}
          >
            {bookLabel}
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full bg-background/80 text-base sm:w-auto">
            <a
              href="#rooms"
              onClick={(event) => {
                if (scrollToSection('rooms')) event.preventDefault();
              }}
            >
              <Trans>View Rooms</Trans>
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
