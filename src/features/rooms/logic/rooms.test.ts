import { activateLocale } from '@/lib/i18n';
import { promoCode as code } from '@/lib/public-rooms/test-fixtures';
import { isUuid, promoBadges, roomFacts, roomFixedData, roomGallery, roomTypeLabel, roomView } from './rooms';
import type { RoomImage } from '@/lib/public-rooms/types';

describe('fixed room data by name', () => {
  it('matches the spec table', () => {
    expect(roomFixedData('Superior King')).toMatchObject({ sizeM2: 25, guests: 2, beds: { message: '1 king bed' } });
    expect(roomFixedData('Deluxe King')).toMatchObject({ sizeM2: 35, guests: 2 });
    expect(roomFixedData('Standard King')).toMatchObject({ sizeM2: 20, guests: 2 });
    expect(roomFixedData('Superior Quadruple')).toMatchObject({
      sizeM2: 30,
      guests: 4,
      beds: { message: '2 single beds and 1 king bed' },
    });
  });

  it('any other name: 25 m², 2 guests', () => {
    expect(roomFixedData('Romantic Suite')).toMatchObject({ sizeM2: 25, guests: 2, beds: null });
    expect(roomFixedData(undefined)).toMatchObject({ sizeM2: 25, guests: 2 });
  });
});

describe('room facts', () => {
  const room = (name: string, max_guests: number, beds: number, bathrooms = 1) => ({
    name,
    max_guests,
    beds,
    bathrooms,
  });

  it("the room's own guests, beds and bathrooms win over the fixed table", () => {
    expect(roomFacts(room('Cozy Single', 1, 1))).toEqual({ sizeM2: 25, guests: 1, beds: '1 bed', bathrooms: 1 });
    expect(roomFacts(room('Superior King', 3, 2, 2))).toEqual({ sizeM2: 25, guests: 3, beds: '2 beds', bathrooms: 2 });
  });

  it("keeps the table's bed wording when it describes as many beds as the room has", () => {
    expect(roomFacts(room('Superior King', 2, 1)).beds).toBe('1 king bed');
    expect(roomFacts(room('Superior Quadruple', 4, 3)).beds).toBe('2 single beds and 1 king bed');
    expect(roomFacts(room('Superior Quadruple', 4, 2)).beds).toBe('2 beds');
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

describe('misc room helpers', () => {
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

describe('room texts in the active language', () => {
  afterEach(() => activateLocale('en'));

  it('bed layouts, types and the default view follow the language; a typed view stays', async () => {
    await activateLocale('it');
    expect(roomFacts({ name: 'Superior Quadruple', max_guests: 4, beds: 3, bathrooms: 1 }).beds).toBe(
      '2 letti singoli e 1 letto king size',
    );
    expect(roomFacts({ name: 'Cozy', max_guests: 2, beds: 2, bathrooms: 1 }).beds).toBe('2 letti');
    expect(roomTypeLabel('single')).toBe('Singola');
    expect(roomTypeLabel('toString')).toBe('ToString');
    await activateLocale('fr');
    expect(roomView([])).toBe('Vue sur la ville');
    expect(roomView(['Colosseum View'])).toBe('Colosseum View');
  });
});
