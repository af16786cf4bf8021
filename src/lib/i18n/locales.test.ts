import { describe, expect, it } from 'vitest';
import {
  browserPortalLocale,
  isAdminPath,
  localeOfPath,
  localizedPath,
  portalLocaleFor,
  unlocalizedPath,
} from './locales';

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

describe("the portal's language", () => {
  it('is the stored choice, then the first browser language the portal speaks, then Italian', () => {
    expect(portalLocaleFor('en', ['it-IT'])).toBe('en');
    expect(portalLocaleFor('it', ['en-US'])).toBe('it');
    expect(portalLocaleFor(null, ['en-US', 'it'])).toBe('en');
    expect(portalLocaleFor(null, ['de-DE', 'it-CH', 'en'])).toBe('it');
    // French is a language of the guest pages, not of the portal
    expect(portalLocaleFor('fr', ['fr-FR'])).toBe('it');
    expect(portalLocaleFor(undefined, [])).toBe('it');
    expect(browserPortalLocale(['EN-gb'])).toBe('en');
  });

  it('is not read from the URL under /admin', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/reports')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/it/admin')).toBe(false);
  });
});
