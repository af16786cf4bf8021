import { discountAmount, nightsBetween, nightsLabel, roundCents, stayTotals } from './pricing';

describe('nights', () => {
  it('is the day difference between check-out and check-in', () => {
    expect(nightsBetween('2026-05-10', '2026-05-13')).toBe(3);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('is 0 for missing, equal, reversed or malformed dates', () => {
    expect(nightsBetween('', '2026-05-13')).toBe(0);
    expect(nightsBetween('2026-05-10', undefined)).toBe(0);
    expect(nightsBetween('2026-05-10', '2026-05-10')).toBe(0);
    expect(nightsBetween('2026-05-13', '2026-05-10')).toBe(0);
    expect(nightsBetween('2026-02-30', '2026-03-02')).toBe(0);
  });

  it('is not thrown off by daylight-saving changes (rounded up day difference)', () => {
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('labels singular and plural', () => {
    expect(nightsLabel(1)).toBe('1 night');
    expect(nightsLabel(2)).toBe('2 nights');
  });
});

describe('discount and totals', () => {
  it('discount = total × percent / 100 to 2 decimals', () => {
    expect(discountAmount(360, 15)).toBe(54);
    expect(discountAmount(145.5, 15)).toBe(21.83);
    expect(discountAmount(99.99, 10)).toBe(10);
    expect(discountAmount(100, 0)).toBe(0);
    expect(discountAmount(100, -5)).toBe(0);
    expect(discountAmount(100, 150)).toBe(100);
  });

  it('rounds to cents', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
  });

  it('total = price per night × nights, minus the discount', () => {
    expect(stayTotals(120, '2026-05-10', '2026-05-13', 15)).toEqual({
      nights: 3,
      pricePerNight: 120,
      subtotal: 360,
      discountPercentage: 15,
      discount: 54,
      total: 306,
    });
    expect(stayTotals(145, '2026-05-10', '2026-05-12')).toMatchObject({ subtotal: 290, discount: 0, total: 290 });
  });

  it('is zero without a valid stay or price', () => {
    expect(stayTotals(120, '2026-05-10', '')).toMatchObject({ nights: 0, subtotal: 0, total: 0 });
    expect(stayTotals(undefined, '2026-05-10', '2026-05-12', 20)).toMatchObject({
      nights: 2,
      subtotal: 0,
      discount: 0,
      discountPercentage: 0,
    });
  });
});
