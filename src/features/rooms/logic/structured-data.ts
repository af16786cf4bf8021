import type { RoomDetail } from '@/lib/public-rooms/types';
import { isOnSale } from '@/lib/public-rooms/offers';
import { cinIdentifier } from '@/lib/site-compliance';
import { roomFacts } from './rooms';

/**
 * schema.org data of a room page: an Offer of the room (a HotelRoom of the guest house) at its
 * nightly price, so search engines can show the room with its price.
 */
export function roomJsonLd(input: {
  room: Pick<
    RoomDetail,
    | 'id'
    | 'name'
    | 'description'
    | 'price_per_night'
    | 'size_m2'
    | 'max_guests'
    | 'beds'
    | 'bed_layout'
    | 'bathrooms'
    | 'amenities'
    | 'status'
  >;
  /** the page's absolute URL */
  url: string;
  /** absolute URL of the room's picture */
  image: string;
  /** the guest house's address, as the site shows it */
  address: string;
  /** the guest house's national identification code (CIN), when set */
  cin?: string | null;
  /** the house's cancellation rule in the page's language (useHouseCancellation) */
  cancellation?: string | null;
}) {
  const { room } = input;
  const facts = roomFacts(room);
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: room.name,
    ...(input.cancellation ? { description: input.cancellation } : {}),
    url: input.url,
    price: room.price_per_night,
    priceCurrency: 'EUR',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: room.price_per_night,
      priceCurrency: 'EUR',
      unitCode: 'DAY',
      unitText: 'night',
    },
    availability: isOnSale(room.status) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemOffered: {
      '@type': 'HotelRoom',
      name: room.name,
      ...(room.description ? { description: room.description } : {}),
      image: input.image,
      floorSize: { '@type': 'QuantitativeValue', value: facts.sizeM2, unitCode: 'MTK' },
      occupancy: { '@type': 'QuantitativeValue', maxValue: room.max_guests },
      numberOfBedrooms: 1,
      numberOfBathroomsTotal: room.bathrooms,
      bed: facts.beds,
      amenityFeature: (room.amenities ?? []).map((name) => ({
        '@type': 'LocationFeatureSpecification',
        name,
        value: true,
      })),
      containedInPlace: {
        '@type': 'Hotel',
        name: 'Colosseum Guest House',
        ...cinIdentifier(input.cin),
        address: {
          '@type': 'PostalAddress',
          streetAddress: input.address,
          addressLocality: 'Rome',
          addressCountry: 'IT',
        },
      },
    },
  };
}
