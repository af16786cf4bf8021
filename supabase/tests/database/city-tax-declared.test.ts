// The city tax, declared (issue 41 §4): the quarter's GECOS figures against the folio (due =
// collected + outstanding, exempt nights by reason, the 10-night cap), a rate change and a change
// of the house's category applying from their date only, the year's figures (Modello 21, 30 June
// declaration) with what was paid over to Roma Capitale, and the reminder raised once on the 1st
// after a quarter. Stays of the file's own in 2087 on a room of its own, removed afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, DEMO, newUserClient, signedInClient, sql, type Client } from '../support';

let staff: Client;
let admin: Client;
let roomId: string;
const ids: Record<string, string> = {};

const setToday = (date: string) =>
  sql(`update private.clock_offset set offset_by = (($1::date + time '12:00') at time zone 'Europe/Rome') - now()`, [
    date,
  ]);
const resetClock = () => sql("update private.clock_offset set offset_by = interval '0'");

async function stay(name: string, checkIn: string, checkOut: string, guests: number) {
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
       total_amount, total_cents)
     values ($1, $2, 'guest@declared.test.example.com', $3, $4, $5, 'checked_out', 100, 10000) returning id::text`,
    [roomId, `Declared ${name}`, checkIn, checkOut, guests],
  );
  ids[name] = row.id;
  return row.id;
}
/** A city-tax payment on the folio, recorded on a day of the stay (as the desk would have). */
const collected = (name: string, cents: number, day: string) =>
  sql(
    `insert into public.city_tax_collections (booking_id, amount_cents, method, collected_at)
     values ($1, $2, 'cash', ($3 || 'T10:00:00Z')::timestamptz)`,
    [ids[name], cents, day],
  );

const folioTax = async (name: string) =>
  (
    await sql<{ due: number; collected: number; open: number }>(
      `select t.city_tax_due_cents as due, t.city_tax_collected_cents as collected, t.city_tax_open_cents as open
       from public.bookings b cross join lateral private.folio_totals_of(b) t where b.id = $1`,
      [ids[name]],
    )
  )[0];

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status) values ('Declared room', 'DEC-1', 'twin', 'maintenance')
     returning id::text`,
  );
  roomId = room.id;
  // Q2 2087: A 3 nights x 2 adults; B 12 nights x 2 (the cap); C a child and a patient's companion;
  // D a resident of Rome, the house's staff and a volunteer, across a rate change on 11 June
  await stay('A', '2087-04-02', '2087-04-05', 2);
  await stay('B', '2087-04-10', '2087-04-22', 2);
  await stay('C', '2087-05-01', '2087-05-04', 3);
  await stay('D', '2087-06-10', '2087-06-12', 4);
  // Q3: F across a change of the house's category on 1 August
  await stay('F', '2087-07-30', '2087-08-02', 1);
  await sql(
    `insert into public.booking_guests (booking_id, position, birth_date, residence_state_code, residence_comune_code)
     values ($1, 1, '2080-01-01', '100000100', '403015146'), ($2, 1, '1970-01-01', '100000100', '412058091')`,
    [ids.C, ids.D],
  );
  await collected('A', 3600, '2087-04-05');
  await collected('B', 6000, '2087-04-22');
  await collected('D', 1200, '2087-06-12');
});

afterAll(async () => {
  await resetClock();
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id in (select id from public.bookings where room_id = '${roomId}');
  end $$`);
  await sql('delete from public.bookings where room_id = $1', [roomId]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql("delete from public.city_tax_rates where valid_from = '2087-06-11'");
  await sql(
    "update public.city_tax_rates set valid_to = null where valid_to = '2087-06-10' and category = 'affittacamere_2'",
  );
  await sql("delete from public.city_tax_house_categories where valid_from = '2087-08-01'");
  await sql("delete from public.city_tax_remittances where period_start between '2087-01-01' and '2087-12-31'");
  await sql("delete from private.city_tax_reminders where declaration like '%2087%'");
  await sql(
    "delete from public.security_alerts where alert_type = 'city_tax_declaration_due' and dedup_key like '%2087%'",
  );
});

describe('exemptions with the declaration', () => {
  it('records who declared what, in the signed-in name; guests and anon cannot', async () => {
    const exemption = {
      p_booking_id: ids.C,
      p_reason: 'patient_companion' as const,
      p_persons: 1,
      p_declarant_name: 'Maria Rossi',
      p_declaration: 'Companion of a patient in care at the Policlinico Gemelli, 1-4 May 2087',
    };
    const { client: guest } = await newUserClient('declared-guest');
    expect((await guest.rpc('record_city_tax_exemption', exemption)).error?.code).toBe('42501');
    expect((await anonClient().rpc('record_city_tax_exemption', exemption)).error?.code).toBe('42501');
    expect((await staff.rpc('record_city_tax_exemption', { ...exemption, p_declarant_name: '  ' })).error?.code).toBe(
      '22023',
    );
    expect((await staff.rpc('record_city_tax_exemption', { ...exemption, p_persons: 4 })).error?.code).toBe('22023');
    const bidi = await staff.rpc('record_city_tax_exemption', { ...exemption, p_declarant_name: 'Maria\u202eRossi' });
    expect(bidi.error?.hint).toBe('text_not_allowed');
    const made = await staff.rpc('record_city_tax_exemption', exemption);
    expect(made.error).toBeNull();
    for (const reason of ['house_staff', 'volunteer'] as const) {
      const { error } = await staff.rpc('record_city_tax_exemption', {
        ...exemption,
        p_booking_id: ids.D,
        p_reason: reason,
        p_declarant_name: reason === 'house_staff' ? 'Luca Bianchi' : 'Anna Verdi',
        p_declaration: reason === 'house_staff' ? 'Night porter, staying for work' : 'Protezione civile volunteer',
      });
      expect(error).toBeNull();
    }
    const [row] = await sql(
      `select e.declarant_name, e.declared_on is not null as dated, u.email from public.city_tax_exemptions e
       join auth.users u on u.id = e.recorded_by where e.id = $1`,
      [made.data],
    );
    expect(row).toEqual({ declarant_name: 'Maria Rossi', dated: true, email: DEMO.staff.email });
    const view = await staff.rpc('booking_city_tax', { p_booking_id: ids.C });
    expect((view.data as { exemptions: { declaration: string }[] }).exemptions[0].declaration).toContain('Gemelli');
  });
});

describe('rates and the house category', () => {
  it("holds Rome's rates since 1 October 2023 per category, and the house's category", async () => {
    const { data, error } = await staff
      .from('city_tax_rates')
      .select('category, amount_cents, max_nights, exempt_under_age')
      .eq('valid_from', '2023-10-01')
      .order('category');
    expect(error).toBeNull();
    expect(data).toEqual([
      { category: 'affittacamere_1', amount_cents: 700, max_nights: 10, exempt_under_age: 10 },
      { category: 'affittacamere_2', amount_cents: 600, max_nights: 10, exempt_under_age: 10 },
      { category: 'affittacamere_3', amount_cents: 500, max_nights: 10, exempt_under_age: 10 },
      { category: 'bed_and_breakfast', amount_cents: 600, max_nights: 10, exempt_under_age: 10 },
    ]);
    const house = await staff.from('city_tax_house_categories').select('category').order('valid_from');
    expect(house.data?.[0]).toEqual({ category: 'affittacamere_2' });
  });

  it('only admins change rates and the category; a change applies from its date only', async () => {
    const rate = { p_valid_from: '2087-06-11', p_amount_cents: 800 };
    expect((await staff.rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    expect((await anonClient().rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    const category = { p_category: 'affittacamere_1', p_valid_from: '2087-08-01' };
    await setToday('2087-01-15');
    try {
      expect((await staff.rpc('set_city_tax_category', category)).error?.code).toBe('42501');
      expect((await anonClient().rpc('set_city_tax_category', category)).error?.code).toBe('42501');
      expect(
        (
          await staff
            .from('city_tax_house_categories')
            .insert({ valid_from: '2087-08-01', category: 'affittacamere_1' })
        ).error?.code,
      ).toBe('42501');
      expect((await admin.rpc('set_city_tax_category', { ...category, p_category: 'hotel' })).error?.code).toBe(
        '22023',
      );
      expect((await admin.rpc('add_city_tax_rate', rate)).error).toBeNull();
      expect((await admin.rpc('set_city_tax_category', category)).error).toBeNull();
    } finally {
      await resetClock();
    }
    // the other categories keep their rate
    const [other] = await sql(
      "select valid_to from public.city_tax_rates where category = 'affittacamere_1' and valid_from = '2023-10-01'",
    );
    expect(other.valid_to).toBeNull();
    // D: 10 June at 6.00, 11 June at 8.00, one taxable guest a night
    expect(await folioTax('D')).toMatchObject({ due: 600 + 800 });
    // F: 30 and 31 July at the 2nd category's 8.00, 1 August at the 1st category's 7.00
    expect(await folioTax('F')).toMatchObject({ due: 800 + 800 + 700 });
    // the quote of the same nights says the same (no exemptions: every guest)
    const [quote] = await sql("select private.city_tax_due('2087-07-30', '2087-08-02', 1) ->> 'amount_cents' as cents");
    expect(Number(quote.cents)).toBe(2300);
  });
});

describe("the quarter's GECOS figures", () => {
  it('reconcile with the folio: due = collected + outstanding, exempt nights by reason, the cap', async () => {
    const { data, error } = await staff.rpc('city_tax_periods', {
      p_from: '2087-04-01',
      p_to: '2087-06-30',
      p_period: 'quarter',
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const q = data![0];
    expect(q).toMatchObject({
      period_start: '2087-04-01',
      period_end: '2087-06-30',
      arrivals: 4,
      arriving_guests: 11,
      person_nights: 6 + 24 + 9 + 8,
      beyond_cap: 4,
      under_age: 3,
      resident: 2,
      patient_companion: 3,
      coach_driver_guide: 0,
      police_armed_forces: 0,
      disability_caregiver: 0,
      house_staff: 2,
      emergency_housing: 0,
      volunteer: 2,
      taxable: 6 + 20 + 3 + 2,
      due_cents: 3600 + 12000 + 1800 + 1400,
      collected_cents: 3600 + 6000 + 1200,
    });
    const folios = await Promise.all(['A', 'B', 'C', 'D'].map(folioTax));
    const sum = (key: 'due' | 'collected' | 'open') => folios.reduce((total, f) => total + f[key], 0);
    expect(q.due_cents).toBe(sum('due'));
    expect(q.collected_cents).toBe(sum('collected'));
    expect(q.due_cents).toBe(q.collected_cents + sum('open'));
    expect(sum('open')).toBe(6000 + 1800 + 200);
    // the months of the quarter add up to it
    const months = await staff.rpc('city_tax_periods', { p_from: '2087-04-01', p_to: '2087-06-30', p_period: 'month' });
    expect(months.data!.map((m) => m.due_cents)).toEqual([3600 + 12000, 1800, 1400]);
    // each stay's register line is its folio's
    const register = await staff.rpc('city_tax_register', { p_from: '2087-04-01', p_to: '2087-06-30' });
    for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) {
      expect(register.data![i]).toMatchObject({
        booking_id: ids[name],
        due_cents: folios[i].due,
        collected_cents: folios[i].collected,
      });
    }
  });

  it('are read by staff only', async () => {
    const { client: guest } = await newUserClient('declared-reader');
    for (const client of [guest, anonClient()]) {
      const args = { p_from: '2087-04-01', p_to: '2087-06-30', p_period: 'quarter' };
      expect((await client.rpc('city_tax_periods', args)).error?.code).toBe('42501');
      expect((await client.rpc('city_tax_annual', { p_year: 2087 })).error?.code).toBe('42501');
    }
  });
});

describe('the year: Modello 21 and the 30 June declaration', () => {
  it("gives each quarter's figures with what was paid over to Roma Capitale", async () => {
    const payment = {
      p_period_start: '2087-04-01',
      p_paid_on: '2087-07-15',
      p_amount_cents: 10800,
      p_reference: 'IUV 0208700001',
    };
    await setToday('2087-07-20');
    try {
      expect((await staff.rpc('record_city_tax_remittance', payment)).error?.code).toBe('42501');
      expect(
        (await admin.rpc('record_city_tax_remittance', { ...payment, p_period_start: '2087-05-01' })).error?.code,
      ).toBe('22023');
      expect((await admin.rpc('record_city_tax_remittance', { ...payment, p_paid_on: '2087-07-21' })).error?.code).toBe(
        '22023',
      );
      expect((await admin.rpc('record_city_tax_remittance', { ...payment, p_amount_cents: 0 })).error?.hint).toBe(
        'amount_out_of_range',
      );
      expect((await admin.rpc('record_city_tax_remittance', payment)).error).toBeNull();
    } finally {
      await resetClock();
    }
    expect(
      (
        await staff
          .from('city_tax_remittances')
          .insert({ period_start: '2087-04-01', paid_on: '2087-07-15', amount_cents: 1, reference: 'x' })
      ).error?.code,
    ).toBe('42501');
    const { data, error } = await staff.rpc('city_tax_annual', { p_year: 2087 });
    expect(error).toBeNull();
    expect(data!.map((q) => q.period_start)).toEqual(['2087-01-01', '2087-04-01', '2087-07-01', '2087-10-01']);
    expect(data![0]).toMatchObject({
      person_nights: 0,
      due_cents: 0,
      collected_cents: 0,
      remitted_cents: 0,
      remittances: [],
    });
    expect(data![1]).toMatchObject({
      arriving_guests: 11,
      person_nights: 47,
      exempt_nights: 16,
      taxable: 31,
      due_cents: 18800,
      collected_cents: 10800,
      remitted_cents: 10800,
      remittances: [{ paid_on: '2087-07-15', amount_cents: 10800, reference: 'IUV 0208700001' }],
    });
    expect(data![2]).toMatchObject({
      person_nights: 3,
      taxable: 3,
      due_cents: 2300,
      collected_cents: 0,
      remitted_cents: 0,
    });
  });
});

describe('the reminder', () => {
  const raise = async () => (await sql<{ n: number }>('select public.raise_city_tax_reminders() as n'))[0].n;
  const alerts = () =>
    sql<{ dedup_key: string; description: string; metadata: { due_cents: number; due_on: string } }>(
      `select dedup_key, description, metadata from public.security_alerts
       where alert_type = 'city_tax_declaration_due' and dedup_key like '%2087%' order by created_at`,
    );

  it('raises one alert on the 1st after a quarter, due by the 16th, and never again', async () => {
    try {
      await setToday('2087-07-17'); // past the due day, never reminded: too late for a reminder
      expect(await raise()).toBe(0);
      await setToday('2087-05-31');
      expect(await raise()).toBe(0);
      await setToday('2087-07-01');
      expect(await raise()).toBe(1);
      expect(await raise()).toBe(0);
      const [alert] = await alerts();
      expect(alert.dedup_key).toBe('city_tax:quarter:2087-Q2');
      expect(alert.description).toContain('16/07/2087');
      expect(alert.metadata).toMatchObject({ due_cents: 18800, due_on: '2087-07-16' });
      // resolved, the next days do not raise it again
      await sql("update public.security_alerts set status = 'resolved', resolved_at = now() where dedup_key = $1", [
        alert.dedup_key,
      ]);
      await setToday('2087-07-02');
      expect(await raise()).toBe(0);
      // January: the last quarter and the Modello 21; June: the annual declaration
      await setToday('2088-01-01');
      expect(await raise()).toBe(2);
      await setToday('2088-06-01');
      expect(await raise()).toBe(1);
      expect((await alerts()).map((a) => a.dedup_key).sort()).toEqual([
        'city_tax:declaration:2087',
        'city_tax:modello21:2087',
        'city_tax:quarter:2087-Q2',
        'city_tax:quarter:2087-Q4',
      ]);
    } finally {
      await resetClock();
      await sql("delete from private.city_tax_reminders where declaration like '%2088%'");
      await sql(
        "delete from public.security_alerts where alert_type = 'city_tax_declaration_due' and dedup_key like '%2088%'",
      );
    }
  });

  it('cannot be raised through the API', async () => {
    for (const client of [anonClient(), staff, admin]) {
      expect((await client.rpc('raise_city_tax_reminders')).error).not.toBeNull();
    }
  });
});
