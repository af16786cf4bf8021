import { describe, expect, it } from 'vitest';
import { amenityLines, translationsDraft, translationsSchema, translationsValue } from './translations-form';

describe('translationsDraft', () => {
  it('fills every language and field, lists one entry per line', () => {
    expect(
      translationsDraft({ it: { name: 'Camera', amenities: ['Wi-Fi', 'Doccia'] } }, [
        'name',
        'description',
        'amenities',
      ]),
    ).toEqual({
      it: { name: 'Camera', description: '', amenities: 'Wi-Fi\nDoccia' },
      fr: { name: '', description: '', amenities: '' },
    });
    expect(translationsDraft(undefined, ['name'])).toEqual({ it: { name: '' }, fr: { name: '' } });
  });
});

describe('amenityLines', () => {
  it('trims, drops blank lines and repeats', () => {
    expect(amenityLines(' Wi-Fi \n\n  Doccia   calda\nwi-fi\n')).toEqual(['Wi-Fi', 'Doccia calda']);
  });
});

describe('translationsValue', () => {
  it('keeps only texts with words; a language without any is left out', () => {
    expect(
      translationsValue({
        it: { name: ' Camera ', description: '  ', amenities: 'Wi-Fi\n' },
        fr: { name: '', description: '', amenities: '' },
      }),
    ).toEqual({ it: { name: 'Camera', amenities: ['Wi-Fi'] } });
  });

  it('saving one language writes the other as it was loaded', () => {
    const saved = { it: { name: 'Camera' }, fr: { name: 'Chambre', description: 'Calme.' } };
    const draft = translationsDraft(saved, ['name', 'description']);
    draft.it.name = 'Camera Deluxe';
    expect(translationsValue(draft)).toEqual({ it: { name: 'Camera Deluxe' }, fr: saved.fr });
  });
});

describe('translationsSchema', () => {
  const schema = translationsSchema(['name', 'description', 'amenities']);
  const empty = { name: '', description: '', amenities: '' };

  it('passes plain texts through as the column value', () => {
    expect(schema.parse({ it: { ...empty, name: 'Camera' }, fr: empty })).toEqual({ it: { name: 'Camera' } });
  });

  it('refuses markup and overlong texts, naming field and language', () => {
    const markup = schema.safeParse({ it: empty, fr: { ...empty, name: '<b>Chambre</b>' } });
    expect(markup.error?.issues[0]?.message).toBe('Name (French) must be plain text, without HTML');
    const long = schema.safeParse({ it: { ...empty, name: 'x'.repeat(101) }, fr: empty });
    expect(long.error?.issues[0]?.message).toBe('Name (Italian) must be at most 100 characters');
    const list = schema.safeParse({
      it: { ...empty, amenities: Array.from({ length: 51 }, (_, i) => `A${i}`).join('\n') },
      fr: empty,
    });
    expect(list.error?.issues[0]?.message).toBe('Amenities (Italian): at most 50 amenities');
  });
});
