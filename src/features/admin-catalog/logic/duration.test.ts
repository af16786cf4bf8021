import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationShort } from './duration';

describe('formatDuration (preview)', () => {
  it.each([
    [0, 'Instant'],
    [5, '5 minutes'],
    [45, '45 minutes'],
    [59, '59 minutes'],
    [60, '1 hour'],
    [90, '1h 30m'],
    [120, '2 hours'],
    [135, '2h 15m'],
  ])('%i → %s', (minutes, label) => {
    expect(formatDuration(minutes)).toBe(label);
  });
});

describe('formatDurationShort (cards)', () => {
  it.each([
    [0, 'Instant'],
    [30, '30m'],
    [60, '1h'],
    [90, '1h 30m'],
    [180, '3h'],
  ])('%i → %s', (minutes, label) => {
    expect(formatDurationShort(minutes)).toBe(label);
  });
});
