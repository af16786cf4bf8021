import { Home, Wifi } from 'lucide-react';
import { AMENITY_ICONS, amenityIcon } from './amenity-icons';

describe('amenity icons', () => {
  it('covers the 29 names of the admin icon list', () => {
    const names =
      'Wifi Car Coffee Utensils MapPin Shield Clock Users Bath Tv Wind Home Phone Mail Star Heart CheckCircle Zap Sun Moon Music Camera Globe Lock Key Bed Sofa Refrigerator Microwave'.split(
        ' ',
      );
    expect(names).toHaveLength(29);
    expect(Object.keys(AMENITY_ICONS).sort()).toEqual([...names].sort());
    for (const name of names) expect(AMENITY_ICONS[name as keyof typeof AMENITY_ICONS]).toBeTruthy();
  });

  it('unknown or empty names show the home icon', () => {
    expect(amenityIcon('Wifi')).toBe(Wifi);
    expect(amenityIcon('Spaceship')).toBe(Home);
    expect(amenityIcon('constructor')).toBe(Home);
    expect(amenityIcon(null)).toBe(Home);
  });
});
