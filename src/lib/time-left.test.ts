import { formatDateTime, formatDay, timeLeftText } from './time-left';

describe('timeLeftText', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('rounds minutes up so a running hold never reads 0 min', () => {
    expect(timeLeftText(at(30_000), now)).toBe('1 min');
    expect(timeLeftText(at(23 * 60_000), now)).toBe('23 min');
    expect(timeLeftText(at(22 * 60_000 + 1), now)).toBe('23 min');
  });

  it('uses hours, then days', () => {
    expect(timeLeftText(at(60 * 60_000), now)).toBe('1 h');
    expect(timeLeftText(at(5 * 3_600_000 + 10 * 60_000), now)).toBe('5 h 10 min');
    expect(timeLeftText(at(48 * 3_600_000), now)).toBe('2 days');
    expect(timeLeftText(at(27 * 3_600_000), now)).toBe('1 day 3 h');
  });

  it('is null once the moment has passed, or without a date', () => {
    expect(timeLeftText(at(0), now)).toBeNull();
    expect(timeLeftText(at(-5_000), now)).toBeNull();
    expect(timeLeftText(null, now)).toBeNull();
    expect(timeLeftText('not a date', now)).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('writes weekday, date and a 24-hour time', () => {
    expect(formatDateTime('2026-11-25T10:05:00')).toMatch(/^Wed, 25 Nov 2026, 10:05$/);
    expect(formatDateTime(null)).toBe('');
  });
});

describe('in the guest’s language', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('says days in Italian and French', () => {
    expect(timeLeftText(at(27 * 3_600_000), now, 'it')).toBe('1 giorno 3 h');
    expect(timeLeftText(at(48 * 3_600_000), now, 'fr')).toBe('2 jours');
    expect(timeLeftText(at(23 * 60_000), now, 'fr')).toBe('23 min');
  });

  it('writes the date and time as each language does', () => {
    expect(formatDateTime('2026-11-25T10:05:00', 'it')).toBe('mer 25 nov 2026, 10:05');
    expect(formatDateTime('2026-11-25T10:05:00', 'fr')).toBe('mer. 25 nov. 2026, 10:05');
  });
});

describe('formatDay', () => {
  it('writes a stay’s day with its weekday in each language', () => {
    expect(formatDay('2026-05-12')).toBe('Tue, 12 May 2026');
    expect(formatDay('2026-05-12', 'it')).toBe('mar 12 mag 2026');
    expect(formatDay('2026-05-12', 'fr')).toBe('mar. 12 mai 2026');
    expect(formatDay('soon', 'fr')).toBe('soon');
  });
});
