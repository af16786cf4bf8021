// The city-tax register (issue 34 §4): its monthly, quarterly and yearly sums, and each stay's
// register line, against a brute-force count in TypeScript over the 2,000 random stays of
// city-tax-register-fixtures.ts (set-up there).
import { describe, expect, it } from 'vitest';
import type { Reason, Rate, Stay } from './city-tax-register-fixtures';
import { setUpCityTaxRegister, REASONS, addDays, addYears, stays, rates, staff } from './city-tax-register-fixtures';

setUpCityTaxRegister();

interface Figures {
  arrivals: number;
  arriving_guests: number;
  person_nights: number;
  beyond_cap: number;
  under_age: number;
  resident: number;
  patient_companion: number;
  coach_driver_guide: number;
  police_armed_forces: number;
  disability_caregiver: number;
  // the reasons added with the declarations (20261203050000): this fixture's stays never claim them
  house_staff: number;
  emergency_housing: number;
  volunteer: number;
  taxable: number;
  due_cents: number;
  collected_cents: number;
}

const ZERO: Figures = {
  arrivals: 0,
  arriving_guests: 0,
  person_nights: 0,
  beyond_cap: 0,
  under_age: 0,
  resident: 0,
  patient_companion: 0,
  coach_driver_guide: 0,
  police_armed_forces: 0,
  disability_caregiver: 0,
  house_staff: 0,
  emergency_housing: 0,
  volunteer: 0,
  taxable: 0,
  due_cents: 0,
  collected_cents: 0,
};

const periodStart = (day: string, period: 'month' | 'quarter' | 'year') => {
  const [y, m] = day.split('-').map(Number);
  const month = period === 'month' ? m : period === 'quarter' ? Math.floor((m - 1) / 3) * 3 + 1 : 1;
  return `${y}-${String(month).padStart(2, '0')}-01`;
};

// ---------------------------------------------------------------- the brute-force count
function bruteForce(stays: Stay[], rates: Rate[], period: 'month' | 'quarter' | 'year'): Map<string, Figures> {
  const out = new Map<string, Figures>();
  const at = (key: string) => {
    let figures = out.get(key);
    if (!figures) {
      figures = { ...ZERO };
      out.set(key, figures);
    }
    return figures;
  };
  for (const stay of stays) {
    for (const collection of stay.collections)
      at(periodStart(collection.at, period)).collected_cents += collection.cents;
    if (stay.status !== 'checked_out' && stay.status !== 'checked_in') continue;
    const arrival = at(periodStart(stay.checkIn, period));
    arrival.arrivals += 1;
    arrival.arriving_guests += stay.guests;
    const persons = Math.max(stay.guests, stay.birthDates.length);
    const exempt: Reason[] = [...stay.exemptions]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .flatMap((e) => Array<Reason>(e.persons).fill(e.reason));
    for (let night = stay.checkIn, index = 1; night < stay.checkOut; night = addDays(night, 1), index++) {
      const rate = rates.find((r) => r.valid_from <= night && (r.valid_to === null || night <= r.valid_to));
      const cents = rate?.amount_cents ?? 0;
      const maxNights = rate?.max_nights ?? 10;
      const age = rate?.exempt_under_age ?? 10;
      const figures = at(periodStart(night, period));
      figures.person_nights += persons;
      if (index > maxNights) {
        figures.beyond_cap += persons;
        continue;
      }
      const young = stay.birthDates.map((birth) => birth !== null && night < addYears(birth, age));
      const under = Math.min(young.filter(Boolean).length, persons);
      // a resident child counts once, as under age
      const residents = Math.min(stay.residents.filter((r, i) => r && !young[i]).length, persons - under);
      const rest = persons - under - residents;
      const exempted = exempt.slice(0, Math.min(rest, exempt.length));
      figures.under_age += under;
      figures.resident += residents;
      for (const reason of exempted) figures[reason] += 1;
      figures.taxable += rest - exempted.length;
      figures.due_cents += (rest - exempted.length) * cents;
    }
  }
  return out;
}

describe('the register against a brute-force count of 2,000 random stays', () => {
  for (const period of ['month', 'quarter', 'year'] as const) {
    it(`per ${period}: nights, exempt nights by reason, taxable, due and collected`, async () => {
      const { data, error } = await staff.rpc('city_tax_periods', {
        p_from: '2090-01-01',
        p_to: '2095-12-31',
        p_period: period,
      });
      expect(error).toBeNull();
      const expected = bruteForce(stays, rates, period);
      const rows = data ?? [];
      expect(rows.length).toBeGreaterThan(0);
      let checkedNights = 0;
      for (const row of rows) {
        const { period_start: start, period_end: _end, ...figures } = row;
        expect({ start, ...figures }).toEqual({ start, ...(expected.get(start) ?? ZERO) });
        checkedNights += figures.person_nights;
      }
      const total = [...expected.values()].reduce((sum, f) => sum + f.person_nights, 0);
      expect(checkedNights).toBe(total);
      expect(total).toBeGreaterThan(20_000);
      // the random stays really exercise every rule
      const all = [...expected.values()];
      for (const key of ['beyond_cap', 'under_age', 'resident', ...REASONS] as const) {
        expect(
          all.reduce((sum, f) => sum + f[key], 0),
          key,
        ).toBeGreaterThan(0);
      }
    }, 120_000);
  }

  it('per stay, the register line is the same count', async () => {
    const { data, error } = await staff.rpc('city_tax_register', { p_from: '2092-01-01', p_to: '2092-12-31' });
    expect(error).toBeNull();
    const lines = new Map((data ?? []).map((line) => [line.booking_id, line]));
    const inYear = stays.filter(
      (s) =>
        (s.status === 'checked_out' || s.status === 'checked_in') &&
        s.checkIn <= '2092-12-31' &&
        s.checkOut > '2092-01-01',
    );
    expect(lines.size).toBe(inYear.length);
    for (const stay of inYear.slice(0, 150)) {
      // the stay's nights within 2092 only
      const clipped = bruteForce([{ ...stay, collections: [] }], rates, 'year').get('2092-01-01');
      const line = lines.get(stay.id)!;
      expect({ due: line.due_cents, taxable: line.taxable, under: line.under_age, resident: line.resident }).toEqual({
        due: clipped?.due_cents,
        taxable: clipped?.taxable,
        under: clipped?.under_age,
        resident: clipped?.resident,
      });
      expect(line.collected_cents).toBe(stay.collections.reduce((sum, c) => sum + c.cents, 0));
    }
  }, 120_000);
});
