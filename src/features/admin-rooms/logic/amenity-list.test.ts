import { describe, expect, it } from 'vitest';
import { addAmenity, AMENITY_PRESETS, removeAmenity, togglePreset } from './amenity-list';

describe('amenity list editing', () => {
  it('has the 14 presets of the spec', () => {
    expect(AMENITY_PRESETS).toHaveLength(14);
    expect(AMENITY_PRESETS[0]).toBe('WiFi');
    expect(AMENITY_PRESETS[13]).toBe('Heating');
  });
  it('adds trimmed values once', () => {
    expect(addAmenity([], '  Espresso machine ')).toEqual(['Espresso machine']);
    expect(addAmenity(['WiFi'], 'wifi')).toEqual(['WiFi']);
    expect(addAmenity(['WiFi'], '   ')).toEqual(['WiFi']);
  });
  it('removes and toggles presets', () => {
    expect(removeAmenity(['WiFi', 'TV'], 'tv')).toEqual(['WiFi']);
    expect(togglePreset(['WiFi'], 'TV')).toEqual(['WiFi', 'TV']);
    expect(togglePreset(['WiFi', 'TV'], 'TV')).toEqual(['WiFi']);
  });
});
