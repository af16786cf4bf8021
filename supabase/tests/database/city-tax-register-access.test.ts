// Who may call and write what in the city-tax register (issue 34 §4): the public and accounts
// without a role read and call nothing; staff record exemptions and collections in their own name
// but never change rates or past collections. Set-up: city-tax-register-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO, anonClient, newUserClient, sql } from '../support';
import { setUpCityTaxRegister, stays, staff, admin } from './city-tax-register-fixtures';

setUpCityTaxRegister();

describe('who may do what', () => {
  it('the public and accounts without a role read nothing and call nothing', async () => {
    const { client: nobody } = await newUserClient('taxnobody');
    for (const client of [anonClient(), nobody]) {
      for (const table of ['city_tax_rates', 'city_tax_exemptions'] as const) {
        const { data } = await client.from(table).select('id').limit(1);
        expect(data ?? []).toEqual([]);
      }
      // the city tax collected: the folio's lines, through their view
      expect((await client.from('city_tax_collections').select('id').limit(1)).data ?? []).toEqual([]);
      expect(
        (await client.rpc('city_tax_periods', { p_from: '2090-01-01', p_to: '2090-12-31', p_period: 'month' })).error
          ?.code,
      ).toBe('42501');
      expect((await client.rpc('city_tax_register', { p_from: '2090-01-01', p_to: '2090-12-31' })).error?.code).toBe(
        '42501',
      );
      expect((await client.rpc('booking_city_tax', { p_booking_id: stays[0].id })).error?.code).toBe('42501');
      expect((await client.rpc('istat_movement', { p_month: '2090-03-01' })).error?.code).toBe('42501');
    }
  });

  it('staff record exemptions and collections in their own name, but never change rates or past collections', async () => {
    const stay = stays.find((s) => s.status === 'checked_out')!;
    const rate = await staff.from('city_tax_rates').insert({ valid_from: '2200-01-01', amount_cents: 1 }).select();
    expect(rate.error?.code).toBe('42501');
    const exemption = await staff
      .from('city_tax_exemptions')
      .insert({ booking_id: stay.id, reason: 'coach_driver_guide', persons: 1, recorded_by: randomUUID() })
      .select('recorded_by')
      .single();
    expect(exemption.error).toBeNull();
    const [me] = await sql(`select id::text from auth.users where email = $1`, [DEMO.staff.email]);
    expect(exemption.data?.recorded_by).toBe(me.id);
    const collection = await staff
      .from('city_tax_collections')
      .insert({ booking_id: stay.id, amount_cents: 600, method: 'card' })
      .select('id, collected_by')
      .single();
    expect(collection.error).toBeNull();
    expect(collection.data?.collected_by).toBe(me.id);
    // append-only, for admins too: a correction is a negative row
    await admin.from('city_tax_collections').update({ amount_cents: 1 }).eq('id', collection.data!.id);
    await admin.from('city_tax_collections').delete().eq('id', collection.data!.id);
    const [kept] = await sql('select amount_cents from public.city_tax_collections where id = $1', [
      collection.data!.id,
    ]);
    expect(kept?.amount_cents).toBe(600);
    const overlapping = await admin.from('city_tax_rates').insert({ valid_from: '2093-01-01', amount_cents: 1 });
    expect(overlapping.error?.code).toBe('23P01');
  });
});
