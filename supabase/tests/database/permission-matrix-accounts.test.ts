// The permission matrix of ARCHITECTURE.md section 5 for accounts and the back office's own tables
// (profiles, roles, contact messages, security logs and alerts, the audit log, webhooks, privacy
// requests), run through
// supabase-js against the local platform as anon, a signed-in user with no role, staff and admin,
// trying select, insert, update and delete. Each attempt works on rows of its own (created and
// removed by the superuser); refused writes are checked to have changed nothing. The shared
// actors, fixtures and checks: permission-matrix-fixtures.ts.
import { randomUUID } from 'node:crypto';
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
describeMatrix(MATRIX, matrixActors(), tableCheck(TABLES));
