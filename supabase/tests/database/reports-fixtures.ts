// The data of the reports' tests (reports.test.ts): 1,000 random stays (holds, cancellations,
// expiries, staff entries), channel blocks, manual closures and rooms out of service in 2103-2105
// (2104 has a leap day), the movable clock set to mid-June 2104; written before the calling file's
// tests and removed after them.
import { afterAll, beforeAll } from 'vitest';
import { createBareUser, deleteUsers, sql } from '../support';

export const NOW = new Date('2104-06-15T10:00:00Z');
export const YEAR_AGO = new Date('2103-06-15T10:00:00Z');
export const DAY = 86_400_000;
const ROOMS = 8;
export const STAYS = 1000;

// ---------------------------------------------------------------- random data
let seed = 32;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) => iso(dayMs(date) + days * DAY);
export const romeDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });

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

/** Writes the stays, blocks, closures and payments before the calling file's tests; removes them after. */
export function seedReportData() {
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
    const payments = refundsWithinPaid(
      fixture.bookings.flatMap((id, i) =>
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
      ),
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
}

interface LedgerRow {
  id: string;
  kind: string;
  cents: number;
  status: string;
}

/**
 * The folio refuses refunds above what a booking was paid (private.folio_refund_room): each
 * booking's succeeded refunds are cut to what its succeeded payments leave, and a refund with
 * nothing left to refund is dropped.
 */
function refundsWithinPaid<T extends LedgerRow>(rows: T[]): T[] {
  const paid = new Map<string, number>();
  for (const row of rows)
    if (row.kind !== 'refund' && row.status === 'succeeded') paid.set(row.id, (paid.get(row.id) ?? 0) + row.cents);
  return rows.flatMap((row) => {
    if (row.kind !== 'refund' || row.status !== 'succeeded') return [row];
    const left = paid.get(row.id) ?? 0;
    const cents = Math.min(row.cents, left);
    paid.set(row.id, left - cents);
    return cents > 0 ? [{ ...row, cents }] : [];
  });
}
