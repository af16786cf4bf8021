// The Reports screen's functions against a brute-force count in TypeScript: 1,000 random stays
// (holds, cancellations, expiries, staff entries), channel blocks, manual closures and rooms out
// of service in 2103-2105 (2104 has a leap day), the movable clock set to mid-June 2104. The
// count walks every room-night, so it shares nothing with the SQL but the definitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createBareUser,
  DEMO,
  deleteUsers,
  newUserClient,
  signedInClient,
  sql,
  type Client,
} from '../support';

const NOW = new Date('2104-06-15T10:00:00Z');
const YEAR_AGO = new Date('2103-06-15T10:00:00Z');
const DAY = 86_400_000;
const ROOMS = 8;
const STAYS = 1000;

// ---------------------------------------------------------------- random data
let seed = 32;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) => iso(dayMs(date) + days * DAY);
const romeDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });

type AuditRow = { action: string; user: string | null; at: Date; old: object | null; new: object };
type Stay = {
  room: number;
  checkIn: string;
  checkOut: string;
  cents: number;
  status: string;
  hold: Date | null;
  createdAt: Date;
  audit: AuditRow[];
};

function makeStay(room: number, checkIn: string, checkOut: string, occupying: boolean, staffIds: string[]): Stay {
  const arrival = dayMs(checkIn);
  const createdAt = new Date(Math.min(arrival - int(0, 300) * DAY + int(0, 86_399) * 1000, NOW.getTime() - 60_000));
  const cents = int(60, 900) * 100 + int(0, 99);
  const hold = new Date(createdAt.getTime() + 48 * 3_600_000);
  const state = (status: string, h: Date | null) => ({ status, hold_expires_at: h?.toISOString() ?? null });
  const after = (hours: number) => new Date(Math.min(createdAt.getTime() + hours * 3_600_000, NOW.getTime() - 1000));
  const staff = () => (random() < 0.7 ? pick(staffIds) : null);
  const stay = { room, checkIn, checkOut, cents, createdAt, hold, audit: [] as AuditRow[] } as Stay;
  const insert = (status: string, user: string | null) =>
    stay.audit.push({
      action: 'INSERT',
      user,
      at: createdAt,
      old: null,
      new: state(status, status === 'pending' ? hold : null),
    });
  const change = (from: string, to: string, at: Date, user: string | null) =>
    stay.audit.push({ action: 'UPDATE', user, at, old: state(from, hold), new: state(to, hold) });
  const past = dayMs(checkOut) <= dayMs(romeDate(NOW));
  const done = past ? 'checked_out' : 'confirmed';
  if (occupying) {
    const kind = random();
    if (kind < 0.25) {
      stay.status = done;
      insert(done, pick(staffIds)); // entered by staff
    } else if (kind < 0.9 || NOW.getTime() - createdAt.getTime() > 47 * 3_600_000) {
      stay.status = done;
      insert('pending', null);
      change('pending', 'confirmed', after(int(1, 40)), staff());
      if (done !== 'confirmed') change('confirmed', done, new Date(dayMs(checkOut)), staff());
    } else {
      stay.status = 'pending'; // a hold that still lasts
      stay.hold = new Date(NOW.getTime() + int(1, 40) * 3_600_000);
      insert('pending', null);
    }
  } else {
    const kind = random();
    insert('pending', null);
    if (kind < 0.45) {
      stay.status = 'cancelled';
      const confirmedAt = after(int(1, 40));
      change('pending', 'confirmed', confirmedAt, staff());
      const cancelAt =
        confirmedAt.getTime() +
        1000 +
        random() * Math.max(0, Math.min(arrival, NOW.getTime()) - confirmedAt.getTime() - 2000);
      change('confirmed', 'cancelled', new Date(cancelAt), random() < 0.5 ? pick(staffIds) : null);
    } else if (kind < 0.85 || hold.getTime() > NOW.getTime()) {
      stay.status = hold.getTime() > NOW.getTime() ? 'pending' : 'expired';
      if (stay.status === 'expired') change('pending', 'expired', hold, null);
      else stay.hold = new Date(NOW.getTime() - 60_000); // a hold that ended but is not marked yet
    } else {
      stay.status = 'pending'; // created long ago, hold ended, timer not run yet
    }
  }
  return stay;
}

// ---------------------------------------------------------------- fixture
const fixture = {
  rooms: [] as string[],
  staff: [] as string[],
  bookings: [] as string[],
};

beforeAll(async () => {
  const staffIds = [await createBareUser('report-staff', 'staff'), await createBareUser('report-admin', 'admin')];
  fixture.staff.push(...staffIds);
  const guest = await createBareUser('report-guest');
  fixture.staff.push(guest);
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  for (let r = 0; r < ROOMS; r += 1) {
    const status = r === 0 ? 'maintenance' : r === 1 ? 'out_of_order' : 'available';
    const [row] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status) values ($1, $2, 'classic', $3) returning id`,
      [`Report ${r}`, `R${tag}${r}`, status],
    );
    fixture.rooms.push(row.id);
  }
  const feeds = await sql<{ id: string; room_id: string; platform: string }>(
    'select id, room_id, platform from public.channel_feeds where room_id = any($1::uuid[])',
    [fixture.rooms],
  );

  // per room, a line of stays and blocks that never overlap; cancelled and lapsed requests anywhere
  const stays: Stay[] = [];
  const externals: { feed: string; room: string; checkIn: string; checkOut: string; status: string }[] = [];
  const manuals: { room: string; checkIn: string; checkOut: string }[] = [];
  const perRoom = Math.ceil(STAYS / ROOMS);
  for (let r = 0; r < ROOMS; r += 1) {
    let day = `2103-0${int(1, 2)}-${String(int(10, 28))}`;
    let made = 0;
    while (made < perRoom && day < '2105-12-20') {
      const nights = random() < 0.1 ? int(7, 20) : int(1, 5);
      const checkOut = addDays(day, nights);
      const what = random();
      if (what < 0.12) {
        const feed = pick(feeds.filter((f) => f.room_id === fixture.rooms[r]));
        externals.push({ feed: feed.id, room: fixture.rooms[r], checkIn: day, checkOut, status: 'active' });
      } else if (what < 0.16) {
        manuals.push({ room: fixture.rooms[r], checkIn: day, checkOut });
      } else {
        stays.push(makeStay(r, day, checkOut, true, staffIds));
        made += 1;
        if (random() < 0.3) {
          const from = addDays(day, int(-2, 2));
          const to = addDays(checkOut, int(-1, 3));
          stays.push(makeStay(r, from, to > from ? to : addDays(from, 1), false, staffIds));
        }
        if (random() < 0.05) {
          const feed = pick(feeds.filter((f) => f.room_id === fixture.rooms[r]));
          externals.push({
            feed: feed.id,
            room: fixture.rooms[r],
            checkIn: day,
            checkOut,
            status: pick(['cancelled', 'conflict']),
          });
        }
      }
      day = addDays(checkOut, int(0, 4));
    }
  }
  // a stay across the leap day and across a year's end
  stays.push(makeStay(ROOMS - 1, '2104-02-27', '2104-03-02', false, staffIds));

  // the clock first: a hold is judged against it when a stay is written
  await sql(`update private.clock_offset set offset_by = $1::timestamptz - now()`, [NOW.toISOString()]);
  const ids = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
       hold_expires_at, created_at)
     select r, 'Report guest', 'report@example.com', ci, co, cents / 100.0, st::public.booking_status, h, c
     from unnest($1::uuid[], $2::date[], $3::date[], $4::bigint[], $5::text[], $6::timestamptz[], $7::timestamptz[])
       as t(r, ci, co, cents, st, h, c)
     returning id`,
    [
      stays.map((s) => fixture.rooms[s.room]),
      stays.map((s) => s.checkIn),
      stays.map((s) => s.checkOut),
      stays.map((s) => s.cents),
      stays.map((s) => s.status),
      stays.map((s) => (s.status === 'pending' ? s.hold!.toISOString() : s.hold?.toISOString())),
      stays.map((s) => s.createdAt.toISOString()),
    ],
  );
  fixture.bookings.push(...ids.map((row) => row.id));
  // the audit trail as it would have been written over time (the owner may write it)
  await sql(`delete from public.audit_logs where table_name = 'bookings' and record_id = any($1::text[])`, [
    fixture.bookings,
  ]);
  const audit = stays.flatMap((s, i) => s.audit.map((a) => ({ ...a, id: fixture.bookings[i] })));
  await sql(
    `insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values, created_at)
     select a, 'bookings', r, u, o, n, c
     from unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[], $5::jsonb[], $6::timestamptz[]) as t(a, r, u, o, n, c)`,
    [
      audit.map((a) => a.action),
      audit.map((a) => a.id),
      audit.map((a) => a.user),
      audit.map((a) => (a.old ? JSON.stringify(a.old) : null)),
      audit.map((a) => JSON.stringify(a.new)),
      audit.map((a) => a.at.toISOString()),
    ],
  );
  await sql(
    `insert into public.external_blocks (feed_id, room_id, event_uid, check_in_date, check_out_date, status)
     select f, r, gen_random_uuid()::text, ci, co, st::public.external_block_status
     from unnest($1::uuid[], $2::uuid[], $3::date[], $4::date[], $5::text[]) as t(f, r, ci, co, st)`,
    [
      externals.map((e) => e.feed),
      externals.map((e) => e.room),
      externals.map((e) => e.checkIn),
      externals.map((e) => e.checkOut),
      externals.map((e) => e.status),
    ],
  );
  await sql(
    `insert into public.manual_blocks (room_id, check_in_date, check_out_date)
     select * from unnest($1::uuid[], $2::date[], $3::date[])`,
    [manuals.map((m) => m.room), manuals.map((m) => m.checkIn), manuals.map((m) => m.checkOut)],
  );

  // check-in records: 0-4 guests on about two stays in three (sold or not), each with a country of
  // residence from the code table, or none yet
  const states = await sql<{ code: string }>('select code from public.alloggiati_stati order by code limit 6');
  const countries = [...states.map((s) => s.code), null];
  const guests = fixture.bookings.flatMap((id) =>
    random() < 0.35
      ? []
      : Array.from({ length: int(1, 4) }, (_, i) => ({ id, position: i + 1, country: pick(countries) })),
  );
  await sql(
    `insert into public.booking_guests (booking_id, position, residence_state_code, updated_source)
     select * , 'staff' from unnest($1::uuid[], $2::smallint[], $3::text[])`,
    [guests.map((g) => g.id), guests.map((g) => g.position), guests.map((g) => g.country)],
  );
  // the payments ledger: deposits, balances, refunds, city tax and failed tries, dated around each
  // stay (across month ends and the leap day), the odd one just before a Rome midnight
  const kinds = ['charge', 'charge', 'balance', 'refund', 'city_tax'] as const;
  const payments = fixture.bookings.flatMap((id, i) =>
    random() < 0.4
      ? []
      : Array.from({ length: int(1, 3) }, () => {
          const at =
            dayMs(stays[i].checkIn) +
            int(-40, 10) * DAY +
            (random() < 0.2 ? 22 * 3_600_000 + 59 * 60_000 : int(0, 86_399) * 1000);
          return {
            id,
            kind: pick(kinds),
            cents: int(100, 90_000),
            status: random() < 0.1 ? 'failed' : 'succeeded',
            at: new Date(at).toISOString(),
          };
        }),
  );
  await sql(
    `insert into public.payments (booking_id, kind, amount_cents, method, status, actor, created_at)
     select b, k::public.payment_kind, c, 'card', st, 'staff', at
     from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::timestamptz[]) as t(b, k, c, st, at)`,
    [
      payments.map((p) => p.id),
      payments.map((p) => p.kind),
      payments.map((p) => p.cents),
      payments.map((p) => p.status),
      payments.map((p) => p.at),
    ],
  );
}, 180_000);

afterAll(async () => {
  await sql("update private.clock_offset set offset_by = interval '0'");
  // the ledger is append-only: only the owner, with triggers off for one transaction, clears test rows
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id = any('{${fixture.bookings.join(',')}}'::uuid[]);
  end $$`);
  await sql('delete from public.bookings where id = any($1::uuid[])', [fixture.bookings]);
  await sql('delete from public.rooms where id = any($1::uuid[])', [fixture.rooms]);
  await deleteUsers(...fixture.staff);
});

// ---------------------------------------------------------------- the brute force
type Facts = Awaited<ReturnType<typeof loadFacts>>;

async function loadFacts() {
  const rooms = await sql<{ id: string; status: string }>('select id, status::text from public.rooms');
  const bookings = await sql<{
    id: string;
    room_id: string;
    check_in: string;
    check_out: string;
    cents: string;
    status: string;
    hold: Date | null;
    created_at: Date;
  }>(`select id, room_id, check_in_date::text as check_in, check_out_date::text as check_out,
        round(total_amount * 100)::bigint::text as cents, status::text, hold_expires_at as hold, created_at
      from public.bookings where check_out_date > '2102-01-01'`);
  const audit = await sql<{
    record_id: string;
    action: string;
    user_id: string | null;
    old_values: Record<string, string> | null;
    new_values: Record<string, string | null>;
    created_at: Date;
  }>(
    `select record_id, action, user_id, old_values, new_values, created_at from public.audit_logs
     where table_name = 'bookings' and record_id = any($1::text[])`,
    [bookings.map((b) => b.id)],
  );
  const roles = await sql<{ user_id: string }>(
    `select user_id from public.user_roles where role in ('staff', 'admin')`,
  );
  const profiles = await sql<{ user_id: string; name: string | null; email: string | null }>(
    'select user_id, name, email from public.profiles',
  );
  const externals = await sql<{
    room_id: string;
    check_in: string;
    check_out: string;
    status: string;
    platform: string;
  }>(
    `select e.room_id, e.check_in_date::text as check_in, e.check_out_date::text as check_out, e.status::text, f.platform::text
     from public.external_blocks e join public.channel_feeds f on f.id = e.feed_id where e.check_out_date > '2102-01-01'`,
  );
  const manuals = await sql<{ room_id: string; check_in: string; check_out: string }>(
    `select room_id, check_in_date::text as check_in, check_out_date::text as check_out from public.manual_blocks
     where check_out_date > '2102-01-01'`,
  );
  const guests = await sql<{ booking_id: string; code: string | null; name: string | null }>(
    `select g.booking_id, g.residence_state_code as code, s.name from public.booking_guests g
     left join public.alloggiati_stati s on s.code = g.residence_state_code where g.booking_id = any($1::uuid[])`,
    [bookings.map((b) => b.id)],
  );
  const payments = await sql<{ kind: string; cents: number; status: string; at: Date }>(
    `select kind::text, amount_cents as cents, status, created_at as at from public.payments
     where created_at >= '2102-01-01' and created_at < '2107-01-01'`,
  );
  const auditOf = new Map<string, typeof audit>();
  for (const row of audit) auditOf.set(row.record_id, [...(auditOf.get(row.record_id) ?? []), row]);
  const staff = new Set(roles.map((r) => r.user_id));
  return { rooms, bookings, auditOf, staff, profiles, externals, manuals, guests, payments };
}

const occupiesAt = (status: string, hold: Date | string | null, at: Date) =>
  !['cancelled', 'expired'].includes(status) && (status !== 'pending' || hold === null || new Date(hold) > at);

function nightsOf(from: string, to: string) {
  const nights: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) nights.push(d);
  return nights;
}
const monthOf = (night: string) => `${night.slice(0, 7)}-01`;

function bruteOccupancy(f: Facts, from: string, to: string) {
  const today = romeDate(NOW);
  const months = new Map<
    string,
    { available: number; sold: number; channel: number; closed: number; revenue: number }
  >();
  const row = (night: string) => {
    const key = monthOf(night);
    if (!months.has(key)) months.set(key, { available: 0, sold: 0, channel: 0, closed: 0, revenue: 0 });
    return months.get(key)!;
  };
  const taken = new Map<string, string>(); // room|night -> what
  for (const b of f.bookings) {
    if (!occupiesAt(b.status, b.hold, NOW)) continue;
    const cents = Number(b.cents);
    const all = nightsOf(b.check_in, b.check_out);
    all.forEach((night, i) => {
      taken.set(`${b.room_id}|${night}`, 'sold');
      if (night < from || night >= to) return;
      const m = row(night);
      m.sold += 1;
      m.revenue += Math.floor(cents / all.length) + (i < cents % all.length ? 1 : 0);
    });
  }
  for (const e of f.externals.filter((x) => x.status === 'active'))
    for (const night of nightsOf(e.check_in, e.check_out)) taken.set(`${e.room_id}|${night}`, 'channel');
  for (const x of f.manuals)
    for (const night of nightsOf(x.check_in, x.check_out)) taken.set(`${x.room_id}|${night}`, 'closed');
  for (const night of nightsOf(from, to)) {
    const m = row(night);
    for (const room of f.rooms) {
      let what = taken.get(`${room.id}|${night}`);
      if (!what && night >= today && ['maintenance', 'out_of_order'].includes(room.status)) what = 'closed';
      if (what === 'channel') m.channel += 1;
      if (what === 'closed') m.closed += 1;
      else m.available += 1;
    }
  }
  return [...months.entries()].sort().map(([month, m]) => ({
    month,
    available_nights: m.available,
    sold_nights: m.sold,
    channel_nights: m.channel,
    closed_nights: m.closed,
    revenue_cents: m.revenue,
    received_cents: bruteReceived(f, month, from, to),
    adr_cents: m.sold ? Math.round(m.revenue / m.sold) : null,
    revpar_cents: m.available ? Math.round(m.revenue / m.available) : null,
  }));
}

// money in: succeeded charges and balances minus refunds, by the Rome date of the payment
function bruteReceived(f: Facts, month: string, from: string, to: string) {
  let cents = 0;
  for (const p of f.payments) {
    const day = romeDate(p.at);
    if (p.status !== 'succeeded' || day < from || day >= to || monthOf(day) !== month) continue;
    if (p.kind === 'charge' || p.kind === 'balance') cents += p.cents;
    if (p.kind === 'refund') cents -= p.cents;
  }
  return cents;
}

function bruteGuestCountries(f: Facts, from: string, to: string) {
  const counts = new Map<string | null, { country: string | null; guests: number; nights: number }>();
  const sold = new Map(f.bookings.filter((b) => occupiesAt(b.status, b.hold, NOW)).map((b) => [b.id, b]));
  for (const g of f.guests) {
    const b = sold.get(g.booking_id);
    const nights = b ? nightsOf(b.check_in, b.check_out).filter((n) => n >= from && n < to).length : 0;
    if (!nights) continue;
    const c = counts.get(g.code) ?? { country: g.name ?? g.code, guests: 0, nights: 0 };
    counts.set(g.code, { ...c, guests: c.guests + 1, nights: c.nights + nights });
  }
  return sortByCode([...counts.entries()].map(([country_code, c]) => ({ country_code, ...c })));
}
const sortByCode = (rows: Record<string, unknown>[]) =>
  rows.sort((a, b) => String(a.country_code).localeCompare(String(b.country_code)));

function stateAt(f: Facts, b: Facts['bookings'][number], at: Date) {
  const rows = (f.auditOf.get(b.id) ?? []).filter((a) => a.new_values && a.created_at <= at);
  rows.sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
  const last = rows.at(-1);
  return last
    ? { status: last.new_values.status!, hold: last.new_values.hold_expires_at }
    : { status: b.status, hold: b.hold };
}

function brutePace(f: Facts, from: string, to: string) {
  const now = new Map<string, number>();
  const then = new Map<string, number>();
  const lastYear = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return iso(Date.UTC(y - 1, m - 1, Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate())));
  };
  const [thenFrom, thenTo] = [lastYear(from), lastYear(to)];
  for (const b of f.bookings) {
    const nights = nightsOf(b.check_in, b.check_out);
    if (occupiesAt(b.status, b.hold, NOW))
      for (const n of nights.filter((n) => n >= from && n < to)) now.set(monthOf(n), (now.get(monthOf(n)) ?? 0) + 1);
    const state = stateAt(f, b, YEAR_AGO);
    if (b.created_at <= YEAR_AGO && occupiesAt(state.status, state.hold, YEAR_AGO))
      for (const n of nights.filter((n) => n >= thenFrom && n < thenTo)) {
        const key = `${Number(n.slice(0, 4)) + 1}${n.slice(4, 7)}-01`;
        then.set(key, (then.get(key) ?? 0) + 1);
      }
  }
  const months = [...new Set(nightsOf(from, to).map(monthOf))];
  return months.map((month) => ({ month, nights: now.get(month) ?? 0, nights_year_before: then.get(month) ?? 0 }));
}

function bruteSources(f: Facts, from: string, to: string) {
  const counts = new Map<string, number>();
  const add = (night: string, source: string) => {
    if (night < from || night >= to) return;
    const key = `${monthOf(night)}|${source}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const b of f.bookings) {
    if (!occupiesAt(b.status, b.hold, NOW)) continue;
    const creator = (f.auditOf.get(b.id) ?? []).find((a) => a.action === 'INSERT')?.user_id;
    const source = creator && f.staff.has(creator) ? 'staff' : 'site';
    for (const n of nightsOf(b.check_in, b.check_out)) add(n, source);
  }
  for (const e of f.externals.filter((x) => x.status === 'active'))
    for (const n of nightsOf(e.check_in, e.check_out)) add(n, e.platform);
  return [...counts.entries()]
    .map(([key, nights]) => ({ month: key.split('|')[0], source: key.split('|')[1], nights }))
    .sort((a, b) => (a.month + a.source < b.month + b.source ? -1 : 1));
}

function bruteStays(f: Facts, from: string, to: string) {
  const lead = [0, 1, 8, 31, 91, 181];
  const length = [1, 2, 3, 4, 5, 7, 14];
  const bucket = (bounds: number[], value: number) => bounds.filter((low) => value >= low).length;
  const counts = new Map<string, { bookings: number; nights: number }>();
  const add = (key: string, nights: number) => {
    const c = counts.get(key) ?? { bookings: 0, nights: 0 };
    counts.set(key, { bookings: c.bookings + 1, nights: c.nights + nights });
  };
  for (const b of f.bookings) {
    if (b.check_in < from || b.check_in >= to || !occupiesAt(b.status, b.hold, NOW)) continue;
    const n = nightsOf(b.check_in, b.check_out).length;
    const days = Math.max(0, (dayMs(b.check_in) - dayMs(romeDate(b.created_at))) / DAY);
    add(`lead_time|${bucket(lead, days)}`, n);
    add(`length_of_stay|${bucket(length, n)}`, n);
  }
  return [
    ...lead.map((_, i) => ['lead_time', i + 1] as const),
    ...length.map((_, i) => ['length_of_stay', i + 1] as const),
  ].map(([measure, bucket_order]) => ({
    measure,
    bucket_order,
    ...(counts.get(`${measure}|${bucket_order}`) ?? { bookings: 0, nights: 0 }),
  }));
}

function bruteOutcomes(f: Facts, from: string, to: string) {
  const counts = new Map<string, number>();
  for (const b of f.bookings) {
    const made = romeDate(b.created_at);
    if (made < from || made >= to) continue;
    const confirmed = ['confirmed', 'checked_in', 'checked_out'].includes(b.status);
    const outcome = confirmed
      ? 'confirmed'
      : b.status === 'pending'
        ? occupiesAt(b.status, b.hold, NOW)
          ? 'open'
          : 'expired'
        : b.status;
    const target = confirmed ? 'confirmed' : b.status;
    const changes = (f.auditOf.get(b.id) ?? [])
      .filter((a) => a.new_values?.status === target && a.old_values?.status !== target)
      .sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
    const user = outcome === 'open' ? null : (changes.at(-1)?.user_id ?? null);
    const staff = user !== null && f.staff.has(user);
    const actor =
      outcome === 'open'
        ? 'waiting'
        : staff
          ? 'staff'
          : user
            ? 'guest'
            : outcome === 'cancelled'
              ? 'guest'
              : outcome === 'expired'
                ? 'system'
                : 'unrecorded';
    const profile = f.profiles.find((p) => p.user_id === user);
    const name = staff ? profile?.name?.trim() || profile?.email || 'staff' : null;
    const key = JSON.stringify([outcome, actor, name]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return sortOutcomes(
    [...counts.entries()].map(([key, requests]) => {
      const [outcome, actor, actor_name] = JSON.parse(key) as [string, string, string | null];
      return { outcome, actor, actor_name, requests };
    }),
  );
}
const sortOutcomes = (rows: Record<string, unknown>[]) =>
  rows.sort((a, b) =>
    JSON.stringify([a.outcome, a.actor, a.actor_name]) < JSON.stringify([b.outcome, b.actor, b.actor_name]) ? -1 : 1,
  );

// ---------------------------------------------------------------- the comparisons
const PERIODS: [string, string][] = [
  ['2104-01-01', '2105-01-01'], // a leap year, today in the middle
  ['2103-07-01', '2104-07-01'], // last twelve months
  ['2104-02-15', '2104-03-10'], // a part of two months, across the leap day
  ['2104-06-15', '2105-06-01'], // from today
];

describe('reports against a brute-force count', () => {
  let staff: Client;
  let facts: Facts;
  beforeAll(async () => {
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    facts = await loadFacts();
  });
  const call = async (fn: string, from: string, to: string) => {
    const { data, error } = await staff.rpc(fn as 'report_occupancy', { p_from: from, p_to: to });
    if (error) throw error;
    return data as unknown as Record<string, unknown>[];
  };

  it('has the data it claims: stays of every kind, blocks, closures and a leap day', () => {
    const statuses = new Set(facts.bookings.map((b) => b.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'checked_out', 'confirmed', 'expired', 'pending']);
    expect(facts.bookings.length).toBeGreaterThanOrEqual(STAYS);
    expect(facts.externals.length).toBeGreaterThan(20);
    expect(facts.manuals.length).toBeGreaterThan(5);
    expect(facts.bookings.some((b) => b.check_in <= '2104-02-29' && b.check_out > '2104-02-29')).toBe(true);
  });

  it.each(PERIODS)('occupancy and revenue %s to %s', async (from, to) => {
    const rows = (await call('report_occupancy', from, to)).map((r) => ({
      ...r,
      revenue_cents: Number(r.revenue_cents),
      received_cents: Number(r.received_cents),
    }));
    expect(rows).toEqual(bruteOccupancy(facts, from, to));
  });

  it('a year has months with sold, channel and closed nights, and revenue', async () => {
    const rows = await call('report_occupancy', '2104-01-01', '2105-01-01');
    const full = rows.filter((r) => Number(r.sold_nights) * Number(r.channel_nights) * Number(r.closed_nights) > 0);
    expect(full.length).toBeGreaterThan(3);
    expect(full.every((r) => Number(r.revenue_cents) > 0 && Number(r.adr_cents) > 0)).toBe(true);
  });

  it.each(PERIODS)('pace %s to %s', async (from, to) => {
    const rows = await call('report_pace', from, to);
    expect(rows).toEqual(brutePace(facts, from, to));
    expect(rows.some((r) => r.nights !== r.nights_year_before)).toBe(true);
  });

  it.each(PERIODS)('sources of nights %s to %s', async (from, to) => {
    expect(await call('report_sources', from, to)).toEqual(bruteSources(facts, from, to));
  });

  it.each(PERIODS)('lead time and length of stay %s to %s', async (from, to) => {
    const rows = await call('report_stay_patterns', from, to);
    expect(rows.map(({ bucket: _bucket, ...r }) => r)).toEqual(bruteStays(facts, from, to));
  });

  it.each(PERIODS)('outcomes %s to %s', async (from, to) => {
    const rows = sortOutcomes(await call('report_outcomes', from, to));
    expect(rows).toEqual(bruteOutcomes(facts, from, to));
  });

  it('outcomes name every kind of decider in a year with open requests', async () => {
    const rows = await call('report_outcomes', '2104-01-01', '2105-01-01');
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set(['staff', 'guest', 'system', 'waiting', 'unrecorded']));
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(['confirmed', 'cancelled', 'expired', 'open']));
  });

  it('a year has money received, refunds taken off, and no city tax', async () => {
    const rows = await call('report_occupancy', '2104-01-01', '2105-01-01');
    const received = rows.reduce((sum, r) => sum + Number(r.received_cents), 0);
    const ok = facts.payments.filter((p) => p.status === 'succeeded' && romeDate(p.at).startsWith('2104'));
    const all = ok.reduce((sum, p) => sum + p.cents, 0);
    const refunds = ok.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.cents, 0);
    expect(refunds).toBeGreaterThan(0);
    expect(ok.some((p) => p.kind === 'city_tax')).toBe(true);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(all - 2 * refunds);
  });

  it.each(PERIODS)('guests by country of residence %s to %s', async (from, to) => {
    const rows = sortByCode(await call('report_guest_countries', from, to));
    expect(rows).toEqual(bruteGuestCountries(facts, from, to));
  });

  it('guests by country: named countries, a guest not filled in yet, and no identity data', async () => {
    const rows = await call('report_guest_countries', '2104-01-01', '2105-01-01');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.some((r) => r.country_code === null && r.country === null)).toBe(true);
    const named = rows.filter((r) => r.country_code !== null);
    expect(named.every((r) => typeof r.country === 'string' && r.country !== r.country_code)).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual(['country', 'country_code', 'guests', 'nights']);
    // a guest of a cancelled stay is not counted
    const cancelled = new Set(facts.bookings.filter((b) => b.status === 'cancelled').map((b) => b.id));
    expect(facts.guests.some((g) => cancelled.has(g.booking_id))).toBe(true);
  });

  it('refuses a period that is empty, reversed or longer than three years', async () => {
    const { error } = await staff.rpc('report_occupancy', { p_from: '2104-01-01', p_to: '2104-01-01' });
    expect(error?.message).toBe('Choose a period of at most three years.');
    const { error: long } = await staff.rpc('report_pace', { p_from: '2100-01-01', p_to: '2104-01-02' });
    expect(long?.code).toBe('P0001');
  });
});

describe('reports are for staff only', () => {
  const FUNCTIONS = [
    'report_occupancy',
    'report_pace',
    'report_stay_patterns',
    'report_outcomes',
    'report_sources',
    'report_guest_countries',
  ] as const;
  it.each(FUNCTIONS)('%s: anon and a signed-in user without a role get nothing', async (fn) => {
    const args = { p_from: '2104-01-01', p_to: '2105-01-01' };
    const anon = await anonClient().rpc(fn, args);
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
    const { client, userId } = await newUserClient('reports');
    try {
      const user = await client.rpc(fn, args);
      expect(user.data).toBeNull();
      expect(user.error?.message).toBe('Only staff can see reports.');
    } finally {
      await deleteUsers(userId);
    }
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    expect((await admin.rpc(fn, args)).error).toBeNull();
  });
});
