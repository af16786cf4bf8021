import {
  bookableRooms,
  bookNowLabel,
  heroPromo,
  isPromoUsable,
  isUuid,
  promoBadges,
  roomCardImage,
  roomFixedData,
  roomGallery,
  roomIllustration,
  roomTypeLabel,
  roomView,
} from './logic';
import type { RoomImage, RoomPromoCode } from './types';

const code = (overrides: Partial<RoomPromoCode>): RoomPromoCode => ({
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

describe('fixed room data by name', () => {
  it('matches the spec table', () => {
    expect(roomFixedData('Superior King')).toEqual({ sizeM2: 25, guests: 2, beds: '1 king bed' });
    expect(roomFixedData('Deluxe King')).toMatchObject({ sizeM2: 35, guests: 2 });
    expect(roomFixedData('Standard King')).toMatchObject({ sizeM2: 20, guests: 2 });
    expect(roomFixedData('Superior Quadruple')).toEqual({
      sizeM2: 30,
      guests: 4,
      beds: '2 single beds and 1 king bed',
    });
  });

  it('any other name: 25 m², 2 guests', () => {
    expect(roomFixedData('Romantic Suite')).toEqual({ sizeM2: 25, guests: 2, beds: null });
    expect(roomFixedData(undefined)).toMatchObject({ sizeM2: 25, guests: 2 });
  });

  it('fallback photos when the name contains a known room', () => {
    expect(roomIllustration('The Superior King Room')).toBe('/rooms/superior-king.svg');
    expect(roomIllustration('deluxe king')).toBe('/rooms/deluxe-king.svg');
    expect(roomIllustration('Standard King')).toBe('/rooms/standard-king.svg');
    expect(roomIllustration('Superior Quadruple')).toBe('/rooms/superior-quadruple.svg');
    expect(roomIllustration('Cozy Single')).toBe('/rooms/room.svg');
  });

  it('the card uses image_url, else the illustration', () => {
    expect(roomCardImage({ name: 'Deluxe King', image_url: 'https://x/y.jpg' })).toBe('https://x/y.jpg');
    expect(roomCardImage({ name: 'Deluxe King', image_url: '  ' })).toBe('/rooms/deluxe-king.svg');
    expect(roomCardImage({ name: 'Deluxe King', image_url: null })).toBe('/rooms/deluxe-king.svg');
  });
});

describe('room page gallery', () => {
  const image = (id: string, order: number, alt: string | null = null): RoomImage => ({
    id,
    room_id: 'r',
    image_url: `/img/${id}.jpg`,
    alt_text: alt,
    display_order: order,
    is_primary: false,
  });

  it('room_images by display_order, with alt texts', () => {
    const gallery = roomGallery({ name: 'Deluxe King', image_url: '/main.jpg' }, [image('b', 2), image('a', 1, 'Bed')]);
    expect(gallery.map((g) => g.src)).toEqual(['/img/a.jpg', '/img/b.jpg']);
    expect(gallery[0].alt).toBe('Bed');
    expect(gallery[1].alt).toBe('Deluxe King – photo 2');
  });

  it('falls back to image_url, then to the illustration', () => {
    expect(roomGallery({ name: 'Deluxe King', image_url: '/main.jpg' }, [])).toEqual([
      { src: '/main.jpg', alt: 'Deluxe King', isIllustration: false },
    ]);
    expect(roomGallery({ name: 'Deluxe King', image_url: null }, null)[0]).toMatchObject({
      src: '/rooms/deluxe-king.svg',
      isIllustration: true,
    });
  });
});

describe('promo badges', () => {
  it('at most 2 (highest discount first), then "+N more"', () => {
    const codes = [
      code({ promo_code: 'A', discount_percentage: 10 }),
      code({ promo_code: 'B', discount_percentage: 30 }),
      code({ promo_code: 'C', discount_percentage: 20 }),
      code({ promo_code: 'D', discount_percentage: 5 }),
    ];
    const { shown, more } = promoBadges(codes);
    expect(shown.map((c) => c.promo_code)).toEqual(['B', 'C']);
    expect(more).toBe(2);
  });

  it('ignores inactive codes; no "+N" for two or fewer', () => {
    expect(promoBadges([code({ is_active: false }), code({})])).toMatchObject({ more: 0 });
    expect(promoBadges(undefined)).toEqual({ shown: [], more: 0 });
  });
});

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

describe('misc room helpers', () => {
  it('bookable rooms: status available, cheapest first', () => {
    const rooms = [
      { name: 'B', status: 'available', price_per_night: 150 },
      { name: 'A', status: 'occupied', price_per_night: 90 },
      { name: 'C', status: 'available', price_per_night: 110 },
      { name: 'D', status: 'maintenance', price_per_night: 100 },
    ];
    expect(bookableRooms(rooms).map((r) => r.name)).toEqual(['C', 'B']);
  });

  it('labels and views', () => {
    expect(roomTypeLabel('deluxe')).toBe('Deluxe');
    expect(roomTypeLabel(null)).toBe('Room');
    expect(roomView(['WiFi', 'City View'])).toBe('City View');
    expect(roomView([])).toBe('City View');
    expect(roomView(['Courtyard view'])).toBe('Courtyard view');
  });

  it('recognises uuids', () => {
    expect(isUuid('10000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('abc')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
