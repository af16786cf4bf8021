import { describe, expect, it } from 'vitest';
import { localizeRow, pickList, pickText, translatedFields, translatedText } from './translations';

describe('pickText', () => {
  it('takes the translation when it has words', () => {
    expect(pickText('Our Rooms', 'Le nostre camere')).toBe('Le nostre camere');
  });

  it.each([undefined, null, '', '   \n', 42, ['x'], { it: 'x' }])('falls back to English for %j', (translated) => {
    expect(pickText('Our Rooms', translated)).toBe('Our Rooms');
  });

  it('keeps a missing English description missing when there is no translation either', () => {
    expect(pickText(null, undefined)).toBeNull();
    expect(pickText(null, 'Una camera')).toBe('Una camera');
  });
});

describe('pickList', () => {
  it('takes the translated list without its blank entries', () => {
    expect(pickList(['WiFi', 'Shower'], ['Wi-Fi', ' ', 'Doccia'])).toEqual(['Wi-Fi', 'Doccia']);
  });

  it.each([undefined, 'Wi-Fi', [], ['', '  '], [1, 2]])('falls back to the English list for %j', (translated) => {
    expect(pickList(['WiFi', 'Shower'], translated)).toEqual(['WiFi', 'Shower']);
  });
});

describe('translatedText / translatedFields', () => {
  const site = { it: 'Benvenuti', fr: '' };
  const room = { it: { name: 'Camera' }, fr: 'not an object' };

  it('English never reads the translations', () => {
    expect(translatedText(site, 'en')).toBeUndefined();
    expect(translatedFields(room, 'en')).toEqual({});
  });

  it('returns the language asked for, nothing for blank or malformed values', () => {
    expect(translatedText(site, 'it')).toBe('Benvenuti');
    expect(translatedText(site, 'fr')).toBeUndefined();
    expect(translatedText(null, 'it')).toBeUndefined();
    expect(translatedFields(room, 'it')).toEqual({ name: 'Camera' });
    expect(translatedFields(room, 'fr')).toEqual({});
    expect(translatedFields([], 'it')).toEqual({});
  });
});

describe('localizeRow', () => {
  const row = {
    id: 'r1',
    name: 'Standard King',
    description: 'A cosy room.' as string | null,
    amenities: ['WiFi', 'Shower'],
    price_per_night: 110,
    translations: {
      it: { name: 'Matrimoniale Standard', description: '  ', amenities: ['Wi-Fi', 'Doccia'] },
      fr: { name: 'Chambre King Standard' },
    },
  };

  it('replaces each field on its own, falling back to English per field', () => {
    expect(localizeRow(row, 'it', ['name', 'description', 'amenities'])).toEqual({
      ...row,
      name: 'Matrimoniale Standard',
      description: 'A cosy room.',
      amenities: ['Wi-Fi', 'Doccia'],
    });
    expect(localizeRow(row, 'fr', ['name', 'description', 'amenities'])).toMatchObject({
      name: 'Chambre King Standard',
      description: 'A cosy room.',
      amenities: ['WiFi', 'Shower'],
      price_per_night: 110,
    });
  });

  it('returns the row itself in English and never changes it', () => {
    expect(localizeRow(row, 'en', ['name'])).toBe(row);
    localizeRow(row, 'it', ['name']);
    expect(row.name).toBe('Standard King');
  });
});
