// The shared half of the city-tax register files (city-tax-register-*.test.ts, issue 34 §4-5): 2,000
// random stays in 2090-2095 on ten rooms of the calling file's own (random guests, birth dates and
// residence from online check-in with 10th birthdays during stays and residents of Rome, staff
// exemptions, collections, statuses), drawn from a seeded source so that every file gets the same
// stays; a rate change in the middle of the test years with another cap and age (the open-ended
// rate is split for the file and restored afterwards); the dates as UTC calendar days.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { DEMO, signedInClient, sql, type Client } from '../support';

export const REASONS = [
  'patient_companion',
  'coach_driver_guide',
  'police_armed_forces',
  'disability_caregiver',
] as const;
export type Reason = (typeof REASONS)[number];

export interface Rate {
  valid_from: string;
  valid_to: string | null;
  amount_cents: number;
  max_nights: number;
  exempt_under_age: number;
}
export interface Stay {
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

// ---------------------------------------------------------------- dates (UTC calendar days)
export const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return iso(date);
};
/** PostgreSQL's `date + interval 'n years'`: the same month, the day clamped to its length. */
export const addYears = (day: string, years: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

// ---------------------------------------------------------------- a seeded random source
let seed = 20261127;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)];

// ---------------------------------------------------------------- fixtures
const ROOMS = 10;
const STAYS_PER_ROOM = 200;
let roomIds: string[] = [];
export let stays: Stay[] = [];
export let rates: Rate[] = [];
export let staff: Client;
export let admin: Client;
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

/**
 * The calling file's set-up: staff and an admin signed in, the rooms, the split rate and the random
 * stays with their guests, exemptions and collections; all removed and the rate restored after it.
 */
export function setUpCityTaxRegister() {
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
    const [open] = await sql<{ id: string }>(
      `select id::text from public.city_tax_rates where valid_to is null and category = 'affittacamere_2'`,
    );
    splitRateId = open.id;
    await sql(`update public.city_tax_rates set valid_to = '2092-06-30' where id = $1`, [splitRateId]);
    await sql(`insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
               values ('2092-07-01', 750, 7, 12, 'register test')`);
    rates = await sql<Rate>(
      `select valid_from::text, valid_to::text, amount_cents, max_nights, exempt_under_age from public.city_tax_rates
       where category = 'affittacamere_2'`,
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
    // the city tax collected is on the folio (public.payments, append-only): triggers off to clear it
    await sql(`do $$ begin
      set local session_replication_role = replica;
      delete from public.payments where booking_id in
        (select id from public.bookings where room_id = any('{${roomIds.join(',')}}'::uuid[]));
    end $$`);
    await sql('delete from public.bookings where room_id = any($1::uuid[])', [roomIds]);
    await sql('delete from public.rooms where id = any($1::uuid[])', [roomIds]);
    await sql(`delete from public.city_tax_rates where note = 'register test'`);
    await sql('update public.city_tax_rates set valid_to = null where id = $1', [splitRateId]);
  });
}
