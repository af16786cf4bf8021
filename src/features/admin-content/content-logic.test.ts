import { describe, expect, it } from 'vitest';
import { changedEntries, contentLabel, entryName, groupContent, type ContentEntry } from './content-logic';

const entries: ContentEntry[] = [
  { key: 'booking_title', value: 'Book', description: null },
  { key: 'contact_phone', value: '+39', description: null },
  { key: 'footer_note', value: 'x', description: null },
  { key: 'hero_title', value: 'Welcome', description: 'Main title' },
  { key: 'hero_subtitle', value: 'Near the Colosseum', description: null },
  { key: 'reviews_rating', value: '9.7', description: null },
];

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

describe('changedEntries', () => {
  it('returns only edited values', () => {
    expect(changedEntries(entries, { hero_title: 'Welcome', hero_subtitle: 'Steps from the Colosseum' })).toEqual([
      { key: 'hero_subtitle', value: 'Steps from the Colosseum' },
    ]);
    expect(changedEntries(entries, {})).toEqual([]);
  });
  it('keeps an emptied value as a change', () => {
    expect(changedEntries(entries, { reviews_rating: '' })).toEqual([{ key: 'reviews_rating', value: '' }]);
  });
});

describe('contentLabel', () => {
  it('names a key without its section prefix', () => {
    expect(contentLabel('hero_review_count')).toBe('Review Count');
    expect(contentLabel('location_walk_title')).toBe('Walk Title');
  });
});

describe('entryName', () => {
  it('names an unsaved entry by its section and field', () => {
    expect(entryName('hero_title')).toBe('Hero: Title');
    expect(entryName('contact_email')).toBe('Contact Information: Email');
  });
});
