import { describe, expect, it } from 'vitest';
import { toNumberOrNull, toNumberOrZero } from './number';

describe('toNumberOrZero', () => {
  it('keeps numbers and numeric strings', () => {
    expect(toNumberOrZero(12.5)).toBe(12.5);
    expect(toNumberOrZero('45')).toBe(45);
    expect(toNumberOrZero(' 7.25 ')).toBe(7.25);
  });
  it('turns non-numeric input into 0', () => {
    expect(toNumberOrZero('')).toBe(0);
    expect(toNumberOrZero('abc')).toBe(0);
    expect(toNumberOrZero('12abc')).toBe(0);
    expect(toNumberOrZero(Number.NaN)).toBe(0);
    expect(toNumberOrZero(Infinity)).toBe(0);
    expect(toNumberOrZero(undefined)).toBe(0);
    expect(toNumberOrZero(null)).toBe(0);
  });
});

describe('toNumberOrNull', () => {
  it('keeps empty as null', () => {
    expect(toNumberOrNull('')).toBeNull();
    expect(toNumberOrNull('  ')).toBeNull();
    expect(toNumberOrNull(undefined)).toBeNull();
  });
  it('reads numbers', () => {
    expect(toNumberOrNull('3')).toBe(3);
    expect(toNumberOrNull(4)).toBe(4);
    expect(toNumberOrNull('x')).toBeNull();
  });
});
