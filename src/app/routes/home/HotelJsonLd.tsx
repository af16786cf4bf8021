import { JsonLd, siteUrl } from '@/lib/json-ld';
import { useLocalizedPath } from '@/lib/i18n';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { useSiteCompliance } from '@/lib/site-compliance';
import { contactInfo, useSiteContent } from '@/lib/site-content';
import { useReviewHeadline } from '@/features/site/api/sections';
import { heroContent, heroRating, hotelJsonLd } from '@/features/site/logic/site';

/** The guest house's schema.org data (a `Hotel`), with the rating the hero shows and the price range. */
export function HotelJsonLd() {
  const { data: content } = useSiteContent();
  const prices = usePublicRooms().data?.map((room) => room.price_per_night);
  const hero = heroContent(content);
  // the same aggregate the hero shows: typed texts or the approved reviews of stays
  const rating = heroRating(content, useReviewHeadline());
  const contact = contactInfo(content);
  const localized = useLocalizedPath();
  const compliance = useSiteCompliance();
  const min = prices && prices.length > 0 ? Math.min(...prices) : null;
  const max = prices && prices.length > 0 ? Math.max(...prices) : null;
  const data = hotelJsonLd({
    name: hero.title,
    description: hero.subtitle,
    address: contact.address,
    phone: contact.phone,
    email: contact.email,
    url: siteUrl(localized('/')),
    image: siteUrl('/rooms/deluxe-king.svg'),
    rating,
    priceRange: min !== null && max !== null ? `€${Math.round(min)}–€${Math.round(max)}` : undefined,
    cin: compliance.cin,
  });
  return <JsonLd data={data} />;
}
