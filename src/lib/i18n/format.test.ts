import { describe, expect, it } from 'vitest';
import { formatters } from './format';

describe('formatters', () => {
  it('writes prices and dates as each language does', () => {
    expect(formatters('en').euro(1234.5)).toBe('€1,234.50');
    expect(formatters('it').euro(12345.5)).toMatch(/^12\.345,50\s€$/);
    expect(formatters('fr').euro(1234.5)).toMatch(/^1\s234,50\s€$/);
    expect(formatters('en').longDate('2026-03-05')).toBe('5 March 2026');
    expect(formatters('it').longDate('2026-03-05')).toBe('5 marzo 2026');
    expect(formatters('fr').longDate('2026-03-05')).toBe('5 mars 2026');
  });
});
