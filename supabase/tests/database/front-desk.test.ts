// The front desk (issue 40 §1, §2): bookings taken by hand, priced and checked as a guest's request
// and never overlapping any other stay; changes of dates and rooms re-priced exactly as a new
// request of the new stay; no-shows and early departures releasing their nights; who may call the
// desk's functions. Rooms of this file's own (status available, 100 € a night), removed after it.
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, newUserClient, signedInClient, sql, type Client } from '../support';

let rooms: string[] = [];
let feeds: string[] = [];
let staff: Client;
const EMAIL_DOMAIN = 'desk.test.example.com';

beforeAll(async () => {
  const created = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     select 'Desk room ' || g, 'DK-' || substr(md5(random()::text), 1, 6), 'classic', 'available', 100 + 10 * g, 4
     from generate_series(1, 6) g returning id::text`,
  );
  rooms = created.map((r) => r.id);
  // every room has its channel feeds (made with the room); the imports below use Booking.com's
  const made = await sql<{ id: string }>(
    `select f.id::text from unnest($1::uuid[]) with ordinality as r(id, n)
     join public.channel_feeds f on f.room_id = r.id and f.platform = 'booking' order by r.n`,
    [rooms],
  );
  feeds = made.map((f) => f.id);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

afterAll(async () => {
  const list = `'{${rooms.join(',')}}'::uuid[]`;
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = any(${list});
    delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = any(${list}));
    delete from public.audit_logs where table_name = 'bookings'
      and record_id in (select id::text from public.bookings where room_id = any(${list}));
    delete from private.booking_request_origins o using public.bookings b where b.id = o.booking_id and b.room_id = any(${list});
  end $$`);
  await sql(`delete from public.bookings where room_id = any(${list})`);
  await sql(`delete from public.external_blocks where room_id = any(${list})`);
  await sql(`delete from public.rooms where id = any(${list})`);
});

const day = async (offset: number) =>
  (await sql<{ d: string }>(`select (private.rome_today() + $1::int)::text as d`, [offset]))[0].d;

interface DeskArgs {
  room: string;
  from: number;
  nights: number;
  guests?: number;
  status?: 'confirmed' | 'pending';
  source?: string;
  total?: number;
  reason?: string;
  extras?: { service_id: string; quantity: number }[];
  paid?: 'cash' | 'card';
  sendLink?: boolean;
  client?: Client;
}

async function desk(args: DeskArgs) {
  return (args.client ?? staff).rpc('create_desk_booking', {
    p_room_id: args.room,
    p_check_in: await day(args.from),
    p_check_out: await day(args.from + args.nights),
    p_guests: args.guests ?? 2,
    p_guest_name: 'Desk Guest',
    p_guest_email: `guest-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`,
    p_guest_phone: '+39 06 555 0100',
    p_language: 'it',
    p_source: args.source ?? 'phone',
    p_rate_plan: 'flexible',
    p_extras: args.extras ?? [],
    p_notes: 'Arrives late',
    p_status: args.status ?? 'confirmed',
    p_total_cents: args.total,
    p_override_reason: args.reason,
    p_send_link: args.sendLink ?? false,
    p_paid_method: args.paid,
  });
}

const bookingOf = async (id: string) =>
  (
    await sql<{
      status: string;
      room_id: string;
      check_in_date: string;
      check_out_date: string;
      total_cents: number;
      deposit_cents: number;
      balance_cents: number;
      extras_cents: number;
      nightly_rates: unknown;
      source: string;
    }>(
      `select status::text, room_id::text, check_in_date::text, check_out_date::text, total_cents, deposit_cents,
         balance_cents, extras_cents, nightly_rates, source from public.bookings where id = $1`,
      [id],
    )
  )[0];

async function quote(room: string, checkIn: string, checkOut: string, guests: number, extras: unknown[] = []) {
  const { data, error } = await anonClient().rpc('quote_stay', {
    p_room_id: room,
    p_check_in: checkIn,
    p_check_out: checkOut,
    p_guests: guests,
    p_extras: extras as never,
  });
  expect(error).toBeNull();
  return data as unknown as {
    total_cents: number;
    deposit_cents: number;
    extras_cents: number;
    nightly: unknown;
    bookable: boolean;
  };
}

const isFree = async (room: string, from: number, to: number) =>
  (
    await sql<{ free: boolean }>(
      `select public.room_is_available($1, private.rome_today() + $2::int, private.rome_today() + $3::int) as free`,
      [room, from, to],
    )
  )[0].free;

describe('a booking taken at the desk', () => {
  it('is priced as a guest request of the same stay, stored with its source, and audited', async () => {
    const [service] = await sql<{ id: string }>(
      `select id::text from public.services where available and pricing_unit = 'per_stay' order by name limit 1`,
    );
    const extras = service ? [{ service_id: service.id, quantity: 1 }] : [];
    const { data, error } = await desk({ room: rooms[0], from: 40, nights: 3, source: 'phone', extras });
    expect(error).toBeNull();
    const result = data as { booking_id: string; total_cents: number; priced_total_cents: number };
    const q = await quote(rooms[0], await day(40), await day(43), 2, extras);
    const stored = await bookingOf(result.booking_id);
    expect(stored).toMatchObject({
      status: 'confirmed',
      source: 'phone',
      total_cents: q.total_cents,
      deposit_cents: q.deposit_cents,
      extras_cents: q.extras_cents,
    });
    expect(stored.nightly_rates).toEqual(q.nightly);
    const audit = await sql<{ user_id: string; new_values: Record<string, unknown> }>(
      `select user_id::text, new_values from public.audit_logs where record_id = $1 and new_values ? 'desk_action'`,
      [result.booking_id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].new_values).toMatchObject({ desk_action: 'desk_booking', source: 'phone' });
    expect(audit[0].user_id).not.toBeNull();
  });

  it('follows the stay rules and the room: nights taken, too many guests, past dates, website as a source', async () => {
    await desk({ room: rooms[0], from: 50, nights: 2 });
    const taken = await desk({ room: rooms[0], from: 51, nights: 2 });
    expect(taken.error?.message).toBe('This room is not available for the selected dates.');
    expect((await desk({ room: rooms[0], from: 60, nights: 2, guests: 6 })).error?.hint).toBe('guests');
    expect((await desk({ room: rooms[0], from: -1, nights: 2 })).error?.hint).toBe('past');
    expect((await desk({ room: rooms[0], from: 70, nights: 2, source: 'website' })).error?.hint).toBe('source_invalid');
    expect((await desk({ room: rooms[0], from: 70, nights: 40 })).error?.hint).toBe('too_long');
  });

  it('takes an overridden total only with a reason, kept in the audit trail; a walk-in paid goes to the folio', async () => {
    expect((await desk({ room: rooms[1], from: 0, nights: 1, total: 5000 })).error?.hint).toBe(
      'override_reason_missing',
    );
    const { data, error } = await desk({
      room: rooms[1],
      from: 0,
      nights: 1,
      total: 5000,
      reason: 'Returning guest',
      source: 'walk_in',
      paid: 'cash',
    });
    expect(error).toBeNull();
    const id = (data as { booking_id: string }).booking_id;
    expect(await bookingOf(id)).toMatchObject({ total_cents: 5000, source: 'walk_in' });
    const [audit] = await sql<{ new_values: Record<string, unknown> }>(
      `select new_values from public.audit_logs where record_id = $1 and new_values ? 'desk_action'`,
      [id],
    );
    expect(audit.new_values).toMatchObject({
      total_cents: 5000,
      priced_total_cents: 12000,
      override_reason: 'Returning guest',
    });
    const [paid] = await sql<{ kind: string; method: string; amount_cents: number }>(
      `select kind::text, method, amount_cents from public.payments where booking_id = $1`,
      [id],
    );
    expect(paid).toEqual({ kind: 'balance', method: 'cash', amount_cents: 5000 });
  });

  it('holds a pending booking and sends the guest the private link in the guest language when asked', async () => {
    const { data, error } = await desk({ room: rooms[1], from: 30, nights: 2, status: 'pending', sendLink: true });
    expect(error).toBeNull();
    const id = (data as { booking_id: string }).booking_id;
    const [row] = await sql<{ status: string; held: boolean }>(
      `select status::text, hold_expires_at > now() as held from public.bookings where id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'pending', held: true });
    const mails = await sql<{ kind: string; language: string }>(
      `select kind, language from public.email_outbox where booking_id = $1`,
      [id],
    );
    expect(mails).toEqual([{ kind: 'desk_booking_link', language: 'it' }]);
  });

  it('can never overlap another stay: 100 random desk, web and channel bookings in parallel', async () => {
    const pool = rooms.slice(3, 6);
    const attempts = Array.from({ length: 100 }, (_, i) => ({
      kind: (['desk', 'web', 'channel'] as const)[i % 3],
      room: pool[Math.floor(Math.random() * pool.length)],
      from: 100 + Math.floor(Math.random() * 20),
      nights: 1 + Math.floor(Math.random() * 4),
      i,
    }));
    const run = async (a: (typeof attempts)[number]): Promise<boolean> => {
      if (a.kind === 'desk') return !(await desk({ room: a.room, from: a.from, nights: a.nights })).error;
      try {
        if (a.kind === 'web') {
          await sql(
            `begin;
             select set_config('request.headers', '{"x-forwarded-for": "198.51.${Math.floor(a.i / 200)}.${a.i % 200}"}', true);
             select public.request_booking('${a.room}', private.rome_today() + ${a.from}, private.rome_today() + ${a.from + a.nights},
               2, 'Web Guest', 'web-${a.i}-${Math.random().toString(36).slice(2, 6)}@${EMAIL_DOMAIN}');
             commit;`,
          );
        } else {
          await sql(
            `insert into public.external_blocks (feed_id, room_id, event_uid, check_in_date, check_out_date)
             values ($1, $2, $3, private.rome_today() + $4::int, private.rome_today() + $5::int)`,
            [feeds[rooms.indexOf(a.room)], a.room, `desk-test-${a.i}`, a.from, a.from + a.nights],
          );
        }
        return true;
      } catch {
        return false;
      }
    };
    // ten at a time (the two-core machine's connection budget), interleaved across kinds
    const results: boolean[] = [];
    for (let i = 0; i < attempts.length; i += 10)
      results.push(...(await Promise.all(attempts.slice(i, i + 10).map(run))));
    const made = (kind: string) => attempts.filter((a, i) => a.kind === kind && results[i]).length;
    expect(made('desk')).toBeGreaterThan(0);
    expect(made('web')).toBeGreaterThan(0);
    expect(made('channel')).toBeGreaterThan(0);

    const overlaps = await sql<{ n: number }>(
      `with stays as (
         select b.room_id, daterange(b.check_in_date, b.check_out_date) as r from public.bookings b
         where b.room_id = any($1::uuid[]) and private.booking_occupies(b.status, b.hold_expires_at)
         union all
         select e.room_id, daterange(e.check_in_date, e.check_out_date) from public.external_blocks e
         where e.room_id = any($1::uuid[]) and e.status = 'active'
       ), numbered as (select row_number() over () as k, * from stays)
       select count(*)::int as n from numbered a join numbered b on a.room_id = b.room_id and a.k < b.k and a.r && b.r`,
      [pool],
    );
    expect(overlaps[0].n).toBe(0);
  });
});

describe('a stay that changes', () => {
  it('new dates and another room are re-priced exactly as a new request of the new stay', async () => {
    const { data } = await desk({ room: rooms[2], from: 20, nights: 2, guests: 2 });
    const id = (data as { booking_id: string }).booking_id;
    const preview = await staff.rpc('quote_stay_change', {
      p_booking_id: id,
      p_room_id: rooms[2],
      p_check_in: await day(21),
      p_check_out: await day(25),
    });
    expect(preview.error).toBeNull();
    const q = await quote(rooms[2], await day(21), await day(25), 2);
    expect(preview.data).toMatchObject({
      after: { total_cents: q.total_cents },
      difference_cents: q.total_cents - 26000,
    });
    // nothing written by the preview
    expect((await bookingOf(id)).check_in_date).toBe(await day(20));

    const changed = await staff.rpc('change_booking_stay', {
      p_booking_id: id,
      p_room_id: rooms[2],
      p_check_in: await day(21),
      p_check_out: await day(25),
    });
    expect(changed.error).toBeNull();
    expect(await bookingOf(id)).toMatchObject({
      check_in_date: await day(21),
      check_out_date: await day(25),
      total_cents: q.total_cents,
      deposit_cents: q.deposit_cents,
    });

    // a move to another room (another price) the same way
    const q2 = await quote(rooms[1], await day(21), await day(25), 2);
    const moved = await staff.rpc('change_booking_stay', {
      p_booking_id: id,
      p_room_id: rooms[1],
      p_check_in: await day(21),
      p_check_out: await day(25),
    });
    expect(moved.error).toBeNull();
    const after = await bookingOf(id);
    expect(after).toMatchObject({ room_id: rooms[1], total_cents: q2.total_cents, deposit_cents: q2.deposit_cents });
    expect(after.nightly_rates).toEqual(q2.nightly);
    expect(await isFree(rooms[2], 21, 25)).toBe(true);

    // before and after in the audit trail, and the guest told in the guest's language
    const audits = await sql<{ old_values: Record<string, unknown>; new_values: Record<string, unknown> }>(
      `select old_values, new_values from public.audit_logs where record_id = $1 and new_values ->> 'desk_action' = 'stay_changed'
       order by created_at`,
      [id],
    );
    expect(audits).toHaveLength(2);
    expect(audits[1].old_values).toMatchObject({ room_id: rooms[2] });
    expect(audits[1].new_values).toMatchObject({ room_id: rooms[1] });
    const mails = await sql<{ language: string }>(
      `select language from public.email_outbox where booking_id = $1 and kind = 'stay_changed'`,
      [id],
    );
    expect(mails).toHaveLength(2);
    expect(mails[0].language).toBe('it');
  });

  it('is refused with the engine’s own message when the nights are taken, and nothing changes', async () => {
    const a = (await desk({ room: rooms[2], from: 80, nights: 2 })).data as { booking_id: string };
    await desk({ room: rooms[2], from: 83, nights: 2 });
    const before = await bookingOf(a.booking_id);
    const refused = await staff.rpc('change_booking_stay', {
      p_booking_id: a.booking_id,
      p_room_id: rooms[2],
      p_check_in: await day(80),
      p_check_out: await day(84),
    });
    expect((refused.error as PostgrestError).message).toBe('This room is not available for the selected dates.');
    expect(await bookingOf(a.booking_id)).toEqual(before);
  });

  it('a no-show after the arrival day releases its nights; before it, it is refused', async () => {
    const { data } = await desk({ room: rooms[0], from: 2, nights: 2 });
    const early = await staff.rpc('mark_no_show', { p_booking_id: (data as { booking_id: string }).booking_id });
    expect(early.error?.hint).toBe('not_no_show');

    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
         total_amount, total_cents, deposit_cents, balance_cents, source)
       values ($1, 'No Show', 'noshow@${EMAIL_DOMAIN}', private.rome_today() - 1, private.rome_today() + 2, 2,
         'confirmed', 300, 30000, 9000, 21000, 'booking_com') returning id::text`,
      [rooms[0]],
    );
    expect(await isFree(rooms[0], 0, 2)).toBe(false);
    const marked = await staff.rpc('mark_no_show', { p_booking_id: row.id });
    expect(marked.error).toBeNull();
    expect(marked.data).toMatchObject({ status: 'no_show', kept_cents: 0, refund_cents: 0 });
    expect((await bookingOf(row.id)).status).toBe('no_show');
    expect(await isFree(rooms[0], 0, 2)).toBe(true);

    // the requests' report counts it apart, decided by the staff member who marked it
    const today = (await sql<{ d: string }>('select private.rome_today()::text as d'))[0].d;
    const outcomes = await staff.rpc('report_outcomes', {
      p_from: today,
      p_to: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
    });
    expect(outcomes.error).toBeNull();
    expect(outcomes.data).toContainEqual(expect.objectContaining({ outcome: 'no_show', actor: 'staff' }));
  });

  it('an early departure releases the nights after today at once', async () => {
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
         total_amount, total_cents, deposit_cents, balance_cents)
       values ($1, 'Early Leaver', 'early@${EMAIL_DOMAIN}', private.rome_today() - 1, private.rome_today() + 3, 2,
         'checked_in', 400, 40000, 12000, 28000) returning id::text`,
      [rooms[5]],
    );
    expect(await isFree(rooms[5], 0, 3)).toBe(false);
    const out = await staff.rpc('check_out_booking', { p_booking_id: row.id, p_nights: 'stayed', p_leave_owing: true });
    expect(out.error).toBeNull();
    expect(await isFree(rooms[5], 0, 3)).toBe(true);
  });
});

describe('who may use the desk', () => {
  it('anon and a signed-in user with no role are refused every desk function, and nothing is written', async () => {
    const { client: nobody } = await newUserClient('desk');
    const [{ n: before }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.bookings where room_id = any($1::uuid[])`,
      [rooms],
    );
    const [target] = await sql<{ id: string }>(
      `select id::text from public.bookings where room_id = any($1::uuid[]) and status = 'confirmed' limit 1`,
      [rooms],
    );
    for (const client of [anonClient(), nobody]) {
      expect((await desk({ room: rooms[0], from: 200, nights: 1, client })).error).not.toBeNull();
      const args = {
        p_booking_id: target.id,
        p_room_id: rooms[0],
        p_check_in: await day(201),
        p_check_out: await day(202),
      };
      expect((await client.rpc('quote_stay_change', args)).error).not.toBeNull();
      expect((await client.rpc('change_booking_stay', args)).error).not.toBeNull();
      expect((await client.rpc('mark_no_show', { p_booking_id: target.id })).error).not.toBeNull();
    }
    const [{ n: after }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.bookings where room_id = any($1::uuid[])`,
      [rooms],
    );
    expect(after).toBe(before);
  });
});
