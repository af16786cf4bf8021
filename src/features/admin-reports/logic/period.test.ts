import { describe, expect, it } from 'vitest';
import { customPeriod, lastNightOf, periodLabel, presetPeriod, yearBefore } from './period';

describe('period presets', () => {
  it('count whole months from today', () => {
    expect(presetPeriod('next12', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2027-11-01' });
    expect(presetPeriod('last12', '2026-11-26')).toEqual({ from: '2025-11-01', to: '2026-11-01' });
    expect(presetPeriod('thisYear', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(presetPeriod('lastYear', '2026-01-01')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(presetPeriod('custom', '2026-11-26')).toBeNull();
  });
  it('compare with the same period a year before; 29 February becomes the 28th', () => {
    expect(yearBefore({ from: '2028-02-29', to: '2028-03-01' })).toEqual({ from: '2027-02-28', to: '2027-03-01' });
  });
});

describe('custom range', () => {
  it('includes its last night', () => {
    expect(customPeriod('2028-02-01', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(lastNightOf({ from: '2028-02-01', to: '2028-03-01' })).toBe('2028-02-29');
    expect(periodLabel({ from: '2028-02-01', to: '2028-03-01' })).toBe('1 Feb 2028 – 29 Feb 2028');
  });
  it('refuses a missing, reversed or too long range', () => {
    expect(customPeriod('', '2026-01-01')).toEqual({ error: 'Choose the first and the last night.' });
    expect(customPeriod('2026-01-02', '2026-01-01')).toEqual({ error: 'The last night comes before the first.' });
    expect(customPeriod('2026-01-01', '2029-12-31')).toEqual({ error: 'Choose a period of at most three years.' });
    expect(customPeriod('2026-01-01', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-02' });
  });
});
