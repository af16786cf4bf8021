import { promoCode as code } from './test-fixtures';
import { bookableRooms, bookNowLabel, heroPromo, isPromoUsable } from './offers';
import type { RoomRow } from './types';

describe('hero promo and Book Now label', () => {
  const today = '2026-05-10';

  it('usable: active, started, not expired, uses left', () => {
    expect(isPromoUsable(code({}), today)).toBe(true);
    expect(isPromoUsable(code({ is_active: false }), today)).toBe(false);
    expect(isPromoUsable(code({ valid_from: '2026-05-11' }), today)).toBe(false);
    expect(isPromoUsable(code({ valid_until: '2026-05-09' }), today)).toBe(false);
    expect(isPromoUsable(code({ valid_until: today }), today)).toBe(true);
    expect(isPromoUsable(code({ max_uses: 3, current_uses: 3 }), today)).toBe(false);
  });

  it('picks an active code whose valid_until is today or later (highest discount)', () => {
    const rooms = [
      { room_promo_codes: [code({ promo_code: 'OPEN', discount_percentage: 50 })] },
      { room_promo_codes: [code({ promo_code: 'SUMMER', discount_percentage: 20, valid_until: '2026-08-31' })] },
      { room_promo_codes: [code({ promo_code: 'OLD', discount_percentage: 40, valid_until: '2026-05-01' })] },
      {
        room_promo_codes: [
          code({ promo_code: 'SOON', discount_percentage: 45, valid_until: '2026-12-31', valid_from: '2026-06-01' }),
        ],
      },
    ];
    expect(heroPromo(rooms, today)?.promo_code).toBe('SUMMER');
    expect(heroPromo([], today)).toBeNull();
    expect(heroPromo(undefined, today)).toBeNull();
  });

  it('labels the button with the promo, else plain "Book Now"', () => {
    expect(bookNowLabel(null)).toBe('Book Now');
    expect(bookNowLabel({ promo_code: 'SUMMER', discount_percentage: 20 })).toBe('Book Now – Save 20% with SUMMER');
  });
});

describe('bookable rooms', () => {
  it('bookable rooms: every room on sale (an occupied one too: a guest is in tonight), cheapest first', () => {
    const rooms: Pick<RoomRow, 'name' | 'status' | 'price_per_night'>[] = [
      { name: 'B', status: 'available', price_per_night: 150 },
      { name: 'A', status: 'occupied', price_per_night: 90 },
      { name: 'C', status: 'available', price_per_night: 110 },
      { name: 'D', status: 'maintenance', price_per_night: 100 },
      { name: 'E', status: 'out_of_order', price_per_night: 80 },
    ];
    expect(bookableRooms(rooms).map((r) => r.name)).toEqual(['A', 'C', 'B']);
  });
});
