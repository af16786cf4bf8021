// Who may call each check-in function (issue 34): anon, a signed-in user without a role, staff and
// admin. Allowed calls are made with harmless arguments (an unknown booking, an empty list) and
// must not be refused for their role; refused calls answer 42501. What the functions do is in
// checkin-*.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, deleteUsers, newUserClient, signedInClient, type Client } from '../support';

type Role = 'anon' | 'user' | 'staff' | 'admin';
const ROLES: Role[] = ['anon', 'user', 'staff', 'admin'];
const EVERYONE: Role[] = ROLES;
const STAFF: Role[] = ['staff', 'admin'];
const NOBODY: Role[] = [];

const unknownId = randomUUID();
const CALLS: { fn: string; args: Record<string, unknown>; allowed: Role[] }[] = [
  { fn: 'checkin_by_link', args: { p_reference: 'CG-NONE00', p_token: 'x' }, allowed: EVERYONE },
  { fn: 'save_checkin_by_link', args: { p_reference: 'CG-NONE00', p_token: 'x', p_guests: [] }, allowed: EVERYONE },
  { fn: 'search_checkin_places', args: { p_kind: 'stato', p_query: 'ita' }, allowed: EVERYONE },
  { fn: 'booking_checkin_status', args: { p_booking_ids: [unknownId] }, allowed: STAFF },
  { fn: 'staff_arrivals', args: { p_day: '2030-01-01' }, allowed: STAFF },
  { fn: 'staff_save_booking_guests', args: { p_booking_id: unknownId, p_guests: [] }, allowed: STAFF },
  { fn: 'verify_booking_guest', args: { p_guest_id: unknownId, p_verified: true }, allowed: STAFF },
  { fn: 'check_in_booking', args: { p_booking_id: unknownId }, allowed: STAFF },
  { fn: 'police_file_day', args: { p_day: '2030-01-01' }, allowed: STAFF },
  { fn: 'mark_police_file_filed', args: { p_day: '2030-01-01', p_guest_ids: [] }, allowed: STAFF },
  { fn: 'unreported_check_ins', args: {}, allowed: STAFF },
  { fn: 'import_alloggiati_table', args: { p_table: 'documenti', p_rows: [] }, allowed: ['admin'] },
  // the scheduled job: the service role only
  { fn: 'erase_expired_identity_documents', args: {}, allowed: NOBODY },
];

const clients = {} as Record<Role, Client>;
let userId: string;

beforeAll(async () => {
  const user = await newUserClient('checkin-fn');
  userId = user.userId;
  clients.anon = anonClient();
  clients.user = user.client;
  clients.staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  clients.admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
});

afterAll(() => deleteUsers(userId));

describe.each(CALLS)('$fn', ({ fn, args, allowed }) => {
  for (const role of ROLES) {
    const may = allowed.includes(role);
    it(`${role}: ${may ? 'allowed' : 'refused'}`, async () => {
      const { error } = await clients[role].rpc(fn as never, args as never);
      if (may) expect(error?.code, error?.message).not.toBe('42501');
      else expect(error?.code, error?.message).toBe('42501');
    });
  }
});
