import { languageLinks, suggestedLocale } from './language';

describe('language switcher links', () => {
  it('links the same page in each language, keeping query and section', () => {
    expect(languageLinks({ pathname: '/it/room/3', search: '?x=1', hash: '#photos' }, 'it')).toEqual([
      { locale: 'en', href: '/room/3?x=1#photos', current: false },
      { locale: 'it', href: '/it/room/3?x=1#photos', current: true },
      { locale: 'fr', href: '/fr/room/3?x=1#photos', current: false },
    ]);
  });

  it('maps the home page to /, /it/ and /fr/', () => {
    expect(languageLinks({ pathname: '/', hash: '#rooms' }, 'en').map((link) => link.href)).toEqual([
      '/#rooms',
      '/it/#rooms',
      '/fr/#rooms',
    ]);
    expect(languageLinks({ pathname: '/fr' }, 'fr').map((link) => link.href)).toEqual(['/', '/it/', '/fr/']);
  });
});

describe('language suggestion', () => {
  it('suggests Italian or French when the browser prefers it and the page is in another language', () => {
    expect(suggestedLocale(['it-IT', 'en'], 'en')).toBe('it');
    expect(suggestedLocale(['de-DE', 'fr-CA', 'en'], 'en')).toBe('fr');
    expect(suggestedLocale(['FR'], 'it')).toBe('fr');
  });

  it('says nothing when the page is already in it, English comes first, or no site language is preferred', () => {
    expect(suggestedLocale(['it-IT'], 'it')).toBeNull();
    expect(suggestedLocale(['en-US', 'it'], 'en')).toBeNull();
    expect(suggestedLocale(['en-US', 'it'], 'fr')).toBeNull();
    expect(suggestedLocale(['de', 'es'], 'en')).toBeNull();
    expect(suggestedLocale(undefined, 'en')).toBeNull();
  });
});
