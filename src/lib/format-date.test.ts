import { describe, expect, it } from 'vitest';
import { formatAdminDate } from './format-date';

describe('formatAdminDate', () => {
  it('formats dates as MMM dd, yyyy', () => {
    expect(formatAdminDate('2026-03-05')).toBe('Mar 05, 2026');
    expect(formatAdminDate('2026-12-31')).toBe('Dec 31, 2026');
  });
  it('leaves unreadable values as they are', () => {
    expect(formatAdminDate('soon')).toBe('soon');
  });
});
