// The permission matrix of ARCHITECTURE.md section 5 for accounts and the back office's own tables
// (profiles, roles, contact messages, security logs and alerts, the audit log, webhooks, privacy
// requests), run through
// supabase-js against the local platform as anon, a signed-in user with no role, staff and admin,
// trying select, insert, update and delete. Each attempt works on rows of its own (created and
// removed by the superuser); refused writes are checked to have changed nothing. The shared
// actors, fixtures and checks: permission-matrix-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createBareUser, deleteUsers, sql } from '../support';
import {
  FULL,
  NONE,
  READ_ALL,
  READ_OWN,
  describeMatrix,
  insertAsOwner,
  ownedRow,
  tableCheck,
  matrixActors,
  ROLES,
  type Perms,
  type Role,
  type TableSpec,
} from './permission-matrix-fixtures';

type Resource =
  | 'profiles'
  | 'user_roles'
  | 'contact_messages'
  | 'security_logs'
  | 'security_alerts'
  | 'audit_logs'
  | 'webhook_endpoints'
  | 'webhook_deliveries'
  | 'privacy_requests';

/** ARCHITECTURE.md section 5 as the migrations implement it ("staff" includes admin). */
const MATRIX: Record<Resource, Record<Role, Perms>> = {
  profiles: { anon: NONE, user: READ_OWN, staff: READ_ALL, admin: FULL },
  user_roles: { anon: NONE, user: READ_OWN, staff: READ_ALL, admin: FULL },
  // written by the send-contact-email function (service role) only
  contact_messages: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // written by the security-logger function / audit trigger only
  security_logs: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  security_alerts: {
    anon: NONE,
    user: NONE,
    staff: NONE,
    admin: READ_ALL /* resolves through resolve_security_alert() */,
  },
  audit_logs: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  // created and edited through the webhooks function (URL checked first); deliveries written by the server only
  webhook_endpoints: { anon: NONE, user: NONE, staff: NONE, admin: { ...READ_ALL, delete: true } },
  webhook_deliveries: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  // written by privacy_guest_export/erase and the retention job only (privacy-retention.test.ts);
  // compliance_settings is one row: privacy-retention.test.ts
  privacy_requests: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
};

/** An account of its own (profile made by the trigger), removed again afterwards. */
async function userFixture(role?: 'guest'): Promise<{ userId: string; cleanup: () => Promise<void> }> {
  const userId = await createBareUser('matrix', role);
  return { userId, cleanup: () => deleteUsers(userId) };
}

const TABLES: Record<Resource, TableSpec> = {
  profiles: {
    key: 'id',
    ownerColumn: 'user_id',
    create: async () => {
      const user = await userFixture();
      const [profile] = await sql<{ id: string }>('select id::text from public.profiles where user_id = $1', [
        user.userId,
      ]);
      return { id: profile.id, cleanup: user.cleanup };
    },
    newRow: async () => {
      // an account whose profile is gone, so a new one may be inserted
      const user = await userFixture();
      await sql('delete from public.profiles where user_id = $1', [user.userId]);
      return {
        row: { id: randomUUID(), user_id: user.userId, email: 'new@test.example.com', name: 'New' },
        cleanup: user.cleanup,
      };
    },
    patch: { name: 'Edited by someone else' },
  },
  user_roles: {
    key: 'id',
    ownerColumn: 'user_id',
    create: async () => {
      const user = await userFixture('guest');
      const [role] = await sql<{ id: string }>('select id::text from public.user_roles where user_id = $1', [
        user.userId,
      ]);
      return { id: role.id, cleanup: user.cleanup };
    },
    newRow: async () => {
      const user = await userFixture();
      return { row: { id: randomUUID(), user_id: user.userId, role: 'guest' }, cleanup: user.cleanup };
    },
    patch: { role: 'staff' },
  },
  contact_messages: {
    key: 'id',
    create: () => ownedRow('contact_messages', { name: 'Matrix', email: 'm@test.example.com', message: 'Hello' }),
    newRow: async () => ({ row: { id: randomUUID(), name: 'Forged', email: 'f@test.example.com', message: 'Hi' } }),
    patch: { email_status: 'sent' },
  },
  security_logs: {
    key: 'id',
    create: () => ownedRow('security_logs', { event_type: 'matrix', description: 'Matrix event' }),
    newRow: async () => ({ row: { id: randomUUID(), event_type: 'forged', description: 'Forged event' } }),
    patch: { risk_score: 9 },
  },
  security_alerts: {
    key: 'id',
    create: () => ownedRow('security_alerts', { description: 'Matrix alert' }),
    newRow: async () => ({ row: { id: randomUUID(), description: 'Forged alert' } }),
    // resolving is the one change admins make
    patch: { status: 'resolved' },
  },
  audit_logs: {
    key: 'id',
    create: () => ownedRow('audit_logs', { action: 'INSERT', table_name: 'matrix' }),
    newRow: async () => ({ row: { id: randomUUID(), action: 'DELETE', table_name: 'forged' } }),
    patch: { table_name: 'tampered' },
  },
  webhook_endpoints: {
    key: 'id',
    create: () =>
      ownedRow('webhook_endpoints', { url: 'https://hooks.example.com/matrix', event_types: ['booking.requested'] }),
    newRow: async () => ({
      row: { id: randomUUID(), url: 'https://hooks.example.com/forged', event_types: ['booking.requested'] },
    }),
    patch: { url: 'https://attacker.example.com/hook' },
  },
  webhook_deliveries: {
    key: 'id',
    create: async () => {
      const endpoint = await ownedRow('webhook_endpoints', {
        url: 'https://hooks.example.com/matrix',
        event_types: ['booking.requested'],
      });
      const id = await insertAsOwner('webhook_deliveries', {
        endpoint_id: endpoint.id,
        message_id: 'msg_matrix',
        event_type: 'booking.requested',
        payload: {},
      });
      return { id, cleanup: endpoint.cleanup };
    },
    newRow: async () => {
      const endpoint = await ownedRow('webhook_endpoints', {
        url: 'https://hooks.example.com/matrix',
        event_types: ['booking.requested'],
      });
      return {
        row: {
          id: randomUUID(),
          endpoint_id: endpoint.id,
          message_id: 'msg_forged',
          event_type: 'booking.requested',
          payload: {},
        },
        cleanup: endpoint.cleanup,
      };
    },
    patch: { status: 'delivered' },
  },
  privacy_requests: {
    key: 'id',
    create: () => ownedRow('privacy_requests', { kind: 'export', bookings: 1 }),
    newRow: async () => ({ row: { id: randomUUID(), kind: 'erasure', bookings: 3 } }),
    patch: { bookings: 99 },
  },
};

// ---------------------------------------------------------------- run
const actors = matrixActors();
describeMatrix(MATRIX, actors, tableCheck(TABLES));

// ---------------------------------------------------------------- the portal's language
// profiles.portal_language: each signed-in account sets its own through set_my_language (the
// profiles' policies leave other writes to admins); nobody sets another's, anon nobody's.
const languageOf = async (userId: string | null) =>
  (
    await sql<{ portal_language: string | null }>('select portal_language from public.profiles where user_id = $1', [
      userId,
    ])
  )[0]?.portal_language ?? null;

describe("the portal's language (set_my_language)", () => {
  afterAll(() =>
    sql('update public.profiles set portal_language = null where user_id = any($1::uuid[])', [
      ROLES.map((role) => actors[role].userId).filter(Boolean),
    ]),
  );

  it("anon sets nobody's language", async () => {
    const before = await sql('select user_id, portal_language from public.profiles order by user_id');
    const { error } = await actors.anon.client.rpc('set_my_language', { p_language: 'it' });
    expect(error?.code).toBe('42501');
    expect(await sql('select user_id, portal_language from public.profiles order by user_id')).toEqual(before);
  });

  for (const role of ['user', 'staff', 'admin'] as const) {
    it(`${role} sets their own language, and only their own`, async () => {
      const { userId, client } = actors[role];
      const others = () =>
        sql('select user_id, portal_language from public.profiles where user_id <> $1 order by user_id', [userId]);
      const before = await others();
      expect((await client.rpc('set_my_language', { p_language: 'it' })).error).toBeNull();
      expect(await languageOf(userId)).toBe('it');
      expect((await client.rpc('set_my_language', { p_language: 'en' })).error).toBeNull();
      expect(await languageOf(userId)).toBe('en');
      // French is not a language of the portal; a made-up one neither
      for (const language of ['fr', 'xx', '']) {
        const { error } = await client.rpc('set_my_language', { p_language: language });
        expect(error?.code, language).toBe('22023');
      }
      expect(await languageOf(userId)).toBe('en');
      // back to "not chosen": the browser's language, then Italian
      expect((await client.rpc('set_my_language', { p_language: null as unknown as string })).error).toBeNull();
      expect(await languageOf(userId)).toBeNull();
      expect(await others()).toEqual(before);
    });
  }

  it("a signed-in user without a role cannot write the column directly, on their own row or another's", async () => {
    const { client, userId } = actors.user;
    await client.from('profiles').update({ portal_language: 'it' }).eq('user_id', userId!);
    await client.from('profiles').update({ portal_language: 'it' }).eq('user_id', actors.admin.userId!);
    expect(await languageOf(userId)).toBeNull();
    expect(await languageOf(actors.admin.userId)).toBeNull();
  });
});
