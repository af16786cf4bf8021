import { activateLocale } from '@/lib/i18n';
import { promoCode as code, roomRow } from '@/lib/public-rooms/test-fixtures';
import { localizeRoom } from '@/lib/public-rooms/translations';
import { isUuid, promoBadges, roomFacts, roomGallery, roomTypeLabel, roomView } from './rooms';
import type { RoomImage } from '@/lib/public-rooms/types';

describe('room facts', () => {
  const room = (size_m2: number, max_guests: number, beds: number, bed_layout: string | null, bathrooms = 1) => ({
    size_m2,
    max_guests,
    beds,
    bed_layout,
    bathrooms,
  });

  it("come from the room's own fields", () => {
    expect(roomFacts(room(30, 4, 3, '2 single beds and 1 king bed'))).toEqual({
      sizeM2: 30,
      guests: 4,
      beds: '2 single beds and 1 king bed',
      bathrooms: 1,
    });
    expect(roomFacts(room(20, 1, 1, null, 2))).toEqual({ sizeM2: 20, guests: 1, beds: '1 bed', bathrooms: 2 });
  });

  it('count the beds when the room has no bed layout', () => {
    expect(roomFacts(room(25, 2, 2, null)).beds).toBe('2 beds');
    expect(roomFacts(room(25, 2, 2, '  ')).beds).toBe('2 beds');
  });

  it('keep the size in every language and take the bed layout and view of the page language', () => {
    const quadruple = roomRow({
      name: 'Superior Quadruple',
      size_m2: 30,
      beds: 3,
      bed_layout: '2 single beds and 1 king bed',
      view: 'Courtyard View',
      translations: { it: { name: 'Quadrupla Superior', bed_layout: '2 letti singoli e 1 letto king size' } },
    });
    const italian = localizeRoom(quadruple, 'it');
    expect(roomFacts(italian)).toMatchObject({ sizeM2: 30, beds: '2 letti singoli e 1 letto king size' });
    expect(roomFacts(localizeRoom(quadruple, 'en')).sizeM2).toBe(30);
    expect(roomView(italian)).toBe('Courtyard View');
    expect(roomFacts(localizeRoom(quadruple, 'fr')).beds).toBe('2 single beds and 1 king bed');
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
    expect(roomView({ view: 'Courtyard View' })).toBe('Courtyard View');
    expect(roomView({ view: null })).toBe('City View');
  });

  it('recognises uuids', () => {
    expect(isUuid('10000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('abc')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});

describe('room texts in the active language', () => {
  afterEach(() => activateLocale('en'));

  it('the bed count, types and the default view follow the language; a typed view stays', async () => {
    await activateLocale('it');
    expect(roomFacts({ size_m2: 25, max_guests: 2, beds: 2, bed_layout: null, bathrooms: 1 }).beds).toBe('2 letti');
    expect(roomTypeLabel('single')).toBe('Singola');
    expect(roomTypeLabel('toString')).toBe('ToString');
    await activateLocale('fr');
    expect(roomView({ view: null })).toBe('Vue sur la ville');
    expect(roomView({ view: 'Colosseum View' })).toBe('Colosseum View');
  });
});
