// The shared half of the folio files (folio-*.test.ts, issue 39 §2): rooms of the calling file's
// own, stays written straight into the tables (as request_booking and the desk leave them), and the
// folio as the superuser reads it. Guests @folio.test.example.com. Each file's rows go after it.
import { afterAll, beforeAll } from 'vitest';
import { DEMO, type Client, signedInClient, sql } from '../support';

export const EMAIL = 'guest@folio.test.example.com';
export let rooms: string[] = [];
export let staff: Client;
export let admin: Client;
let nextRoom = 0;

export interface Totals {
  charged_cents: number;
  paid_cents: number;
  refunded_cents: number;
  balance_cents: number;
  city_tax_due_cents: number;
  city_tax_collected_cents: number;
  city_tax_open_cents: number;
  stay_balance_cents: number;
  paid_online_cents: number;
  refund_pending_cents: number;
  extras_cents: number;
}

/** The file's set-up: `roomCount` rooms; everything on them removed after the file (the ledger with triggers off). */
export function setUpFolio(roomCount = 1) {
  beforeAll(async () => {
    const created = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       select 'Folio room ' || g, 'FO-' || substr(md5(random()::text), 1, 6), 'classic', 'maintenance', 100, 4
       from generate_series(1, $1::int) g returning id::text`,
      [roomCount],
    );
    rooms = created.map((r) => r.id);
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  });

  afterAll(async () => {
    const list = `'{${rooms.join(',')}}'::uuid[]`;
    await sql(`do $$ begin
      set local session_replication_role = replica;
      delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = any(${list});
      delete from private.refund_requests q using public.bookings b where b.id = q.booking_id and b.room_id = any(${list});
      delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = any(${list}));
      delete from public.audit_logs where table_name = 'bookings'
        and record_id in (select id::text from public.bookings where room_id = any(${list}));
    end $$`);
    // the bookings with triggers on, so that the reports' kept night totals lose them too
    await sql(`delete from public.bookings where room_id = any(${list})`);
    await sql(`delete from public.rooms where id = any(${list})`);
  });
}

export interface StayOptions {
  from: number; // days from today
  nights: number;
  guests?: number;
  status?: string;
  nightCents?: number[];
  discountCents?: number;
  deposit?: number;
  room?: number; // by default each stay takes the next of the file's rooms
}

/** A stay as request_booking stores it: nights priced one by one, the total after a discount, a deposit. */
export async function stay(options: StayOptions): Promise<{ id: string; reference: string; total: number }> {
  const nightCents = options.nightCents ?? Array.from({ length: options.nights }, () => 10000);
  const total = nightCents.reduce((a, b) => a + b, 0) - (options.discountCents ?? 0);
  const deposit = options.deposit ?? Math.round(total * 0.3);
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
       total_amount, total_cents, deposit_cents, balance_cents, nightly_rates)
     select $1, 'Folio Guest', $2, current_date + $3::int, current_date + $3::int + $4::int, $5, $6::public.booking_status,
       $7::int / 100.0, $7, $8, $7 - $8,
       (select jsonb_agg(jsonb_build_object('night', current_date + $3::int + (n::int - 1), 'price', c / 100.0,
          'season', null) order by n) from unnest($9::int[]) with ordinality as t(c, n))
     returning id::text, reference`,
    [
      rooms[options.room ?? nextRoom++ % rooms.length],
      EMAIL,
      options.from,
      options.nights,
      options.guests ?? 2,
      options.status ?? 'checked_in',
      total,
      deposit,
      nightCents,
    ],
  );
  return { ...row, total };
}

/** An online payment, as apply_stripe_event records it. */
export async function paidOnline(bookingId: string, cents: number) {
  const intent = `pi_folio_${Math.random().toString(36).slice(2, 12)}`;
  await sql(
    `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
     values ($1, 'charge', $2, 'stripe', $3, 'stripe')`,
    [bookingId, cents, intent],
  );
  return intent;
}

export const folioOf = async (bookingId: string) =>
  (
    await sql<{ lines: { kind: string; side: string; amount_cents: number }[]; totals: Totals }>(
      `select to_jsonb(f) -> 'lines' as lines, to_jsonb(f) -> 'totals' as totals
       from public.bookings b cross join lateral private.folio_view(b) f where b.id = $1`,
      [bookingId],
    )
  )[0];

/** Rome's rate for tonight, per person per night, and its cap. */
export async function cityTaxRate(): Promise<{ cents: number; cap: number }> {
  const [rate] = await sql<{ cents: number; cap: number }>(
    `select amount_cents as cents, max_nights as cap from public.city_tax_rates
     where category = private.city_tax_category(current_date)
       and current_date >= valid_from and (valid_to is null or current_date <= valid_to)`,
  );
  return rate;
}
