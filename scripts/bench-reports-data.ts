// The Reports benchmark's data (scripts/bench-reports.ts): 100 rooms and about `bookings` bookings
// from 18 months ago to 18 months ahead, as the owner's connection inserts them (every trigger runs).
import type pg from 'pg';

const ROOMS = 100;
const STAFF = '00000000-0000-4000-8000-0000000000a2'; // the demo staff account

/**
 * Per room: 3-day slots over 1,095 days from 18 months ago; each slot holds a stay of 1-3 nights
 * (checked out, confirmed, or a pending hold), a cancelled or expired request on top of every
 * third, and an active channel block in the free nights of some. A tenth are entered by staff
 * (the audit trail's INSERT row names the staff account).
 */
export async function addReportBookings(db: pg.Client, bookings: number): Promise<void> {
  await db.query(
    `insert into public.rooms (name, room_number, room_type, price_per_night)
     select 'Bench room ' || g, 'B' || g, 'classic', 120 from generate_series(1, $1::int) g`,
    [ROOMS],
  );
  const slots = Math.ceil(bookings / ROOMS / (4 / 3));
  const insertStays = (filter: string) =>
    db.query(
      `with s as (
         select r.id as room_id, g, (current_date - 548) + g * 3 as check_in,
           1 + abs(hashint4(g * 1000 + substr(r.room_number, 2)::int)) % 3 as nights
         from public.rooms r cross join generate_series(0, $1::int - 1) g
         where r.room_number like 'B%'
       )
       insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
         hold_expires_at, created_at)
       select room_id, 'Bench Guest ' || g, 'bench' || g || '@example.com', check_in, check_in + nights, nights * (90 + g % 80),
         case when check_in + nights <= current_date then 'checked_out'
              when g % 17 = 0 then 'pending' else 'confirmed' end::public.booking_status,
         case when g % 17 = 0 then now() + interval '1 day' end,
         least(now() - interval '1 hour', (check_in - (g * 7) % 200)::timestamptz)
       from s where ${filter}`,
      [slots],
    );
  await db.query('begin');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: STAFF, role: 'authenticated' }),
  ]);
  await insertStays('g % 10 = 0');
  await db.query('commit');
  await insertStays('g % 10 <> 0');
  await db.query(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
       hold_expires_at, created_at)
     select b.room_id, 'Bench Lost ' || b.reference, 'lost@example.com', b.check_in_date, b.check_out_date + 1, 200,
       (case when hashint4(b.check_in_date - date '2000-01-01') % 2 = 0 then 'cancelled' else 'expired' end)::public.booking_status,
       b.created_at - interval '2 days', b.created_at - interval '3 days'
     from public.bookings b join public.rooms r on r.id = b.room_id
     where r.room_number like 'B%' and ((b.check_in_date - date '2000-01-01') / 3) % 3 = 0`,
  );
  await db.query(
    `insert into public.external_blocks (feed_id, room_id, event_uid, check_in_date, check_out_date)
     select f.id, b.room_id, 'bench-' || b.id, b.check_out_date, b.check_out_date + 1
     from public.bookings b
     join public.rooms r on r.id = b.room_id and r.room_number like 'B%'
     join public.channel_feeds f on f.room_id = b.room_id
       and f.platform = (array['booking', 'expedia', 'hotels', 'airbnb'])[1 + (b.check_in_date - date '2000-01-01') % 4]::public.channel_platform
     where b.status <> 'cancelled' and b.status <> 'expired' and b.check_out_date - b.check_in_date < 3
       and (b.check_in_date - date '2000-01-01') % 4 = 1`,
  );
  // check-in records (1-3 guests, a country of residence from the code table) and the payments
  // ledger (a deposit when booked, the balance on arrival) for the guests and money reports
  await db.query(
    `with states as (select array_agg(code order by code) as codes from (select code from public.alloggiati_stati limit 40) s)
     insert into public.booking_guests (booking_id, position, residence_state_code, updated_source)
     select b.id, n, states.codes[1 + abs(hashint4(n * 7 + (b.check_in_date - date '2000-01-01'))) % 40], 'staff'
     from public.bookings b join public.rooms r on r.id = b.room_id and r.room_number like 'B%'
     cross join states
     cross join lateral generate_series(1, 1 + (b.check_in_date - date '2000-01-01') % 3) n
     where b.status in ('confirmed', 'checked_out')`,
  );
  await db.query(
    `insert into public.payments (booking_id, kind, amount_cents, method, actor, created_at)
     select b.id, p.kind::public.payment_kind, p.cents, 'card', 'staff', p.at
     from public.bookings b join public.rooms r on r.id = b.room_id and r.room_number like 'B%'
     cross join lateral (values
       ('charge', round(b.total_amount * 30)::int, b.created_at),
       ('balance', round(b.total_amount * 70)::int, b.check_in_date::timestamptz + interval '15 hours')
     ) p(kind, cents, at)
     where b.status in ('confirmed', 'checked_out') and p.at <= now()`,
  );
}
