// The quote's city-tax line and the register use one computation (issue 34 §4): over 400 random
// stays, quote_stay's city tax is private.city_tax_due for the same stay with no check-in data
// (every guest counts), and both match a brute-force count of the dated rates and their caps. A
// rate change with another amount and cap is put in the bookable window for the test and removed
// afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, dbDate, sql } from '../support';

interface Rate {
  valid_from: string;
  valid_to: string | null;
  amount_cents: number;
  max_nights: number;
}
interface Stay {
  checkIn: string;
  checkOut: string;
  guests: number;
}
interface CityTax {
  amount: number;
  amount_cents: number;
  per_person_per_night: number | null;
  per_person_per_night_cents: number | null;
  nights_charged: number;
  guests: number;
  counted_for: string;
  payable: string;
}

const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

let seed = 20261128;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Every guest, every night up to the cap of that night's rate, at that rate. */
function bruteForce(stay: Stay, rates: Rate[]) {
  let cents = 0;
  let charged = 0;
  const perNight = new Set<number>();
  for (let night = stay.checkIn, index = 1; night < stay.checkOut; night = addDays(night, 1), index++) {
    const rate = rates.find((r) => r.valid_from <= night && (r.valid_to === null || night <= r.valid_to));
    perNight.add(rate?.amount_cents ?? 0);
    if (index > (rate?.max_nights ?? 10)) continue;
    charged += 1;
    cents += stay.guests * (rate?.amount_cents ?? 0);
  }
  return { cents, charged, rate: perNight.size === 1 ? [...perNight][0] : null };
}

let roomId: string;
let change: string;
let splitRateId: string;
let rates: Rate[];
const stays: Stay[] = [];

beforeAll(async () => {
  const [room] = await sql<{ id: string }>('select id::text from public.rooms order by room_number limit 1');
  roomId = room.id;
  change = await dbDate(300);
  const [open] = await sql<{ id: string }>(
    `select id::text from public.city_tax_rates where valid_to is null and category = 'affittacamere_2'`,
  );
  splitRateId = open.id;
  await sql(`update public.city_tax_rates set valid_to = $2::date - 1 where id = $1`, [splitRateId, change]);
  await sql(
    `insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
     values ($1, 750, 7, 12, 'quote test')`,
    [change],
  );
  rates = await sql<Rate>(
    `select valid_from::text, valid_to::text, amount_cents, max_nights from public.city_tax_rates
     where category = 'affittacamere_2'`,
  );
  const today = await dbDate(0);
  for (let i = 0; i < 400; i++) {
    const checkIn = addDays(today, random() < 0.4 ? int(280, 310) : int(1, 700));
    stays.push({ checkIn, checkOut: addDays(checkIn, int(1, 30)), guests: int(1, 8) });
  }
});

afterAll(async () => {
  await sql(`delete from public.city_tax_rates where note = 'quote test'`);
  await sql('update public.city_tax_rates set valid_to = null where id = $1', [splitRateId]);
});

describe("the quote's city tax", () => {
  it('is the register computation for the same stay with no check-in data, for 400 random stays', async () => {
    const rows = await sql<{ quote: CityTax; due: Record<string, number | null> }>(
      `select to_jsonb(public.quote_stay($1::uuid, s.ci, s.co, s.guests)) -> 'city_tax' as quote,
              private.city_tax_due(s.ci, s.co, s.guests) as due
       from jsonb_array_elements($2::jsonb) with ordinality e(stay, n)
       cross join lateral (select (e.stay ->> 'checkIn')::date as ci, (e.stay ->> 'checkOut')::date as co,
         (e.stay ->> 'guests')::int as guests) s
       order by e.n`,
      [roomId, JSON.stringify(stays)],
    );
    expect(rows).toHaveLength(stays.length);
    let acrossChange = 0;
    let beyondCap = 0;
    rows.forEach(({ quote, due }, i) => {
      const expected = bruteForce(stays[i], rates);
      expect({
        cents: quote.amount_cents,
        euro: quote.amount,
        charged: quote.nights_charged,
        rate: quote.per_person_per_night_cents,
        guests: quote.guests,
      }).toEqual({
        cents: due.amount_cents,
        euro: due.amount_cents! / 100,
        charged: due.nights_charged,
        rate: due.per_person_per_night_cents,
        guests: stays[i].guests,
      });
      expect({
        cents: quote.amount_cents,
        charged: quote.nights_charged,
        rate: quote.per_person_per_night_cents,
      }).toEqual({ cents: expected.cents, charged: expected.charged, rate: expected.rate });
      expect(quote.counted_for).toBe('every guest');
      if (expected.rate === null) acrossChange += 1;
      if (expected.charged < (stays[i].checkOut > stays[i].checkIn ? daysBetween(stays[i]) : 0)) beyondCap += 1;
    });
    // the random stays really cross the rate change and pass both caps (7 and 10 nights)
    expect(acrossChange).toBeGreaterThan(10);
    expect(beyondCap).toBeGreaterThan(50);
  }, 120_000);

  it('is what a visitor is quoted through the API', async () => {
    const anon = anonClient();
    for (const stay of stays.slice(0, 40)) {
      const { data, error } = await anon.rpc('quote_stay', {
        p_room_id: roomId,
        p_check_in: stay.checkIn,
        p_check_out: stay.checkOut,
        p_guests: stay.guests,
      });
      expect(error).toBeNull();
      const tax = (data as unknown as { city_tax: CityTax }).city_tax;
      const [{ due }] = await sql<{ due: { amount_cents: number } }>(
        'select private.city_tax_due($1::date, $2::date, $3) as due',
        [stay.checkIn, stay.checkOut, stay.guests],
      );
      expect(tax.amount_cents).toBe(due.amount_cents);
      expect(tax.amount_cents).toBe(bruteForce(stay, rates).cents);
      expect(tax.payable).toBe('at the property');
    }
  }, 60_000);
});

function daysBetween(stay: Stay) {
  return (Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000;
}
