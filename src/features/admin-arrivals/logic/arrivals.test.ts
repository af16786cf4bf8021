import { describe, expect, it } from 'vitest';
import { moneyLine } from './arrivals';

describe('the folio on an arrival card', () => {
  it('says what is due, the city tax still to collect and the extras, or that both are settled', () => {
    expect(moneyLine({ balance_due_cents: 37800, city_tax_open_cents: 3600, extras: ['Airport transfer × 2'] })).toBe(
      'Balance due €378.00 · City tax €36.00 · Extras: Airport transfer × 2',
    );
    expect(moneyLine({ balance_due_cents: 0, city_tax_open_cents: 0, extras: [] })).toBe(
      'Balance paid · City tax collected',
    );
  });
});
