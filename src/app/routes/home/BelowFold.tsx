import { useEffect } from 'react';
import { BookingSection } from '@/features/booking/components/BookingSection';
import { ContactSection } from '@/features/contact/components/ContactSection';
import { AmenitiesSection } from '@/features/site/components/AmenitiesSection';
import { Footer } from '@/features/site/components/Footer';
import { LocationSection } from '@/features/site/components/LocationSection';
import { ReviewsSection } from '@/features/site/components/ReviewsSection';

/** Amenities, booking, location, reviews and contact, in this order (inside <main>). */
export function BelowFoldSections({ onReady }: { onReady?: () => void }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return (
    <>
      <AmenitiesSection />
      <BookingSection />
      <LocationSection />
      <ReviewsSection />
      <ContactSection />
    </>
  );
}

export { Footer };
