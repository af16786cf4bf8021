// Security monitoring, who reads the security data: anon, users without a role and staff read no
// log, alert or audit row and call none of the screen functions; admins read events through the
// filters and the auth audit log as GoTrue writes it. Clients and set-up:
// security-monitoring-fixtures.ts.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, serviceClient, sql, type Client } from '../support';
import { admin, noRole, setUpSecurityMonitoring, staff } from './security-monitoring-fixtures';

setUpSecurityMonitoring();

describe('who reads the security data', () => {
  const TABLES = ['security_logs', 'security_alerts', 'audit_logs'] as const;
  const untyped = (client: Client) => client as unknown as SupabaseClient;
  const callers = () =>
    [
      ['anon', anonClient()],
      ['a user without role', noRole.client],
      ['staff', staff],
    ] as const;

  it.each(TABLES)('anon, a user without role and staff read no %s', async (table) => {
    for (const [who, client] of callers()) {
      const { data, error } = await untyped(client).from(table).select('*');
      expect(error !== null || data?.length === 0, `${who} reads ${table}`).toBe(true);
    }
  });

  it('anon, a user without role and staff cannot call the screen functions nor read auth audit entries', async () => {
    for (const [who, client] of callers()) {
      for (const call of [
        client.rpc('admin_security_logs', {}),
        client.rpc('admin_security_counts', {}),
        client.rpc('admin_auth_events', {}),
        client.rpc('resolve_security_alert', { p_alert_id: randomUUID() }),
      ]) {
        const { data, error } = await call;
        expect(error?.code, who).toBe('42501');
        expect(data).toBeNull();
      }
      const { error } = await untyped(client).schema('auth').from('audit_log_entries').select('*');
      expect(error, who).not.toBeNull();
    }
    const service = serviceClient();
    const { error } = await (service as unknown as SupabaseClient).schema('auth').from('audit_log_entries').select('*');
    expect(error).not.toBeNull();
  });

  it('only the service role may record events or run retention directly', async () => {
    for (const client of [anonClient(), admin]) {
      const record = await client.rpc('record_security_events', {
        p_address: '1.2.3.4',
        p_user_id: SEED.users.admin,
        p_user_agent: 'x',
        p_events: [{ event_type: 'login_attempt', description: 'forged' }],
      });
      expect(record.error?.code).toBe('42501');
      expect((await client.rpc('security_retention')).error?.code).toBe('42501');
    }
  });

  it('admins read events through the filters, with counts from the database', async () => {
    const marker = `needle_${randomUUID().slice(0, 8)}`;
    await sql(
      `insert into public.security_logs (event_type, severity, description, ip_address, created_at) values
       ('api_access', 'high', $1 || ' recent', '192.0.2.1', now() - interval '1 hour'),
       ('api_access', 'medium', $1 || ' recent medium', '192.0.2.1', now() - interval '2 hours'),
       ('api_access', 'critical', $1 || ' old', '192.0.2.1', now() - interval '3 days')`,
      [marker],
    );
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    const logs = await admin.rpc('admin_security_logs', { p_since: since, p_search: marker });
    expect(logs.data?.map((l) => l.description)).toEqual([`${marker} recent`, `${marker} recent medium`]);
    const high = await admin.rpc('admin_security_logs', { p_search: marker, p_severity: 'critical' });
    expect(high.data?.map((l) => l.description)).toEqual([`${marker} old`]);
    const { data: counts } = await admin.rpc('admin_security_counts', { p_since: since, p_search: marker });
    expect(counts?.[0]).toMatchObject({ security_events: 2, high_risk_events: 1 });
    const wildcard = await admin.rpc('admin_security_logs', { p_search: '%_' });
    expect(wildcard.error).toBeNull();
    expect(wildcard.data).toEqual([]);
  });

  it('admins read the auth audit log as GoTrue writes it', async () => {
    const id = randomUUID();
    const actor = randomUUID();
    await sql(
      `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, now(), '192.0.2.44')`,
      [
        id,
        JSON.stringify({
          actor_id: actor,
          actor_username: 'guest@example.com',
          action: 'user_updated_password',
          log_type: 'user',
          traits: {},
        }),
      ],
    );
    const { data, error } = await admin.rpc('admin_auth_events', {});
    expect(error).toBeNull();
    expect(data?.find((e) => e.id === id)).toMatchObject({
      action: 'user_updated_password',
      actor_id: actor,
      actor_username: 'guest@example.com',
      ip_address: '192.0.2.44',
    });
  });
});
