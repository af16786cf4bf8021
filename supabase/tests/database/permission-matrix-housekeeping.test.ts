// The housekeeping side of the permission matrix (issue 40, §3): the cleaning states' table for the
// four actors of permission-matrix-fixtures.ts, the functions of the cleaning list and the room
// board for them and for a fifth actor, the housekeeping role, and what that role must NOT reach:
// guests' contacts, identity and money, any write but a cleaning state.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUsers, newUserClient, sql, type Client } from '../support';
import {
  NONE,
  READ_ALL,
  ROLES,
  describeMatrix,
  fixtureRoom,
  insertAsOwner,
  matrixActors,
  tableCheck,
  tag,
  type Perms,
  type Role,
  type TableSpec,
} from './permission-matrix-fixtures';

const actors = matrixActors();

// ---------------------------------------------------------------- room_housekeeping
// One row per room, made by the rooms' insert trigger; read by staff (and housekeeping, below);
// nobody writes it through the table: set_room_cleaning() is the one way to change it.
async function roomWithState(): Promise<{ roomId: string; id: string }> {
  const roomId = await insertAsOwner('rooms', {
    name: 'Matrix cleaning room',
    room_number: `MH-${tag()}`,
    room_type: 'classic',
  });
  const [row] = await sql<{ id: string }>('select id::text from public.room_housekeeping where room_id = $1', [roomId]);
  return { roomId, id: row.id };
}
const dropRoom = (roomId: string) => sql('delete from public.rooms where id = $1', [roomId]).then(() => undefined);

const TABLES: Record<string, TableSpec> = {
  room_housekeeping: {
    key: 'id',
    async create() {
      const { roomId, id } = await roomWithState();
      return { id, cleanup: () => dropRoom(roomId) };
    },
    async newRow() {
      const { roomId } = await roomWithState();
      await sql('delete from public.room_housekeeping where room_id = $1', [roomId]);
      return { row: { id: crypto.randomUUID(), room_id: roomId, state: 'dirty' }, cleanup: () => dropRoom(roomId) };
    },
    patch: { state: 'dirty' },
  },
};

const MATRIX: Record<string, Record<Role, Perms>> = {
  room_housekeeping: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
};

describeMatrix(MATRIX, actors, tableCheck(TABLES));

// ---------------------------------------------------------------- the functions, for the four actors
const STAFF = { anon: false, user: false, staff: true, admin: true } as const;
const FUNCTIONS: { name: string; args: () => Record<string, unknown>; who: Record<Role, boolean> }[] = [
  { name: 'housekeeping_list', args: () => ({}), who: STAFF },
  { name: 'set_room_cleaning', args: () => ({ p_room_id: fixtureRoom(), p_state: 'clean' }), who: STAFF },
  { name: 'room_board', args: () => ({ p_from: '2099-01-01', p_to: '2099-01-15' }), who: STAFF },
];

describe('housekeeping and board functions', () => {
  for (const fn of FUNCTIONS) {
    for (const role of ROLES) {
      it(`${role} calls ${fn.name}: ${fn.who[role] ? 'allowed' : 'refused'}`, async () => {
        const { error } = await (actors[role].client as unknown as SupabaseClient).rpc(fn.name, fn.args());
        if (fn.who[role]) expect(error, error?.message).toBeNull();
        else expect(error?.code, error?.message).toBe('42501');
      });
    }
  }
  it('is_housekeeping and can_housekeep answer the signed-in; anon cannot call them', async () => {
    for (const name of ['is_housekeeping', 'can_housekeep']) {
      const anon = await actors.anon.client.rpc(name as 'is_staff');
      expect(anon.error?.code).toBe('42501');
      expect((await actors.user.client.rpc(name as 'is_staff')).data).toBe(false);
      expect((await actors.staff.client.rpc(name as 'is_staff')).data).toBe(name === 'can_housekeep');
    }
  });
});

// ---------------------------------------------------------------- the housekeeping role
describe('the housekeeping role', () => {
  let cleaner: Client;
  let cleanerId: string;
  let roomId: string;
  let bookingId: string;

  beforeAll(async () => {
    const account = await newUserClient('matrix-housekeeping');
    cleaner = account.client;
    cleanerId = account.userId;
    await sql("insert into public.user_roles (user_id, role) values ($1, 'housekeeping')", [cleanerId]);
    roomId = fixtureRoom();
    const [row] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, status)
       values ($1, 'Hidden Guest', 'hidden.guest@matrix.test.example.com', '+39 06 555 0199', current_date, current_date + 2, 2, 300, 'confirmed')
       returning id::text`,
      [roomId],
    );
    bookingId = row.id;
  });
  afterAll(async () => {
    await sql('delete from public.bookings where id = $1', [bookingId]);
    await deleteUsers(cleanerId);
  });

  it('reads the list and the cleaning states, and changes a cleaning state', async () => {
    expect((await cleaner.rpc('is_housekeeping')).data).toBe(true);
    expect((await cleaner.rpc('is_staff')).data).toBe(false);
    const list = await cleaner.rpc('housekeeping_list', {});
    expect(list.error).toBeNull();
    const mine = (list.data as { room_id: string; day_kind: string; guests: number }[]).find(
      (r) => r.room_id === roomId,
    );
    expect(mine).toMatchObject({ day_kind: 'arrival', guests: 2 });
    // nothing of the guest, the booking or its money (300, as a JSON value: a uuid may hold the digits)
    const listed = JSON.stringify(list.data);
    expect(listed).not.toMatch(/Hidden Guest|hidden\.guest|\+39|:300[,}]/);
    expect(listed).not.toContain(bookingId);
    const states = await cleaner.from('room_housekeeping').select('room_id, state').eq('room_id', roomId);
    expect(states.data).toHaveLength(1);
    const set = await cleaner.rpc('set_room_cleaning', { p_room_id: roomId, p_state: 'inspected' });
    expect(set.error).toBeNull();
    const [stored] = await sql<{ state: string; changed_by: string }>(
      'select state::text, changed_by::text from public.room_housekeeping where room_id = $1',
      [roomId],
    );
    expect(stored).toEqual({ state: 'inspected', changed_by: cleanerId });
  });

  it("reads no guest's contact, identity or money, and no other account", async () => {
    for (const table of [
      'bookings',
      'booking_guests',
      'payments',
      'booking_check_ins',
      'police_submissions',
      'audit_logs',
    ]) {
      const { data, error } = await (cleaner as unknown as SupabaseClient).from(table).select('*');
      if (error) expect(error.code, table).toBe('42501');
      else expect(data, table).toEqual([]);
    }
    const profiles = await cleaner.from('profiles').select('user_id');
    expect(profiles.data?.map((p) => p.user_id)).toEqual([cleanerId]);
    for (const [name, args] of [
      ['room_board', { p_from: '2099-01-01', p_to: '2099-01-15' }],
      ['room_occupancy', { p_from: '2099-01-01', p_to: '2099-01-15' }],
      ['admin_dashboard_stats', {}],
      ['search_booking_list', {}],
      ['staff_arrivals', {}],
      ['booking_folio', { p_booking_id: bookingId }],
      ['booking_folios', { p_booking_ids: [bookingId] }],
      ['money_received', { p_from: '2099-01-01', p_to: '2099-01-15' }],
    ] as const) {
      const { data, error } = await (cleaner as unknown as SupabaseClient).rpc(name, args);
      expect(error, name).not.toBeNull();
      expect(JSON.stringify(data ?? '')).not.toContain('Hidden Guest');
    }
  });

  it('changes nothing but a cleaning state', async () => {
    const before = await sql('select status::text, name from public.rooms where id = $1', [roomId]);
    const room = await cleaner.from('rooms').update({ status: 'maintenance' }).eq('id', roomId).select();
    expect(room.data ?? []).toEqual([]);
    const booking = await cleaner.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).select();
    expect(booking.data ?? []).toEqual([]);
    const direct = await cleaner.from('room_housekeeping').update({ state: 'dirty' }).eq('room_id', roomId).select();
    expect(direct.error?.code).toBe('42501');
    const role = await cleaner.rpc('set_user_role', { p_user_id: cleanerId, p_role: 'staff' });
    expect(role.error).not.toBeNull();
    const ownRole = await cleaner.from('user_roles').update({ role: 'admin' }).eq('user_id', cleanerId).select();
    expect(ownRole.data ?? []).toEqual([]);
    expect(await sql('select status::text, name from public.rooms where id = $1', [roomId])).toEqual(before);
    const [{ status }] = await sql<{ status: string }>('select status::text from public.bookings where id = $1', [
      bookingId,
    ]);
    expect(status).toBe('confirmed');
    expect(await sql('select role::text from public.user_roles where user_id = $1', [cleanerId])).toEqual([
      { role: 'housekeeping' },
    ]);
  });

  it('an admin gives and takes the role with set_user_role', async () => {
    const target = await newUserClient('matrix-hk-target');
    try {
      const { error } = await actors.admin.client.rpc('set_user_role', {
        p_user_id: target.userId,
        p_role: 'housekeeping',
      });
      expect(error).toBeNull();
      expect((await target.client.rpc('can_housekeep')).data).toBe(true);
      expect((await target.client.rpc('is_staff')).data).toBe(false);
      const staffTries = await actors.staff.client.rpc('set_user_role', {
        p_user_id: target.userId,
        p_role: 'housekeeping',
      });
      expect(staffTries.error?.code).toBe('42501');
    } finally {
      await deleteUsers(target.userId);
    }
  });
});
