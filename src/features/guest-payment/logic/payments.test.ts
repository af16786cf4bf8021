import { describe, expect, it } from 'vitest';
import { formatCents, formatDay, stillWaiting } from './payments';

describe('guest payment figures', () => {
  it('writes cents as euros the way each language does', () => {
    expect(formatCents(7200, 'en')).toBe('€72.00');
    expect(formatCents(123456, 'it').replace(/\s/g, ' ')).toBe('1234,56 €');
    expect(formatCents(5, 'fr').replace(/\s/g, ' ')).toBe('0,05 €');
  });

  it('writes a day in the page language', () => {
    expect(formatDay('2027-05-01', 'it')).toBe('1 maggio 2027');
    expect(formatDay('2027-05-01', 'en')).toBe('1 May 2027');
  });

  it('waits while the session is pending or being confirmed, not once paid, expired or unknown', () => {
    expect(stillWaiting(undefined)).toBe(true);
    expect(stillWaiting({ state: 'pending' })).toBe(true);
    expect(stillWaiting({ state: 'confirming' })).toBe(true);
    expect(stillWaiting({ state: 'paid' })).toBe(false);
    expect(stillWaiting({ state: 'unknown' })).toBe(false);
    expect(stillWaiting({ state: 'expired' })).toBe(false);
  });
});
