import { describe, expect, it } from 'vitest';
import { roomJsonLd } from './structured-data';

describe('roomJsonLd', () => {
  it('offers the room at its nightly price, with its facts and amenities', () => {
    const data = roomJsonLd({
      room: {
        id: '10000000-0000-4000-8000-000000000001',
        name: 'Superior King',
        description: 'A bright room.',
        price_per_night: 145,
        size_m2: 25,
        max_guests: 2,
        beds: 1,
        bed_layout: '1 king bed',
        bathrooms: 1,
        amenities: ['WiFi', 'Air Conditioning'],
        status: 'available',
      },
      url: 'https://example.com/it/room/10000000-0000-4000-8000-000000000001',
      image: 'https://example.com/rooms/superior-king.svg',
      address: 'Via dei Serpenti 42, 00184 Rome, Italy',
      cancellation: 'Free cancellation until 24 hours before check-in',
    });
    expect(data).toMatchObject({
      '@type': 'Offer',
      // the house's rule as the page shows it (useHouseCancellation)
      description: 'Free cancellation until 24 hours before check-in',
      price: 145,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://example.com/it/room/10000000-0000-4000-8000-000000000001',
      itemOffered: {
        '@type': 'HotelRoom',
        name: 'Superior King',
        occupancy: { maxValue: 2 },
        floorSize: { value: 25 },
        amenityFeature: [
          { name: 'WiFi', value: true },
          { name: 'Air Conditioning', value: true },
        ],
        containedInPlace: { '@type': 'Hotel', address: { streetAddress: 'Via dei Serpenti 42, 00184 Rome, Italy' } },
      },
    });
  });

  it('marks a room that is not available as out of stock', () => {
    const data = roomJsonLd({
      room: {
        id: 'x',
        name: 'Classic Twin',
        description: null,
        price_per_night: 120,
        size_m2: 20,
        max_guests: 2,
        beds: 2,
        bed_layout: null,
        bathrooms: 1,
        amenities: [],
        status: 'maintenance',
      },
      url: 'https://example.com/room/x',
      image: 'https://example.com/rooms/classic-twin.svg',
      address: 'Via dei Serpenti 42',
    });
    expect(data.availability).toBe('https://schema.org/OutOfStock');
    expect(data.itemOffered).not.toHaveProperty('description');
  });
});
