import { hexToHsl, hslToHex } from './color';

describe('colour picker conversions', () => {
  it('turns HSL triples into #rrggbb', () => {
    expect(hslToHex('0 0% 100%')).toBe('#ffffff');
    expect(hslToHex('0 100% 50%')).toBe('#ff0000');
    expect(hslToHex('220 60% 15%')).toBe('#0f1f3d');
    expect(hslToHex('not a colour')).toBeNull();
  });

  it('turns #rrggbb back into a triple the token accepts', () => {
    expect(hexToHsl('#ff0000')).toBe('0 100% 50%');
    expect(hexToHsl('#000000')).toBe('0 0% 0%');
    expect(hexToHsl('#0f1f3d')).toBe('219 61% 15%'); // 8-bit rounding
    expect(hexToHsl('red')).toBeNull();
  });
});
