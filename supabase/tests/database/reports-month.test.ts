// Reports that reconcile (issue 39): a month of stays written out by hand (March 2114, with April
// for a stay across the month's end and March 2113 for the pace; years no other suite uses) and
// every figure of every report checked against a sum written here. Sold: confirmed, checked in and
// checked out, each night until the guest actually left (an early departure moves check_out_date to
// the day of departure and the total to what is charged, as the check-out does). On request, apart:
// a pending request, held or with its hold ended, and an expired one. A cancellation counts nowhere.
// The movable clock stands at 2 April 2114, 10:00 UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBareUser, deleteUsers, signedInClient, DEMO, sql, type Client } from '../support';

const NOW = '2114-04-02T10:00:00Z';
const PERIOD = { p_from: '2114-03-01', p_to: '2114-05-01' };
const STAFF_NAME = 'Giulia Marchetti';

let staff: Client;
let staffId = '';
const rooms: string[] = [];
const ids: Record<string, string> = {};
let roomCount = 0;
let flaggedCount = 0;
let [countryA, countryB] = ['', ''];

type Change = [action: 'INSERT' | 'UPDATE', from: string | null, to: string, at: string, user?: 'staff'];
interface Stay {
  room: 0 | 1;
  checkIn: string;
  checkOut: string;
  total: string;
  status: string;
  hold?: string;
  created: string;
  audit: Change[];
}

// A: one room, one stay after the other; B: the requests and the cancellation
const STAYS: Record<string, Stay> = {
  // 3 nights, 300.00: 10000 a night; asked for and arrived the same day
  confirmed: {
    room: 0,
    checkIn: '2114-03-02',
    checkOut: '2114-03-05',
    total: '300.00',
    status: 'confirmed',
    created: '2114-03-02T08:00:00Z',
    audit: [['INSERT', null, 'confirmed', '2114-03-02T08:00:00Z']],
  },
  // 4 nights, 480.00, entered by staff five days ahead, stayed to the end
  stayed: {
    room: 0,
    checkIn: '2114-03-10',
    checkOut: '2114-03-14',
    total: '480.00',
    status: 'checked_out',
    created: '2114-03-05T08:00:00Z',
    audit: [
      ['INSERT', null, 'confirmed', '2114-03-05T08:00:00Z', 'staff'],
      ['UPDATE', 'confirmed', 'checked_in', '2114-03-10T14:00:00Z'],
      ['UPDATE', 'checked_in', 'checked_out', '2114-03-14T09:00:00Z'],
    ],
  },
  // booked 20-27 March (7 nights, 700.00), left on the 23rd: 3 nights, 330.00 charged (written below)
  early: {
    room: 0,
    checkIn: '2114-03-20',
    checkOut: '2114-03-27',
    total: '700.00',
    status: 'checked_in',
    created: '2114-02-01T08:00:00Z',
    audit: [
      ['INSERT', null, 'pending', '2114-02-01T08:00:00Z'],
      ['UPDATE', 'pending', 'confirmed', '2114-02-01T12:00:00Z'],
      ['UPDATE', 'confirmed', 'checked_in', '2114-03-20T14:00:00Z'],
      ['UPDATE', 'checked_in', 'checked_out', '2114-03-23T09:00:00Z'],
    ],
  },
  // in the house now, 29 March to 3 April: 500.03 over 5 nights, 10001 on the first three
  inHouse: {
    room: 0,
    checkIn: '2114-03-29',
    checkOut: '2114-04-03',
    total: '500.03',
    status: 'checked_in',
    created: '2113-12-01T08:00:00Z',
    audit: [
      ['INSERT', null, 'confirmed', '2113-12-01T08:00:00Z'],
      ['UPDATE', 'confirmed', 'checked_in', '2114-03-29T14:00:00Z'],
    ],
  },
  cancelled: {
    room: 1,
    checkIn: '2114-03-05',
    checkOut: '2114-03-09',
    total: '400.00',
    status: 'cancelled',
    created: '2114-03-03T08:00:00Z',
    audit: [
      ['INSERT', null, 'pending', '2114-03-03T08:00:00Z'],
      ['UPDATE', 'pending', 'cancelled', '2114-03-03T09:00:00Z'],
    ],
  },
  // a request whose hold ended on 14 March, not yet swept by the timer: 3 nights, 150.00
  endedHold: {
    room: 1,
    checkIn: '2114-03-15',
    checkOut: '2114-03-18',
    total: '150.00',
    status: 'pending',
    hold: '2114-03-14T08:00:00Z',
    created: '2114-03-12T08:00:00Z',
    audit: [['INSERT', null, 'pending', '2114-03-12T08:00:00Z']],
  },
  // the timer ended its hold: 2 nights, 100.00
  expired: {
    room: 1,
    checkIn: '2114-03-25',
    checkOut: '2114-03-27',
    total: '100.00',
    status: 'expired',
    hold: '2114-03-22T08:00:00Z',
    created: '2114-03-20T08:00:00Z',
    audit: [
      ['INSERT', null, 'pending', '2114-03-20T08:00:00Z'],
      ['UPDATE', 'pending', 'expired', '2114-03-22T08:00:00Z'],
    ],
  },
  // waiting for an answer, held until tomorrow: 2 nights in April, 200.00
  held: {
    room: 1,
    checkIn: '2114-04-10',
    checkOut: '2114-04-12',
    total: '200.00',
    status: 'pending',
    hold: '2114-04-03T10:00:00Z',
    created: '2114-04-01T12:00:00Z',
    audit: [['INSERT', null, 'pending', '2114-04-01T12:00:00Z']],
  },
  // a year before, as the books stood on 2 April 2113: sold, 2 nights
  lastYearSold: {
    room: 0,
    checkIn: '2113-03-10',
    checkOut: '2113-03-12',
    total: '200.00',
    status: 'confirmed',
    created: '2113-01-10T08:00:00Z',
    audit: [['INSERT', null, 'confirmed', '2113-01-10T08:00:00Z']],
  },
  // sold then (3 nights), cancelled since
  lastYearCancelledSince: {
    room: 0,
    checkIn: '2113-03-20',
    checkOut: '2113-03-23',
    total: '300.00',
    status: 'cancelled',
    created: '2113-01-10T08:00:00Z',
    audit: [
      ['INSERT', null, 'pending', '2113-01-10T08:00:00Z'],
      ['UPDATE', 'pending', 'confirmed', '2113-01-11T08:00:00Z'],
      ['UPDATE', 'confirmed', 'cancelled', '2113-06-01T08:00:00Z'],
    ],
  },
  // only a request then (confirmed three days later): not on the books a year ago
  lastYearRequested: {
    room: 0,
    checkIn: '2113-04-05',
    checkOut: '2113-04-07',
    total: '200.00',
    status: 'confirmed',
    created: '2113-03-30T08:00:00Z',
    audit: [
      ['INSERT', null, 'pending', '2113-03-30T08:00:00Z'],
      ['UPDATE', 'pending', 'confirmed', '2113-04-05T08:00:00Z'],
    ],
  },
};

const call = async (fn: string) => {
  const { data, error } = await staff.rpc(fn as 'report_occupancy', PERIOD);
  expect(error).toBeNull();
  return data as unknown as Record<string, unknown>[];
};

beforeAll(async () => {
  await sql(`update private.clock_offset set offset_by = $1::timestamptz - now()`, [NOW]);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  staffId = await createBareUser('month-staff', 'staff');
  await sql('update public.profiles set name = $2 where user_id = $1', [staffId, STAFF_NAME]);
  const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
  for (const n of [1, 2]) {
    const [{ id }] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type) values ('Month ' || $2, $1, 'classic') returning id`,
      [`M${n}${tag}`, n],
    );
    rooms.push(id);
  }
  for (const [key, s] of Object.entries(STAYS)) {
    const [{ id }] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount,
         status, hold_expires_at, created_at)
       values ($1, 'Month guest', 'month@example.com', $2, $3, $4, $5, $6, $7) returning id`,
      [rooms[s.room], s.checkIn, s.checkOut, s.total, s.status, s.hold ?? null, s.created],
    );
    ids[key] = id;
  }
  // the early departure, as the check-out writes it: the actual day of departure, what is charged
  await sql(
    `update public.bookings set status = 'checked_out', check_out_date = '2114-03-23', total_amount = 330
     where id = $1`,
    [ids.early],
  );
  // the audit trail as it was written over time (the owner may write it)
  await sql(`delete from public.audit_logs where table_name = 'bookings' and record_id = any($1::text[])`, [
    Object.values(ids),
  ]);
  for (const [key, s] of Object.entries(STAYS))
    for (const [action, from, to, at, user] of s.audit)
      await sql(
        `insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values, created_at)
         values ($1, 'bookings', $2, $3, $4, $5, $6)`,
        [
          action,
          ids[key],
          user ? staffId : null,
          from ? JSON.stringify({ status: from }) : null,
          JSON.stringify({ status: to, hold_expires_at: s.hold ?? null }),
          at,
        ],
      );
  [{ code: countryA }, { code: countryB }] = await sql<{ code: string }>(
    'select code from public.alloggiati_stati order by code limit 2',
  );
  const guests: [string, number, string | null][] = [
    [ids.confirmed, 1, countryA],
    [ids.confirmed, 2, countryA],
    [ids.early, 1, countryB],
    [ids.inHouse, 1, null],
    [ids.cancelled, 1, countryA],
    [ids.endedHold, 1, countryA],
  ];
  for (const [booking, position, code] of guests)
    await sql(
      `insert into public.booking_guests (booking_id, position, residence_state_code, updated_source)
       values ($1, $2, $3, 'staff')`,
      [booking, position, code],
    );
  const payments: [string, string, number, string][] = [
    [ids.confirmed, 'charge', 9000, '2114-03-01T10:00:00Z'],
    [ids.confirmed, 'balance', 21000, '2114-03-02T09:00:00Z'],
    [ids.confirmed, 'city_tax', 600, '2114-03-04T09:00:00Z'],
    [ids.cancelled, 'charge', 12000, '2114-02-20T10:00:00Z'],
    [ids.cancelled, 'refund', 12000, '2114-03-06T10:00:00Z'],
    [ids.inHouse, 'balance', 20000, '2114-04-02T08:00:00Z'],
    // 00:30 on 1 May in Rome: May's money
    [ids.held, 'charge', 5000, '2114-04-30T22:30:00Z'],
  ];
  for (const [booking, kind, cents, at] of payments)
    await sql(
      `insert into public.payments (booking_id, kind, amount_cents, method, status, actor, created_at)
       values ($1, $2, $3, 'card', 'succeeded', 'staff', $4)`,
      [booking, kind, cents, at],
    );
  [{ n: roomCount }] = await sql<{ n: number }>('select count(*)::int as n from public.rooms');
  [{ n: flaggedCount }] = await sql<{ n: number }>(
    `select count(*)::int as n from public.rooms where status in ('maintenance', 'out_of_order')`,
  );
}, 120_000);

afterAll(async () => {
  await sql("update private.clock_offset set offset_by = interval '0'");
  // the ledger is append-only: only the owner, with triggers off for one transaction, clears test rows
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id = any('{${Object.values(ids).join(',')}}'::uuid[]);
  end $$`);
  await sql('delete from public.bookings where id = any($1::uuid[])', [Object.values(ids)]);
  await sql('delete from public.rooms where id = any($1::uuid[])', [rooms]);
  await deleteUsers(staffId);
});

describe('a month of stays, every figure against a sum by hand', () => {
  it('occupancy, revenue, ADR, RevPAR, money received and the nights on request', async () => {
    // March, sold: 3 (confirmed) + 4 (stayed) + 3 (early departure, 20-22 March) + 3 (in house, 29-31)
    const marchSold = 3 + 4 + 3 + 3;
    const marchRevenue = 30000 + 48000 + 33000 + (10001 + 10001 + 10001);
    const marchAvailable = roomCount * 31; // before today: no room is closed
    // April, sold: the in-house stay's 1 and 2 April; from today (the 2nd) a room out of service is closed
    const aprilRevenue = 10000 + 10000;
    const aprilAvailable = roomCount * 30 - flaggedCount * 29;
    expect(await call('report_occupancy')).toEqual([
      {
        month: '2114-03-01',
        available_nights: marchAvailable,
        sold_nights: marchSold,
        channel_nights: 0,
        closed_nights: 0,
        revenue_cents: marchRevenue,
        // deposit and balance of the confirmed stay, less the cancelled stay's refund (its charge was
        // in February); the city tax left out
        received_cents: 9000 + 21000 - 12000,
        adr_cents: 10846, // 141003 / 13 = 10846.38
        revpar_cents: Math.round(marchRevenue / marchAvailable),
        // the ended hold (3 nights, 150.00) and the expired request (2 nights, 100.00)
        on_request_nights: 3 + 2,
        on_request_cents: 15000 + 10000,
      },
      {
        month: '2114-04-01',
        available_nights: aprilAvailable,
        sold_nights: 2,
        channel_nights: 0,
        closed_nights: flaggedCount * 29,
        revenue_cents: aprilRevenue,
        received_cents: 20000,
        adr_cents: 10000,
        revpar_cents: Math.round(aprilRevenue / aprilAvailable),
        on_request_nights: 2,
        on_request_cents: 20000,
      },
    ]);
  });

  it('pace: sold nights now, and a year ago as the books stood then', async () => {
    expect(await call('report_pace')).toEqual([
      // a year ago: the stay sold then (2) and the one sold then and cancelled since (3); the April
      // request was not confirmed yet
      { month: '2114-03-01', nights: 13, nights_year_before: 2 + 3 },
      { month: '2114-04-01', nights: 2, nights_year_before: 0 },
    ]);
  });

  it('sources: the staff entry apart from the website', async () => {
    expect(await call('report_sources')).toEqual([
      { month: '2114-03-01', source: 'site', nights: 3 + 3 + 3 },
      { month: '2114-03-01', source: 'staff', nights: 4 },
      { month: '2114-04-01', source: 'site', nights: 2 },
    ]);
  });

  it('lead time and length of stay of the sold stays arriving in the period', async () => {
    const rows = await call('report_stay_patterns');
    const counts = rows.map((r) => `${r.measure} ${r.bucket} ${r.bookings} ${r.nights}`);
    expect(counts).toEqual([
      'lead_time Same day 1 3', // confirmed
      'lead_time 1–7 days 1 4', // stayed, 5 days ahead
      'lead_time 8–30 days 0 0',
      'lead_time 31–90 days 1 3', // early departure, 47 days ahead, 3 nights stayed
      'lead_time 91–180 days 1 5', // in house, 118 days ahead
      'lead_time Over 180 days 0 0',
      'length_of_stay 1 night 0 0',
      'length_of_stay 2 nights 0 0',
      'length_of_stay 3 nights 2 6', // confirmed and the early departure
      'length_of_stay 4 nights 1 4',
      'length_of_stay 5–6 nights 1 5',
      'length_of_stay 7–13 nights 0 0',
      'length_of_stay 14 nights or more 0 0',
    ]);
  });

  it('outcomes of the requests made in the period', async () => {
    expect(await call('report_outcomes')).toEqual([
      { outcome: 'cancelled', actor: 'guest', actor_name: null, requests: 1 },
      { outcome: 'confirmed', actor: 'staff', actor_name: STAFF_NAME, requests: 1 },
      { outcome: 'confirmed', actor: 'unrecorded', actor_name: null, requests: 1 },
      // the ended hold and the expired request
      { outcome: 'expired', actor: 'system', actor_name: null, requests: 2 },
      { outcome: 'open', actor: 'waiting', actor_name: null, requests: 1 },
    ]);
  });

  it('guests by country: sold stays only, the nights actually stayed', async () => {
    const rows = await call('report_guest_countries');
    const byCode = Object.fromEntries(rows.map((r) => [String(r.country_code), [r.guests, r.nights]]));
    expect(byCode).toEqual({
      [countryA]: [2, 3 + 3], // the two guests of the confirmed stay (cancelled and on request left out)
      [countryB]: [1, 3], // the early departure: 3 nights, not 7
      null: [1, 5], // in house, country not given yet
    });
  });
});
