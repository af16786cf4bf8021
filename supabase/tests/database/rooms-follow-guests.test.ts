// Rooms whose state follows their guests (issue 40, §3): a check-in marks the room occupied and a
// check-out frees it and makes it dirty; only maintenance and out_of_order keep a room off sale; the
// dashboard counts tonight's stays, not flags; the housekeeping list and the room board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, dbDate, signedInClient, sql, type Client } from '../support';

let staff: Client;
let today: string;
const rooms: string[] = [];
const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

async function createRoom(status = 'available'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Follows guests room', $1, 'classic', $2, 100, 2) returning id::text`,
    [`FG-${Math.random().toString(36).slice(2, 8)}`, status],
  );
  rooms.push(row.id);
  return row.id;
}

async function createStay(roomId: string, from: number, to: number, status: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
                                  total_amount, status)
     values ($1, 'Follows Guest', 'follows.guest@rooms.test.example.com', '+39 06 555 0101', $2, $3, 2, 200, $4)
     returning id::text`,
    [roomId, day(from), day(to), status],
  );
  return row.id;
}

const roomStatus = async (id: string) =>
  (await sql<{ status: string }>('select status::text from public.rooms where id = $1', [id]))[0].status;
const cleaning = async (id: string) =>
  (await sql<{ state: string }>('select state::text from public.room_housekeeping where room_id = $1', [id]))[0]?.state;
const setStatus = (bookingId: string, status: string) =>
  sql('update public.bookings set status = $2 where id = $1', [bookingId, status]);

beforeAll(async () => {
  today = await dbDate(0);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = any($1::uuid[])', [rooms]);
  await sql('delete from public.rooms where id = any($1::uuid[])', [rooms]);
  await sql('truncate private.booking_request_origins');
  await sql("delete from private.rate_limit_hits where action = 'request_booking'");
});

describe('the room follows its guests', () => {
  it('every room has a cleaning state, clean when it is made', async () => {
    const room = await createRoom();
    expect(await cleaning(room)).toBe('clean');
  });

  it('a check-in marks the room occupied; the check-out frees it and makes it dirty', async () => {
    const room = await createRoom();
    const stay = await createStay(room, 0, 2, 'confirmed');
    expect(await roomStatus(room)).toBe('available');
    await setStatus(stay, 'checked_in');
    expect(await roomStatus(room)).toBe('occupied');
    expect(await cleaning(room)).toBe('clean');
    await setStatus(stay, 'checked_out');
    expect(await roomStatus(room)).toBe('available');
    expect(await cleaning(room)).toBe('dirty');
  });

  it('the staff card buttons (a direct status change) move the room too', async () => {
    const room = await createRoom();
    const stay = await createStay(room, 0, 1, 'confirmed');
    const { error } = await staff.from('bookings').update({ status: 'checked_in' }).eq('id', stay);
    expect(error).toBeNull();
    expect(await roomStatus(room)).toBe('occupied');
  });

  it('a room in maintenance or out of order keeps its flag through a check-in and out', async () => {
    for (const flag of ['maintenance', 'out_of_order']) {
      const room = await createRoom(flag);
      const stay = await createStay(room, 0, 1, 'confirmed');
      await setStatus(stay, 'checked_in');
      expect(await roomStatus(room)).toBe(flag);
      await setStatus(stay, 'checked_out');
      expect(await roomStatus(room)).toBe(flag);
      expect(await cleaning(room)).toBe('dirty');
    }
  });

  it('an out-of-service room stays out of service when its guest leaves', async () => {
    const room = await createRoom();
    const stay = await createStay(room, 0, 1, 'checked_in');
    await sql("update public.room_housekeeping set state = 'out_of_service' where room_id = $1", [room]);
    await setStatus(stay, 'checked_out');
    expect(await cleaning(room)).toBe('out_of_service');
  });

  it('a room stays occupied while another guest of it is still in', async () => {
    const room = await createRoom();
    const first = await createStay(room, -2, 0, 'confirmed');
    const second = await createStay(room, 0, 3, 'confirmed');
    await setStatus(first, 'checked_in');
    await setStatus(second, 'checked_in');
    await setStatus(first, 'checked_out');
    expect(await roomStatus(room)).toBe('occupied');
    await setStatus(second, 'checked_out');
    expect(await roomStatus(room)).toBe('available');
  });

  it('a room flagged occupied is bookable online after its guest checked out', async () => {
    const room = await createRoom();
    const stay = await createStay(room, -1, 0, 'confirmed');
    await setStatus(stay, 'checked_in');
    expect(await roomStatus(room)).toBe('occupied');
    await setStatus(stay, 'checked_out');
    const anon = anonClient();
    const quote = await anon.rpc('quote_stay', {
      p_room_id: room,
      p_check_in: day(95),
      p_check_out: day(97),
      p_guests: 2,
    });
    expect(quote.error).toBeNull();
    expect(quote.data).toMatchObject({ bookable: true });
    const booked = await anon.rpc('request_booking', {
      p_room_id: room,
      p_check_in: day(95),
      p_check_out: day(97),
      p_guests: 2,
      p_guest_name: 'After Checkout',
      p_guest_email: 'after.checkout@rooms.test.example.com',
    });
    expect(booked.error).toBeNull();
  });

  it("a room with a guest in tonight sells its later nights online, never the guest's own", async () => {
    const room = await createRoom();
    const stay = await createStay(room, 0, 3, 'confirmed');
    await setStatus(stay, 'checked_in');
    expect(await roomStatus(room)).toBe('occupied');
    const anon = anonClient();
    const later = await anon.rpc('quote_stay', {
      p_room_id: room,
      p_check_in: day(5),
      p_check_out: day(7),
      p_guests: 2,
    });
    expect(later.error).toBeNull();
    expect(later.data).toMatchObject({ bookable: true });
    const taken = await anon.rpc('quote_stay', {
      p_room_id: room,
      p_check_in: day(1),
      p_check_out: day(2),
      p_guests: 2,
    });
    expect(taken.data).toMatchObject({ bookable: false });
    const booked = await anon.rpc('request_booking', {
      p_room_id: room,
      p_check_in: day(5),
      p_check_out: day(7),
      p_guests: 2,
      p_guest_name: 'While Occupied',
      p_guest_email: 'while.occupied@rooms.test.example.com',
    });
    expect(booked.error).toBeNull();
  });
});

describe('only maintenance and out of order keep a room off sale', () => {
  const onSale = async (room: string) => {
    const anon = anonClient();
    const [ids, one, calendar] = await Promise.all([
      anon.rpc('available_room_ids', { p_check_in: day(100), p_check_out: day(102) }),
      anon.rpc('room_is_available', { p_room_id: room, p_check_in: day(100), p_check_out: day(102) }),
      anon.rpc('room_calendar', { p_room_id: room, p_from: day(100), p_to: day(102) }),
    ]);
    expect(ids.error).toBeNull();
    expect(one.error).toBeNull();
    expect(calendar.error).toBeNull();
    const listed = (ids.data as string[]).includes(room);
    expect(one.data).toBe(listed);
    expect((calendar.data as { available: boolean }[]).every((n) => n.available)).toBe(listed);
    return listed;
  };

  it.each([
    ['available', true],
    ['occupied', true],
    ['maintenance', false],
    ['out_of_order', false],
  ])('a room flagged %s: on sale %s', async (flag, expected) => {
    const room = await createRoom(flag);
    expect(await onSale(room)).toBe(expected);
  });

  it('the nights of a stay stay taken whatever the flag says', async () => {
    const room = await createRoom('available');
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status)
       values ($1, 'Taken Nights', 'taken.nights@rooms.test.example.com', $2, $3, 2, 200, 'confirmed') returning id::text`,
      [room, day(100), day(102)],
    );
    expect(row.id).toBeTruthy();
    expect(await onSale(room)).toBe(false);
  });
});

describe('the dashboard counts stays, not flags', () => {
  it('a flag without a guest does not count; a guest in a room flagged available does', async () => {
    const stats = async () => {
      const { data, error } = await staff.rpc('admin_dashboard_stats');
      expect(error).toBeNull();
      return (data as { occupied_rooms: number }[])[0].occupied_rooms;
    };
    const before = await stats();
    await createRoom('occupied');
    expect(await stats()).toBe(before);
    const room = await createRoom('available');
    const stay = await createStay(room, -1, 1, 'checked_in');
    await sql("update public.rooms set status = 'available' where id = $1", [room]);
    expect(await stats()).toBe(before + 1);
    await setStatus(stay, 'checked_out');
    expect(await stats()).toBe(before);
    // a confirmed stay over tonight counts too, one arriving tomorrow does not
    await createStay(await createRoom(), 0, 2, 'confirmed');
    await createStay(await createRoom(), 1, 2, 'confirmed');
    expect(await stats()).toBe(before + 1);
  });
});

describe('the housekeeping list', () => {
  it('lists departures first, then stay-overs, then arrivals, with no guest details', async () => {
    const departing = await createRoom();
    const staying = await createRoom();
    const arriving = await createRoom();
    // already checked out this morning: still today's departure for the cleaner
    await createStay(departing, -2, 0, 'checked_out');
    await createStay(staying, -1, 2, 'checked_in');
    await createStay(arriving, 0, 3, 'confirmed');
    await sql("update public.room_housekeeping set state = 'dirty' where room_id = $1", [arriving]);
    const { data, error } = await staff.rpc('housekeeping_list', {});
    expect(error).toBeNull();
    const rows = data as { room_id: string; day_kind: string; state: string; sort_order: number }[];
    const mine = rows.filter((r) => [departing, staying, arriving].includes(r.room_id));
    expect(mine.map((r) => [r.room_id, r.day_kind])).toEqual([
      [departing, 'departure'],
      [staying, 'stayover'],
      [arriving, 'arrival'],
    ]);
    expect(rows.map((r) => r.sort_order)).toEqual([...rows.map((r) => r.sort_order)].sort((a, b) => a - b));
    expect(mine[2].state).toBe('dirty');
    expect(JSON.stringify(data)).not.toMatch(/@|Follows Guest|\+39|total|amount/);
  });

  it('set_room_cleaning changes the state, audited; a bad room is refused', async () => {
    const room = await createRoom();
    const { data, error } = await staff.rpc('set_room_cleaning', { p_room_id: room, p_state: 'inspected' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ room_id: room, state: 'inspected' });
    expect(await cleaning(room)).toBe('inspected');
    const [audit] = await sql<{ n: number }>(
      `select count(*)::int as n from public.audit_logs where table_name = 'room_housekeeping'
        and record_id = (select h.id::text from public.room_housekeeping h where h.room_id = $1)`,
      [room],
    );
    expect(audit.n).toBeGreaterThan(0);
    const missing = await staff.rpc('set_room_cleaning', {
      p_room_id: '00000000-0000-4000-8000-00000000dead',
      p_state: 'clean',
    });
    expect(missing.error?.hint).toBe('room_not_valid');
  });
});

describe('the room board', () => {
  it('returns every stay and block of a range in one call, with name, status and source', async () => {
    const room = await createRoom();
    const stay = await createStay(room, 3, 5, 'confirmed');
    await sql("update public.bookings set source = 'phone' where id = $1", [stay]);
    await sql(
      `insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason, note) values ($1, $2, $3, 'maintenance', 'Paint')`,
      [room, day(6), day(8)],
    );
    await createStay(room, 9, 10, 'cancelled');
    const { data, error } = await staff.rpc('room_board', { p_from: day(0), p_to: day(14) });
    expect(error).toBeNull();
    const mine = (data as { room_id: string; kind: string; status: string; source: string; guest_name: string }[])
      .filter((r) => r.room_id === room)
      .map((r) => [r.kind, r.status, r.source, r.guest_name]);
    expect(mine).toEqual([
      ['booking', 'confirmed', 'phone', 'Follows Guest'],
      ['manual', 'maintenance', 'manual', 'Paint'],
    ]);
    const tooLong = await staff.rpc('room_board', { p_from: day(0), p_to: day(90) });
    expect(tooLong.error?.code).toBe('P0001');
    await sql('delete from public.manual_blocks where room_id = $1', [room]);
  });
});
