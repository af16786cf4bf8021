// ISTAT's movement (issue 34 §5): arrivals and nights per country of residence and per Italian
// region, on the random stays of city-tax-register-fixtures.ts (set-up there).
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import { setUpCityTaxRegister, toDate, addDays, stays, staff } from './city-tax-register-fixtures';

setUpCityTaxRegister();

describe('ISTAT movement', () => {
  it('counts arrivals and nights per country of residence and per Italian region', async () => {
    // a stay without check-in data: its guests count as "Unknown" until these two are entered
    const stay = stays.find(
      (s) => s.status === 'checked_out' && s.checkIn.startsWith('2094-') && s.guests >= 2 && !s.birthDates.length,
    )!;
    const month = `${stay.checkIn.slice(0, 7)}-01`;
    const before = (await staff.rpc('istat_movement', { p_month: month })).data ?? [];
    const [roma] = await sql<{ code: string; region: string }>(
      `select code, region from public.alloggiati_comuni where region is not null order by code limit 1`,
    );
    const [france] = await sql<{ code: string }>(
      `select code from public.alloggiati_stati where code <> '100000100' limit 1`,
    );
    await sql('delete from public.booking_guests where booking_id = $1', [stay.id]);
    await sql(
      `insert into public.booking_guests (booking_id, position, residence_state_code, residence_comune_code) values
        ($1, 1, '100000100', $2), ($1, 2, $3, null)`,
      [stay.id, roma.code, france.code],
    );
    const { data, error } = await staff.rpc('istat_movement', { p_month: month });
    expect(error).toBeNull();
    const find = (rows: typeof before, breakdown: string, code: string) =>
      rows.find((row) => row.breakdown === breakdown && row.code === code) ?? { arrivals: 0, nights: 0 };
    const nextMonth = `${addDays(month, 32).slice(0, 7)}-01`;
    const lastDay = stay.checkOut < nextMonth ? stay.checkOut : nextMonth;
    const nightsInMonth = (toDate(lastDay).getTime() - toDate(stay.checkIn).getTime()) / 86_400_000;
    expect(find(data!, 'region', roma.region).arrivals - find(before, 'region', roma.region).arrivals).toBe(1);
    expect(find(data!, 'region', roma.region).nights - find(before, 'region', roma.region).nights).toBe(nightsInMonth);
    expect(find(data!, 'country', france.code).arrivals - find(before, 'country', france.code).arrivals).toBe(1);
    expect(find(data!, 'country', '100000100').arrivals - find(before, 'country', '100000100').arrivals).toBe(1);
    const total = (rows: typeof before) =>
      rows.filter((row) => row.breakdown === 'country').reduce((sum, row) => sum + row.arrivals, 0);
    expect(total(data!)).toBe(total(before));
  });
});
