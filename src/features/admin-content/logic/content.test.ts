import { describe, expect, it } from 'vitest';
import {
  changedEntries,
  changeName,
  contentLabel,
  contentSaveRows,
  entryLanguages,
  entryName,
  groupContent,
  isMissingTranslation,
  shownText,
  type ContentEntry,
} from './content';

const entries: ContentEntry[] = [
  { key: 'booking_title', value: 'Book', description: null, translations: {} },
  { key: 'contact_phone', value: '+39', description: null, translations: {} },
  { key: 'footer_note', value: 'x', description: null, translations: {} },
  {
    key: 'hero_title',
    value: 'Welcome',
    description: 'Main title',
    translations: { it: 'Benvenuti', fr: 'Bienvenue' },
  },
  { key: 'hero_subtitle', value: 'Near the Colosseum', description: null, translations: { it: 'Vicino al Colosseo' } },
];
const [, , , heroTitle, heroSubtitle] = entries;

describe('groupContent', () => {
  it('puts entries into the six sections by key prefix', () => {
    const sections = groupContent(entries);
    expect(sections.map((section) => section.title)).toEqual([
      'Hero',
      'Rooms',
      'Location',
      'Reviews',
      'Booking Form',
      'Contact Information',
    ]);
    expect(sections[0].entries.map((entry) => entry.key)).toEqual(['hero_title', 'hero_subtitle']);
    expect(groupContent([entries[4], entries[3]])[0].entries.map((entry) => entry.key)).toEqual([
      'hero_title',
      'hero_subtitle',
    ]);
    expect(sections[1].entries).toEqual([]);
    expect(sections[4].entries.map((entry) => entry.key)).toEqual(['booking_title']);
    expect(sections.flatMap((section) => section.entries).some((entry) => entry.key === 'footer_note')).toBe(false);
  });
});

describe('entryLanguages', () => {
  it('texts are edited in English, Italian and French; numbers and contact details only once', () => {
    expect(entryLanguages('hero_title')).toEqual(['en', 'it', 'fr']);
    expect(entryLanguages('contact_address')).toEqual(['en', 'it', 'fr']);
    expect(entryLanguages('contact_phone')).toEqual(['en']);
    expect(entryLanguages('contact_phone')).toEqual(['en']);
  });
});

describe('changedEntries', () => {
  it('returns only edited values, one change per key and language', () => {
    expect(
      changedEntries(entries, {
        hero_title: { en: 'Welcome', it: 'Benvenuti a Roma' },
        hero_subtitle: { en: 'Steps from the Colosseum' },
      }),
    ).toEqual([
      { key: 'hero_title', language: 'it', value: 'Benvenuti a Roma' },
      { key: 'hero_subtitle', language: 'en', value: 'Steps from the Colosseum' },
    ]);
    expect(changedEntries(entries, {})).toEqual([]);
    expect(changedEntries(entries, { hero_title: { fr: 'Bienvenue' } })).toEqual([]);
  });

  it('keeps an emptied value as a change', () => {
    expect(changedEntries(entries, { contact_phone: { en: '' } })).toEqual([
      { key: 'contact_phone', language: 'en', value: '' },
    ]);
    expect(changedEntries(entries, { hero_title: { fr: '' } })).toEqual([
      { key: 'hero_title', language: 'fr', value: '' },
    ]);
  });
});

describe('contentSaveRows', () => {
  it('saving one language leaves the others as saved', () => {
    const changes = changedEntries(entries, { hero_title: { it: 'Benvenuti a Roma' } });
    expect(contentSaveRows(entries, changes)).toEqual([
      { key: 'hero_title', value: 'Welcome', translations: { it: 'Benvenuti a Roma', fr: 'Bienvenue' } },
    ]);
  });

  it('one row per key with every changed language; a cleared translation is removed', () => {
    const changes = changedEntries(entries, {
      hero_title: { en: 'Hello', fr: '  ' },
      hero_subtitle: { fr: 'Près du Colisée' },
    });
    expect(contentSaveRows(entries, changes)).toEqual([
      { key: 'hero_title', value: 'Hello', translations: { it: 'Benvenuti' } },
      {
        key: 'hero_subtitle',
        value: 'Near the Colosseum',
        translations: { it: 'Vicino al Colosseo', fr: 'Près du Colisée' },
      },
    ]);
    expect(heroTitle.translations).toEqual({ it: 'Benvenuti', fr: 'Bienvenue' });
  });
});

describe('shownText / isMissingTranslation', () => {
  it('shows the draft, else the saved text of the language', () => {
    expect(shownText(heroSubtitle, {}, 'it')).toBe('Vicino al Colosseo');
    expect(shownText(heroSubtitle, {}, 'fr')).toBe('');
    expect(shownText(heroSubtitle, { hero_subtitle: { fr: 'Près' } }, 'fr')).toBe('Près');
  });

  it('flags a blank translation of an English text, as typed', () => {
    expect(isMissingTranslation(heroSubtitle, {}, 'fr')).toBe(true);
    expect(isMissingTranslation(heroSubtitle, {}, 'it')).toBe(false);
    expect(isMissingTranslation(heroSubtitle, { hero_subtitle: { fr: 'Près' } }, 'fr')).toBe(false);
    expect(isMissingTranslation(heroTitle, { hero_title: { it: ' ' } }, 'it')).toBe(true);
    expect(isMissingTranslation(heroSubtitle, { hero_subtitle: { en: '' } }, 'fr')).toBe(false);
    expect(isMissingTranslation(heroSubtitle, {}, 'en')).toBe(false);
    expect(isMissingTranslation(entries[1], {}, 'it')).toBe(false);
  });
});

describe('contentLabel', () => {
  it('names a key without its section prefix', () => {
    expect(contentLabel('hero_review_count')).toBe('Review Count');
    expect(contentLabel('location_walk_title')).toBe('Walk Title');
  });
});

describe('entryName / changeName', () => {
  it('names an unsaved entry by its section and field, and its language unless English', () => {
    expect(entryName('hero_title')).toBe('Hero: Title');
    expect(entryName('contact_email')).toBe('Contact Information: Email');
    expect(changeName({ key: 'hero_title', language: 'en' })).toBe('Hero: Title');
    expect(changeName({ key: 'hero_title', language: 'it' })).toBe('Hero: Title (Italian)');
  });
});
