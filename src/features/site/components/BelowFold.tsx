import { useEffect } from 'react';
import { BookingSection } from '@/features/booking/components/BookingSection';
import { ContactSection } from '@/features/contact/components/ContactSection';
import { AmenitiesSection } from './AmenitiesSection';
import { Footer } from './Footer';
import { LocationSection } from './LocationSection';
import { ReviewsSection } from './ReviewsSection';

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
