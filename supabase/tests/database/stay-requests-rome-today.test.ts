// Every "today" is the house's (issue 42): with the clock between Rome's midnight and UTC's
// (23:30 UTC, already the next day in Rome), a request and a quote with check-in on Rome's
// yesterday (UTC's today) are refused as past, Rome's today is bookable, the calendar shows Rome's
// yesterday as not free, and a promo code valid until Rome's yesterday has expired. Its own room
// and code; the clock is put back after the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from '../support';

let roomId: string;
let romeToday: string;
let romeYesterday: string;

beforeAll(async () => {
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Rome clock room', $1, 'classic', 'available', 90, 2) returning id::text`,
    [`RT-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  // 23:30 UTC today: Rome (UTC+1 or +2) is past its midnight, UTC is not
  await sql(
    `update private.clock_offset
     set offset_by = (date_trunc('day', now() at time zone 'UTC') + interval '23 hours 30 minutes') at time zone 'UTC' - now()`,
  );
  const [days] = await sql<{ rome: string; utc: string }>(
    `select private.rome_today()::text as rome, (private.clock_now() at time zone 'UTC')::date::text as utc`,
  );
  romeToday = days.rome;
  romeYesterday = days.utc;
  expect(romeYesterday < romeToday).toBe(true);
  await sql(
    `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, is_active, valid_until)
     values ($1, 'ROMEDAY', 10, true, $2::date)`,
    [roomId, romeYesterday],
  );
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterAll(async () => {
  await sql("update private.clock_offset set offset_by = interval '0'");
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = '${roomId}');
    delete from public.bookings where room_id = '${roomId}';
    delete from public.room_promo_codes where room_id = '${roomId}';
    delete from public.rooms where id = '${roomId}';
  end $$`);
});

const next = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const stay = (checkIn: string, extra: Record<string, unknown> = {}) => ({
  p_room_id: roomId,
  p_check_in: checkIn,
  p_check_out: next(checkIn, 1),
  p_guests: 1,
  ...extra,
});

describe("between Rome's midnight and UTC's", () => {
  it("a request and a quote with check-in on Rome's yesterday are refused as past; Rome's today is bookable", async () => {
    const quote = await anonClient().rpc('quote_stay', stay(romeYesterday));
    expect(quote.error).toBeNull();
    expect(quote.data).toMatchObject({ bookable: false });
    expect((quote.data as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('past');

    const request = await anonClient().rpc('request_booking', {
      ...stay(romeYesterday),
      p_guest_name: 'Late Night Guest',
      p_guest_email: 'late@rome.test.example.com',
    });
    expect(request.error).toMatchObject({ hint: 'past', message: 'Check-in date cannot be in the past.' });

    const today = await anonClient().rpc('quote_stay', stay(romeToday));
    expect(today.data).toMatchObject({ bookable: true, problems: [] });
    const sent = await anonClient().rpc('request_booking', {
      ...stay(romeToday),
      p_guest_name: 'Late Night Guest',
      p_guest_email: 'late@rome.test.example.com',
    });
    expect(sent.error).toBeNull();
  });

  it("the calendar's free nights and a promo code's last day follow Rome's day", async () => {
    const { data, error } = await anonClient().rpc('room_calendar', {
      p_room_id: roomId,
      p_from: romeYesterday,
      p_to: next(romeToday, 3),
    });
    expect(error).toBeNull();
    const nights = data as { night: string; available: boolean }[];
    expect(nights.find((n) => n.night === romeYesterday)?.available).toBe(false);
    expect(nights.find((n) => n.night === next(romeToday, 1))?.available).toBe(true);

    const promo = await anonClient().rpc('check_promo_code', { p_code: 'ROMEDAY', p_room_id: roomId });
    expect(promo.data).toMatchObject({ status: 'expired' });
  });
});
