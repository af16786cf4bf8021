import type { RoomPromoCode } from './types';

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
