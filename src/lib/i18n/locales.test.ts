import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, unlocalizedPath } from './locales';

describe('language paths', () => {
  it('reads the language from the first segment only', () => {
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/it/')).toBe('it');
    expect(localeOfPath('/fr/room/3')).toBe('fr');
    expect(localeOfPath('/italy')).toBe('en');
    expect(localeOfPath('/en/room/3')).toBe('en');
  });

  it('moves a page between languages', () => {
    expect(localizedPath('/room/3', 'it')).toBe('/it/room/3');
    expect(localizedPath('/it/room/3', 'fr')).toBe('/fr/room/3');
    expect(localizedPath('/fr/room/3', 'en')).toBe('/room/3');
    expect(localizedPath('/', 'it')).toBe('/it/');
    expect(unlocalizedPath('/it')).toBe('/');
  });
});
