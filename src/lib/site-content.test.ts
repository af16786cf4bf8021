import { describe, expect, it } from 'vitest';
import { contactInfo, pickSiteContent, type SiteText } from './site-content';

const texts: SiteText[] = [
  { key: 'hero_title', value: 'Colosseum Guest House', translations: { it: 'Casa Colosseo', fr: '   ' } },
  { key: 'rooms_title', value: 'Our Rooms', translations: {} },
  {
    key: 'contact_address',
    value: 'Via dei Serpenti 42, Rome',
    translations: { fr: 'Via dei Serpenti 42, Rome, Italie' },
  },
  // a language-neutral text: a stray translation is never shown
  { key: 'contact_phone', value: '+39 06 1234 5678', translations: { it: '06 0000' } },
];

describe('pickSiteContent', () => {
  it('English reads the English values', () => {
    expect(pickSiteContent(texts, 'en')).toEqual({
      hero_title: 'Colosseum Guest House',
      rooms_title: 'Our Rooms',
      contact_address: 'Via dei Serpenti 42, Rome',
      contact_phone: '+39 06 1234 5678',
    });
  });

  it('Italian shows the Italian texts and English where one is missing', () => {
    expect(pickSiteContent(texts, 'it')).toEqual({
      hero_title: 'Casa Colosseo',
      rooms_title: 'Our Rooms',
      contact_address: 'Via dei Serpenti 42, Rome',
      contact_phone: '+39 06 1234 5678',
    });
  });

  it('a blank French text falls back to English, never an empty string', () => {
    const french = pickSiteContent(texts, 'fr');
    expect(french.hero_title).toBe('Colosseum Guest House');
    expect(contactInfo(french).address).toBe('Via dei Serpenti 42, Rome, Italie');
  });
});
