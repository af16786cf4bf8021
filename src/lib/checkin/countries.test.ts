import { describe, expect, it } from 'vitest';
import { countryCodesFor, countryName, normalName } from './countries';

describe('countries by their name in the guest’s language', () => {
  it('finds Germany by its French, English and Italian names', () => {
    for (const query of ['Allemagne', 'allemagne', 'Germany', 'Germania', 'ALLEM']) {
      expect(countryCodesFor(query, ['fr', 'it', 'en'])[0], query).toBe('DE');
    }
    expect(countryCodesFor('États-Unis', ['fr'])).toContain('US');
    expect(countryCodesFor('etats unis', ['fr'])).toContain('US');
    expect(countryCodesFor('Côte', ['fr'])).toContain('CI');
  });

  it('ranks a whole name, then a name that starts so, then a word, then any part', () => {
    const codes = countryCodesFor('guinea', ['en']);
    expect(codes[0]).toBe('GN');
    expect(codes.indexOf('GW')).toBeLessThan(codes.indexOf('PG'));
    expect(countryCodesFor('a', ['en'])).toEqual([]);
    expect(countryCodesFor('Narnia', ['en', 'fr'])).toEqual([]);
  });

  it('names no grouping or private code, and at most 30', () => {
    expect(countryCodesFor('union', ['en'])).not.toContain('EU');
    expect(countryCodesFor('Allemagne', ['fr'])).toEqual(['DE']);
    expect(countryCodesFor('an', ['en']).length).toBeLessThanOrEqual(30);
  });

  it('names a country in the page’s language, and nothing for a comune', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName(null, 'fr')).toBeNull();
    expect(normalName('Côte d’Ivoire')).toBe('cote d ivoire');
  });
});
