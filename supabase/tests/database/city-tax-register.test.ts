// The city-tax register (issue 34 §4) and ISTAT's movement (§5): the register's monthly,
// quarterly and yearly sums against a brute-force count in TypeScript over 2,000 random stays
// (random guests, birth dates and residence from online check-in with 10th birthdays during stays
// and residents of Rome, staff exemptions, collections, a rate change with another cap), who may
// call and write what, and the
// ISTAT figures by country and region. Works in 2090-2095 on rooms of its own; the open-ended rate
// is split for the test and restored afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, newUserClient, signedInClient, sql, type Client } from '../support';

const REASONS = ['patient_companion', 'coach_driver_guide', 'police_armed_forces', 'disability_caregiver'] as const;
type Reason = (typeof REASONS)[number];

interface Rate {
  valid_from: string;
  valid_to: string | null;
  amount_cents: number;
  max_nights: number;
  exempt_under_age: number;
}
interface Stay {
  id: string;
  room: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  status: 'checked_out' | 'checked_in' | 'cancelled' | 'confirmed';
  birthDates: (string | null)[];
  /** per check-in guest, as birthDates: residence comune Roma (412058091) */
  residents: boolean[];
  exemptions: { reason: Reason; persons: number; createdAt: string }[];
  collections: { cents: number; method: 'cash' | 'card'; at: string }[];
}
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
  taxable: 0,
  due_cents: 0,
  collected_cents: 0,
};

// ---------------------------------------------------------------- dates (UTC calendar days)
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return iso(date);
};
/** PostgreSQL's `date + interval 'n years'`: the same month, the day clamped to its length. */
const addYears = (day: string, years: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const periodStart = (day: string, period: 'month' | 'quarter' | 'year') => {
  const [y, m] = day.split('-').map(Number);
  const month = period === 'month' ? m : period === 'quarter' ? Math.floor((m - 1) / 3) * 3 + 1 : 1;
  return `${y}-${String(month).padStart(2, '0')}-01`;
};

// ---------------------------------------------------------------- a seeded random source
let seed = 20261127;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)];

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

// ---------------------------------------------------------------- fixtures
const ROOMS = 10;
const STAYS_PER_ROOM = 200;
let roomIds: string[] = [];
let stays: Stay[] = [];
let rates: Rate[] = [];
let staff: Client;
let admin: Client;
let splitRateId: string;

function randomStays(): Stay[] {
  const result: Stay[] = [];
  for (const room of roomIds) {
    let day = '2090-01-01';
    for (let i = 0; i < STAYS_PER_ROOM; i++) {
      day = addDays(day, int(0, 3));
      const nights = random() < 0.15 ? int(10, 16) : int(1, 9);
      const checkIn = day;
      const checkOut = addDays(day, nights);
      day = checkOut;
      const guests = int(1, 8);
      const rows = random() < 0.3 ? 0 : int(1, Math.min(8, guests + 1));
      const birthDates = Array.from({ length: rows }, () => {
        const roll = random();
        if (roll < 0.1) return null;
        // a 10th birthday during the stay, a child, or an adult
        if (roll < 0.3) return addYears(addDays(checkIn, int(-1, nights)), -10);
        if (roll < 0.5) return addDays(checkIn, -int(0, 3650));
        return addDays(checkIn, -int(3651, 30000));
      });
      const residents = birthDates.map(() => random() < 0.15);
      const exemptions = Array.from({ length: random() < 0.7 ? 0 : int(1, 2) }, (_, k) => ({
        reason: pick(REASONS),
        persons: int(1, 3),
        createdAt: `2089-01-01T00:00:${String(k).padStart(2, '0')}Z`,
      }));
      const collections = Array.from({ length: int(0, 2) }, () => ({
        cents: pick([600, 1200, 3000, -600, 4550]),
        method: pick(['cash', 'card'] as const),
        at: addDays('2090-01-01', int(0, 365 * 6 - 1)),
      }));
      const roll = random();
      const status = roll < 0.82 ? 'checked_out' : roll < 0.87 ? 'checked_in' : roll < 0.95 ? 'cancelled' : 'confirmed';
      result.push({
        id: randomUUID(),
        ...{ room, checkIn, checkOut, guests, status, birthDates, residents, exemptions, collections },
      });
    }
  }
  return result;
}

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  const rooms = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status)
     select 'Register room ' || n, 'TAX-' || n, 'twin', 'available' from generate_series(1, ${ROOMS}) n
     returning id::text`,
  );
  roomIds = rooms.map((room) => room.id);
  // a rate change in the middle of the test years, with another cap and age
  const [open] = await sql<{ id: string }>('select id::text from public.city_tax_rates where valid_to is null');
  splitRateId = open.id;
  await sql(`update public.city_tax_rates set valid_to = '2092-06-30' where id = $1`, [splitRateId]);
  await sql(`insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
             values ('2092-07-01', 750, 7, 12, 'register test')`);
  rates = await sql<Rate>(
    `select valid_from::text, valid_to::text, amount_cents, max_nights, exempt_under_age from public.city_tax_rates`,
  );

  stays = randomStays();
  const json = JSON.stringify(stays);
  await sql(
    `insert into public.bookings (id, room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     select s.id, s.room, 'Register Guest', 'register@tax.test.example.com', s."checkIn", s."checkOut", s.guests,
       s.status::public.booking_status
     from jsonb_to_recordset($1::jsonb) s(id uuid, room uuid, "checkIn" date, "checkOut" date, guests int, status text)`,
    [json],
  );
  // residents of Rome, and other residents of Italy (Milano) who pay
  await sql(
    `insert into public.booking_guests (booking_id, position, birth_date, residence_state_code, residence_comune_code)
     select s.id, b.n, b.birth::date, '100000100', case when (s.residents ->> (b.n::int - 1))::boolean
       then '412058091' else '403015146' end
     from jsonb_to_recordset($1::jsonb) s(id uuid, "birthDates" jsonb, residents jsonb),
       jsonb_array_elements_text("birthDates") with ordinality b(birth, n)`,
    [json],
  );
  await sql(
    `insert into public.city_tax_exemptions (booking_id, reason, persons, created_at)
     select s.id, e.reason::public.city_tax_exemption_reason, e.persons, e."createdAt"
     from jsonb_to_recordset($1::jsonb) s(id uuid, exemptions jsonb),
       jsonb_to_recordset(s.exemptions) e(reason text, persons int, "createdAt" timestamptz)`,
    [json],
  );
  await sql(
    `insert into public.city_tax_collections (booking_id, amount_cents, method, collected_at)
     select s.id, c.cents, c.method, (c.at || 'T12:00:00Z')::timestamptz
     from jsonb_to_recordset($1::jsonb) s(id uuid, collections jsonb),
       jsonb_to_recordset(s.collections) c(cents int, method text, at text)`,
    [json],
  );
}, 120_000);

afterAll(async () => {
  await sql(
    `delete from public.city_tax_collections where booking_id in
             (select id from public.bookings where room_id = any($1::uuid[]))`,
    [roomIds],
  );
  await sql('delete from public.bookings where room_id = any($1::uuid[])', [roomIds]);
  await sql('delete from public.rooms where id = any($1::uuid[])', [roomIds]);
  await sql(`delete from public.city_tax_rates where note = 'register test'`);
  await sql('update public.city_tax_rates set valid_to = null where id = $1', [splitRateId]);
});

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

describe('who may do what', () => {
  it('the public and accounts without a role read nothing and call nothing', async () => {
    const { client: nobody } = await newUserClient('taxnobody');
    for (const client of [anonClient(), nobody]) {
      for (const table of ['city_tax_rates', 'city_tax_exemptions', 'city_tax_collections'] as const) {
        const { data } = await client.from(table).select('id').limit(1);
        expect(data ?? []).toEqual([]);
      }
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
