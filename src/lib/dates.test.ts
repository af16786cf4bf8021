import { addDaysISO, daysBetweenISO, formatISODate, isISODate, todayISO, toISODate } from './dates';

describe('dates as yyyy-mm-dd', () => {
  it('formats local dates with zero padding', () => {
    expect(toISODate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(todayISO(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('validates real calendar dates only', () => {
    expect(isISODate('2026-02-28')).toBe(true);
    expect(isISODate('2028-02-29')).toBe(true);
    expect(isISODate('2026-02-29')).toBe(false);
    expect(isISODate('2026-13-01')).toBe(false);
    expect(isISODate('26-01-01')).toBe(false);
    expect(isISODate('')).toBe(false);
    expect(isISODate(undefined)).toBe(false);
  });

  it('adds days across month, year and DST boundaries', () => {
    expect(addDaysISO('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysISO('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysISO('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysISO('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days between dates', () => {
    expect(daysBetweenISO('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetweenISO('2026-05-10', '2026-05-09')).toBe(-1);
  });

  it('prints a readable English date', () => {
    expect(formatISODate('2026-05-12')).toBe('Tue, 12 May 2026');
    expect(formatISODate('not a date')).toBe('not a date');
  });
});
