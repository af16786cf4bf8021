import type { RoomPromoCode, RoomRow } from './types';

/** A usable promo code for tests; override what the test is about. */
export const promoCode = (overrides: Partial<RoomPromoCode>): RoomPromoCode => ({
  id: overrides.promo_code ?? 'id',
  promo_code: 'CODE',
  discount_percentage: 10,
  is_active: true,
  valid_from: null,
  valid_until: null,
  max_uses: null,
  current_uses: 0,
  description: null,
  ...overrides,
});

/** A room row as the public pages read it; override what the test is about. */
export const roomRow = (overrides: Partial<RoomRow>): RoomRow => ({
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Superior King',
  room_number: '101',
  room_type: 'elegant',
  status: 'available',
  description: null,
  price_per_night: 145,
  size_m2: 25,
  max_guests: 2,
  beds: 1,
  bed_layout: null,
  view: null,
  bathrooms: 1,
  amenities: [],
  image_url: null,
  translations: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
