import { roomCardImage, roomIllustration } from './room-pictures';

describe('room pictures', () => {
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
