import { describe, expect, it } from 'vitest';
import { categoryLabel, groupByCategory } from './types';

describe('catalog categories', () => {
  it('labels categories as the spec does', () => {
    expect(categoryLabel('wellness')).toBe('Wellness & Spa');
    expect(categoryLabel('room')).toBe('Room Features');
    expect(categoryLabel('transport')).toBe('Transport');
  });
  it('groups items by category in list order', () => {
    const items = [
      { id: 1, category: 'dining' },
      { id: 2, category: 'dining' },
      { id: 3, category: 'transport' },
    ];
    expect(groupByCategory(items)).toEqual([
      { category: 'dining', items: [items[0], items[1]] },
      { category: 'transport', items: [items[2]] },
    ]);
  });
});
