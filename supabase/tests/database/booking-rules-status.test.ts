// Booking status transitions, through supabase-js: the six the spec allows (staff), the others
// refused for every role and direct SQL, a full stay, what staff and admin may edit or delete.
// Set-up and helpers: booking-rules-fixtures.ts.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED, deleteUsers, newUserClient, serviceClient, sql } from '../support';
import { setUpBookingRules, EMAIL_DOMAIN, admin, bookingRow, createRoom, staff } from './booking-rules-fixtures';

setUpBookingRules();

// ---------------------------------------------------------------- status transitions
describe('booking status transitions', () => {
  type Status = 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'cancelled';
  const STATUSES: Status[] = ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'];
  const ALLOWED = new Set([
    'pending>confirmed',
    'pending>cancelled',
    'confirmed>checked_in',
    'confirmed>cancelled',
    'checked_in>checked_out',
    'checked_in>cancelled',
  ]);
  const PAIRS = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  let room: string;
  let nextDay = 400;
  const created: string[] = [];

  beforeAll(async () => {
    room = await createRoom('100.00');
  });

  afterEach(async () => {
    await sql('delete from public.bookings where id = any($1::uuid[])', [created.splice(0)]);
  });

  /** A booking on this block's room in `status`, inserted by the superuser. */
  async function booking(status: Status): Promise<string> {
    const start = nextDay;
    nextDay += 3;
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status)
       values ($1, 'Transition Test', $2, current_date + $3::int, current_date + $3::int + 2, 2, 200, $4) returning id::text`,
      [room, `transition@${EMAIL_DOMAIN}`, start, status],
    );
    created.push(row.id);
    return row.id;
  }

  it('the spec allows exactly six transitions', () => {
    expect(PAIRS).toHaveLength(20);
    expect(PAIRS.filter(([from, to]) => ALLOWED.has(`${from}>${to}`))).toHaveLength(6);
  });

  describe.each(PAIRS)('%s -> %s', (from, to) => {
    if (ALLOWED.has(`${from}>${to}`)) {
      it('is allowed for staff', async () => {
        const id = await booking(from);
        const { data, error } = await staff.from('bookings').update({ status: to }).eq('id', id).select('status');
        expect(error).toBeNull();
        expect(data).toEqual([{ status: to }]);
        expect(await bookingRow(id)).toMatchObject({ status: to });
      });
    } else {
      it('is refused for staff, admin, the service role and direct SQL', async () => {
        const id = await booking(from);
        const before = await bookingRow(id);
        const message = `A booking cannot change from ${from} to ${to}.`;
        for (const client of [staff, admin, serviceClient()]) {
          const { error } = await client.from('bookings').update({ status: to }).eq('id', id);
          expect(error?.code).toBe('P0001');
          expect(error?.message).toBe(message);
        }
        await expect(sql('update public.bookings set status = $2 where id = $1', [id, to])).rejects.toMatchObject({
          code: 'P0001',
          message,
        });
        expect(await bookingRow(id)).toEqual(before);
      });
    }
  });

  it('a full stay goes pending -> confirmed -> checked_in -> checked_out', async () => {
    const id = await booking('pending');
    for (const status of ['confirmed', 'checked_in', 'checked_out'] as const) {
      expect((await staff.from('bookings').update({ status }).eq('id', id)).error).toBeNull();
    }
    expect(await bookingRow(id)).toMatchObject({ status: 'checked_out' });
  });

  it.each([
    ['the price', { total_amount: 1 }],
    ['the guest e-mail', { guest_email: `other@${EMAIL_DOMAIN}` }],
    ['the dates', { check_in_date: '2099-01-01', check_out_date: '2099-01-03' }],
    ['the room, along with a valid status change', { status: 'confirmed', room_id: SEED.room(7) }],
  ] as const)('staff cannot change %s', async (_, patch) => {
    const id = await booking('pending');
    const before = await bookingRow(id);
    const { error } = await staff
      .from('bookings')
      .update(patch as never)
      .eq('id', id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('Staff can only change the status of a booking.');
    expect(await bookingRow(id)).toEqual(before);
  });

  it('admin may edit other columns, but not into an overlap', async () => {
    const first = await booking('confirmed');
    const second = await booking('pending');
    expect(
      (await admin.from('bookings').update({ total_amount: 150, guest_phone: '+39 06 000' }).eq('id', first)).error,
    ).toBeNull();
    expect(await bookingRow(first)).toMatchObject({ total_amount: 150, guest_phone: '+39 06 000' });
    const firstRow = (await bookingRow(first))!;
    const before = await bookingRow(second);
    const overlap = await admin
      .from('bookings')
      .update({ check_in_date: firstRow.check_in_date as string, check_out_date: firstRow.check_out_date as string })
      .eq('id', second);
    expect(overlap.error?.message).toBe('This room is not available for the selected dates.');
    expect(await bookingRow(second)).toEqual(before);
  });

  it('admin can delete a booking; staff cannot', async () => {
    const id = await booking('cancelled');
    const byStaff = await staff.from('bookings').delete().eq('id', id).select();
    expect(byStaff.error).toBeNull();
    expect(byStaff.data).toEqual([]);
    expect(await bookingRow(id)).not.toBeNull();
    const byAdmin = await admin.from('bookings').delete().eq('id', id).select('id');
    expect(byAdmin.data).toEqual([{ id }]);
    expect(await bookingRow(id)).toBeNull();
  });

  it('a user with no role cannot change a booking status', async () => {
    const user = await newUserClient('rules-nobody');
    try {
      const id = await booking('pending');
      const before = await bookingRow(id);
      const result = await user.client.from('bookings').update({ status: 'confirmed' }).eq('id', id).select();
      expect(result.data).toEqual([]);
      expect(await bookingRow(id)).toEqual(before);
    } finally {
      await deleteUsers(user.userId);
    }
  });
});
