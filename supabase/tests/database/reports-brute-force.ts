// The reports counted by brute force in TypeScript: every room-night walked one by one from the
// rows as stored, so it shares nothing with the SQL of the report functions but the definitions.
// reports.test.ts compares each report function with its count here.
import { sql } from '../support';
import { DAY, NOW, YEAR_AGO, addDays, dayMs, iso, romeDate } from './reports-fixtures';

export type Facts = Awaited<ReturnType<typeof loadFacts>>;

export async function loadFacts() {
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

// whether a booking takes its room (the occupancy rule): closed nights and open requests
const occupiesAt = (status: string, hold: Date | string | null, at: Date) =>
  !['cancelled', 'expired'].includes(status) && (status !== 'pending' || hold === null || new Date(hold) > at);
// what the reports count: sold stays, and apart the requests not confirmed
const isSold = (status: string) => ['confirmed', 'checked_in', 'checked_out'].includes(status);
const isOnRequest = (status: string) => ['pending', 'expired'].includes(status);

function nightsOf(from: string, to: string) {
  const nights: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) nights.push(d);
  return nights;
}
const monthOf = (night: string) => `${night.slice(0, 7)}-01`;

export function bruteOccupancy(f: Facts, from: string, to: string) {
  const today = romeDate(NOW);
  const months = new Map<
    string,
    {
      available: number;
      sold: number;
      channel: number;
      closed: number;
      revenue: number;
      onRequest: number;
      onRequestCents: number;
    }
  >();
  const row = (night: string) => {
    const key = monthOf(night);
    if (!months.has(key))
      months.set(key, { available: 0, sold: 0, channel: 0, closed: 0, revenue: 0, onRequest: 0, onRequestCents: 0 });
    return months.get(key)!;
  };
  const taken = new Map<string, string>(); // room|night -> what
  for (const b of f.bookings) {
    const cents = Number(b.cents);
    const all = nightsOf(b.check_in, b.check_out);
    all.forEach((night, i) => {
      if (occupiesAt(b.status, b.hold, NOW)) taken.set(`${b.room_id}|${night}`, 'booked');
      if (night < from || night >= to) return;
      const share = Math.floor(cents / all.length) + (i < cents % all.length ? 1 : 0);
      const m = row(night);
      if (isSold(b.status)) {
        m.sold += 1;
        m.revenue += share;
      } else if (isOnRequest(b.status)) {
        m.onRequest += 1;
        m.onRequestCents += share;
      }
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
    on_request_nights: m.onRequest,
    on_request_cents: m.onRequestCents,
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

export function bruteGuestCountries(f: Facts, from: string, to: string) {
  const counts = new Map<string | null, { country: string | null; guests: number; nights: number }>();
  const sold = new Map(f.bookings.filter((b) => isSold(b.status)).map((b) => [b.id, b]));
  for (const g of f.guests) {
    const b = sold.get(g.booking_id);
    const nights = b ? nightsOf(b.check_in, b.check_out).filter((n) => n >= from && n < to).length : 0;
    if (!nights) continue;
    const c = counts.get(g.code) ?? { country: g.name ?? g.code, guests: 0, nights: 0 };
    counts.set(g.code, { ...c, guests: c.guests + 1, nights: c.nights + nights });
  }
  return sortByCode([...counts.entries()].map(([country_code, c]) => ({ country_code, ...c })));
}
export const sortByCode = (rows: Record<string, unknown>[]) =>
  rows.sort((a, b) => String(a.country_code).localeCompare(String(b.country_code)));

function stateAt(f: Facts, b: Facts['bookings'][number], at: Date) {
  const rows = (f.auditOf.get(b.id) ?? []).filter((a) => a.new_values && a.created_at <= at);
  rows.sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
  const last = rows.at(-1);
  return last ? last.new_values.status! : b.status;
}

export function brutePace(f: Facts, from: string, to: string) {
  const now = new Map<string, number>();
  const then = new Map<string, number>();
  const lastYear = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return iso(Date.UTC(y - 1, m - 1, Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate())));
  };
  const [thenFrom, thenTo] = [lastYear(from), lastYear(to)];
  for (const b of f.bookings) {
    const nights = nightsOf(b.check_in, b.check_out);
    if (isSold(b.status))
      for (const n of nights.filter((n) => n >= from && n < to)) now.set(monthOf(n), (now.get(monthOf(n)) ?? 0) + 1);
    if (b.created_at <= YEAR_AGO && isSold(stateAt(f, b, YEAR_AGO)))
      for (const n of nights.filter((n) => n >= thenFrom && n < thenTo)) {
        const key = `${Number(n.slice(0, 4)) + 1}${n.slice(4, 7)}-01`;
        then.set(key, (then.get(key) ?? 0) + 1);
      }
  }
  const months = [...new Set(nightsOf(from, to).map(monthOf))];
  return months.map((month) => ({ month, nights: now.get(month) ?? 0, nights_year_before: then.get(month) ?? 0 }));
}

export function bruteSources(f: Facts, from: string, to: string) {
  const counts = new Map<string, number>();
  const add = (night: string, source: string) => {
    if (night < from || night >= to) return;
    const key = `${monthOf(night)}|${source}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const b of f.bookings) {
    if (!isSold(b.status)) continue;
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

export function bruteStays(f: Facts, from: string, to: string) {
  const lead = [0, 1, 8, 31, 91, 181];
  const length = [1, 2, 3, 4, 5, 7, 14];
  const bucket = (bounds: number[], value: number) => bounds.filter((low) => value >= low).length;
  const counts = new Map<string, { bookings: number; nights: number }>();
  const add = (key: string, nights: number) => {
    const c = counts.get(key) ?? { bookings: 0, nights: 0 };
    counts.set(key, { bookings: c.bookings + 1, nights: c.nights + nights });
  };
  for (const b of f.bookings) {
    if (b.check_in < from || b.check_in >= to || !isSold(b.status)) continue;
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

export function bruteOutcomes(f: Facts, from: string, to: string) {
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
export const sortOutcomes = (rows: Record<string, unknown>[]) =>
  rows.sort((a, b) =>
    JSON.stringify([a.outcome, a.actor, a.actor_name]) < JSON.stringify([b.outcome, b.actor, b.actor_name]) ? -1 : 1,
  );
