// Security monitoring: the security-logger function (server-decided address, user and severity;
// rate limit), the SQL detection rules, who can read what, the append-only audit trail, resolving
// alerts, the auth audit log for admins and the 90-day address retention.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  anonClient,
  createBareUser,
  deleteUsers,
  newUserClient,
  platform,
  serviceClient,
  signedInClient,
  sql,
  type Client,
} from '../support';

const LOGGER = () => `${platform().apiUrl}/functions/v1/security-logger`;

async function report(
  body: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(LOGGER(), {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      authorization: `Bearer ${options.token ?? platform().anonKey}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const accessToken = async (client: Client) => (await client.auth.getSession()).data.session!.access_token;
const logsWith = (description: string) =>
  sql<{
    event_type: string;
    severity: string;
    risk_score: number;
    user_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    metadata: Record<string, unknown> | null;
  }>(
    `select event_type, severity::text, risk_score, user_id::text, ip_address, user_agent, metadata
     from public.security_logs where description = $1`,
    [description],
  );
const activeAlerts = (type: string, key: string) =>
  sql<{ id: string; occurrences: number; severity: string }>(
    `select id::text, occurrences, severity::text from public.security_alerts
     where alert_type = $1 and dedup_key = $2 and status = 'active'`,
    [type, key],
  );
const resetRateLimit = () => sql('delete from private.security_logger_hits');
const uniqueAddress = () => `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

let admin: Client;
let staff: Client;
let noRole: { client: Client; userId: string };

beforeAll(async () => {
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  noRole = await newUserClient('security');
});
afterAll(async () => {
  await resetRateLimit();
  await deleteUsers(noRole.userId);
});
beforeEach(resetRateLimit);

describe('security-logger', () => {
  it('ignores the ip_address, user_id, severity and user agent in the body', async () => {
    const description = `spoof ${randomUUID()}`;
    const result = await report(
      {
        event_type: 'suspicious_activity',
        severity: 'low',
        description,
        metadata: { note: 'x' },
        user_id: SEED.users.admin,
        ip_address: '203.0.113.99',
        user_agent: 'forged-agent',
        timestamp: new Date().toISOString(),
        session_id: 's-1',
      },
      { headers: { 'x-forwarded-for': '203.0.113.99', 'user-agent': 'security-test/1.0' } },
    );
    expect(result).toEqual({ status: 200, body: { accepted: 1 } });
    const [row] = await logsWith(description);
    expect(row).toMatchObject({
      event_type: 'suspicious_activity',
      severity: 'high',
      risk_score: 7,
      user_id: null,
      ip_address: '127.0.0.1',
      user_agent: 'security-test/1.0',
    });
  });

  it('takes the user from a verified session and ignores a forged token', async () => {
    const description = `signed in ${randomUUID()}`;
    const token = await accessToken(noRole.client);
    expect(
      (await report({ event_type: 'login_attempt', description, user_id: SEED.users.admin }, { token })).status,
    ).toBe(200);
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect((await report({ event_type: 'login_attempt', description }, { token: forged })).status).toBe(200);
    const rows = await logsWith(description);
    expect(rows.map((r) => [r.user_id, r.severity, r.risk_score])).toEqual(
      expect.arrayContaining([
        [noRole.userId, 'low', 1],
        [null, 'low', 1],
      ]),
    );
  });

  it('records an admin action from a caller without a staff role as suspicious activity', async () => {
    const description = `fake admin ${randomUUID()}`;
    expect((await report({ event_type: 'admin_action', description })).status).toBe(200);
    const staffDescription = `staff action ${randomUUID()}`;
    await report({ event_type: 'admin_action', description: staffDescription }, { token: await accessToken(staff) });
    expect((await logsWith(`Admin action reported without a staff role: ${description}`))[0]).toMatchObject({
      event_type: 'suspicious_activity',
      severity: 'high',
      metadata: { reported_as: 'admin_action' },
    });
    expect((await logsWith(staffDescription))[0]).toMatchObject({ event_type: 'admin_action', severity: 'medium' });
  });

  it('rates API accesses from the status: high for 5xx, medium otherwise', async () => {
    const description = `api ${randomUUID()}`;
    await report({
      events: [
        { event_type: 'api_access', description, metadata: { status: 503, path: '/rest/v1/rooms' } },
        { event_type: 'api_access', description, metadata: { status: 404, path: '/admin' } },
      ],
    });
    const rows = await logsWith(description);
    expect(rows.map((r) => `${r.metadata?.status}:${r.severity}`).sort()).toEqual(['404:medium', '503:high']);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const description = `bad ${randomUUID()}`;
    expect(await report({ event_type: 'made_up', description })).toEqual({
      status: 400,
      body: {
        error: 'event_type must be one of login_attempt, failed_login, admin_action, suspicious_activity, api_access.',
      },
    });
    expect(
      (await report({ event_type: 'api_access', description, metadata: { blob: 'x'.repeat(3000) } })).body,
    ).toEqual({ error: 'metadata must be at most 2000 characters of JSON.' });
    expect((await report({ event_type: 'api_access', description: 'y'.repeat(501) })).status).toBe(400);
    expect(
      (await report({ events: Array.from({ length: 21 }, () => ({ event_type: 'api_access', description })) })).body,
    ).toEqual({ error: 'At most 20 events per call.' });
    expect(await logsWith(description)).toEqual([]);
  });

  it('holds the per-address rate limit whatever X-Forwarded-For says, also under parallel calls', async () => {
    const description = `flood ${randomUUID()}`;
    const batch = { events: Array.from({ length: 20 }, () => ({ event_type: 'api_access', description })) };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => report(batch, { headers: { 'x-forwarded-for': uniqueAddress() } })),
    ).then((results) => results.map((r) => r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(await logsWith(description)).toHaveLength(120);
    const again = await report(
      { event_type: 'api_access', description },
      { headers: { 'x-forwarded-for': '10.9.8.7, 127.0.0.1', 'x-real-ip': '10.9.8.7' } },
    );
    expect(again).toEqual({ status: 429, body: { error: 'Too many security events from this address' } });
  });

  it('runs the retention job for the service role only', async () => {
    expect(await report({ action: 'retention' })).toEqual({
      status: 403,
      body: { error: 'Retention is run by the scheduler only' },
    });
    expect((await report({ action: 'retention' }, { token: await accessToken(admin) })).status).toBe(403);
  });
});

describe('detection rules', () => {
  const failedLogin = (ip: string, email: string) =>
    sql(
      `insert into public.security_logs (event_type, severity, description, ip_address, metadata)
       values ('failed_login', 'medium', 'Failed login attempt', $1, jsonb_build_object('email', $2::text))`,
      [ip, email],
    );

  it('five failed logins from one address within 15 minutes raise one alert', async () => {
    const ip = uniqueAddress();
    for (let i = 0; i < 4; i++) await failedLogin(ip, `victim${i}-${randomUUID()}@example.com`);
    expect(await activeAlerts('failed_logins_address', `ip:${ip}`)).toEqual([]);
    await failedLogin(ip, `victim-${randomUUID()}@example.com`);
    await failedLogin(ip, `victim-${randomUUID()}@example.com`);
    expect(await activeAlerts('failed_logins_address', `ip:${ip}`)).toEqual([
      expect.objectContaining({ occurrences: 2, severity: 'high' }),
    ]);
  });

  it('old failures do not count', async () => {
    const ip = uniqueAddress();
    await sql(
      `insert into public.security_logs (event_type, description, ip_address, created_at)
       select 'failed_login', 'old', $1, now() - interval '20 minutes' from generate_series(1, 4)`,
      [ip],
    );
    await failedLogin(ip, 'someone@example.com');
    expect(await activeAlerts('failed_logins_address', `ip:${ip}`)).toEqual([]);
  });

  it('five failed logins for one e-mail reported through the logger raise one alert', async () => {
    const email = `target-${randomUUID()}@example.com`;
    const events = Array.from({ length: 6 }, () => ({
      event_type: 'failed_login',
      description: 'Failed login attempt',
      metadata: { email: email.toUpperCase() },
    }));
    expect((await report({ events })).status).toBe(200);
    expect(await activeAlerts('failed_logins_account', `email:${email}`)).toEqual([
      expect.objectContaining({ occurrences: 2 }),
    ]);
  });

  it('a role granted to or removed from an admin raises one alert per account', async () => {
    const adminId = await createBareUser('role-alert', 'admin');
    const plainId = await createBareUser('role-plain', 'staff');
    try {
      expect(await activeAlerts('admin_role_change', `user:${adminId}`)).toHaveLength(1);
      await sql(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [adminId]);
      await sql(`delete from public.user_roles where user_id = $1 and role = 'staff'`, [adminId]);
      expect(await activeAlerts('admin_role_change', `user:${adminId}`)).toEqual([
        expect.objectContaining({ occurrences: 3 }),
      ]);
      expect(await activeAlerts('admin_role_change', `user:${plainId}`)).toEqual([]);
    } finally {
      await sql(`delete from public.security_alerts where dedup_key = any($1)`, [
        [`user:${adminId}`, `user:${plainId}`],
      ]);
      await deleteUsers(adminId, plainId);
    }
  });

  it('more than 20 deletions by one user within 5 minutes raise one alert', async () => {
    const userId = randomUUID();
    const deletions = (n: number) =>
      sql(
        `insert into public.audit_logs (action, table_name, user_id) select 'DELETE', 'rooms', $1 from generate_series(1, $2)`,
        [userId, n],
      );
    await deletions(20);
    expect(await activeAlerts('mass_deletion', `user:${userId}`)).toEqual([]);
    await deletions(1);
    expect(await activeAlerts('mass_deletion', `user:${userId}`)).toHaveLength(1);
    await deletions(3);
    expect(await activeAlerts('mass_deletion', `user:${userId}`)).toEqual([
      expect.objectContaining({ occurrences: 4 }),
    ]);
  });

  it("more than 30 requests in 60 seconds in the client's frequency check raise one alert", async () => {
    await sql(`delete from public.security_alerts where alert_type = 'request_flood'`);
    const check = (requests: number) =>
      report({
        event_type: 'suspicious_activity',
        description: 'High request frequency',
        metadata: { check: 'request_frequency', requests_last_minute: requests },
      });
    await check(30);
    expect(await activeAlerts('request_flood', 'ip:127.0.0.1')).toEqual([]);
    await check(31);
    await check(50);
    expect(await activeAlerts('request_flood', 'ip:127.0.0.1')).toEqual([expect.objectContaining({ occurrences: 2 })]);
  });
});

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

describe('the audit trail', () => {
  let auditId: string;
  beforeAll(async () => {
    [{ id: auditId }] = await sql<{ id: string }>(
      `insert into public.audit_logs (action, table_name, user_id) values ('UPDATE', 'rooms', $1) returning id::text`,
      [SEED.users.admin],
    );
  });

  it('nobody changes or deletes audit rows through the API', async () => {
    for (const client of [anonClient(), noRole.client, staff, admin, serviceClient()]) {
      const table = (client as unknown as SupabaseClient).from('audit_logs');
      const update = await table.update({ table_name: 'tampered' }).eq('id', auditId).select();
      expect(update.data ?? []).toEqual([]);
      const removal = await (client as unknown as SupabaseClient)
        .from('audit_logs')
        .delete()
        .eq('id', auditId)
        .select();
      expect(removal.data ?? []).toEqual([]);
    }
    expect(await sql(`select table_name from public.audit_logs where id = $1`, [auditId])).toEqual([
      { table_name: 'rooms' },
    ]);
  });

  it('even a function running for an API caller cannot change them', async () => {
    for (const statement of [
      `delete from public.audit_logs where id = '${auditId}'`,
      `update public.audit_logs set table_name = 'x' where id = '${auditId}'`,
    ]) {
      await expect(
        sql(`do $$ begin
               perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
               ${statement};
             end $$`),
      ).rejects.toThrow('The audit trail is append-only');
    }
  });

  it('every table that signed-in users may change has the audit trigger', async () => {
    const unaudited = await sql<{ table_name: string }>(
      `select distinct g.table_name from information_schema.role_table_grants g
       join pg_class c on c.relname = g.table_name and c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       where g.table_schema = 'public' and g.grantee = 'authenticated'
         and g.privilege_type in ('INSERT', 'UPDATE', 'DELETE')
         and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'audit_row_change')
       order by 1`,
    );
    expect(unaudited).toEqual([]);
  });
});

describe('resolving an alert', () => {
  it('resolves, records the admin action and writes the audit entry; only once, only for admins', async () => {
    const [{ id }] = await sql<{ id: string }>(
      `select private.raise_alert('test_resolve', 'high', 'To resolve', $1) as id`,
      [randomUUID()],
    );
    expect((await staff.rpc('resolve_security_alert', { p_alert_id: id })).error?.code).toBe('42501');

    const { data, error } = await admin.rpc('resolve_security_alert', { p_alert_id: id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: 'resolved', resolved_by: SEED.users.admin });
    expect(data?.resolved_at).toBeTruthy();

    const [action] = await sql(
      `select event_type, severity::text, user_id::text from public.security_logs
       where description = 'Resolve Security Alert' and metadata ->> 'alert_id' = $1`,
      [id],
    );
    expect(action).toEqual({ event_type: 'admin_action', severity: 'medium', user_id: SEED.users.admin });
    const audit = await sql(
      `select action, user_id::text, old_values ->> 'status' as before, new_values ->> 'status' as after
       from public.audit_logs where table_name = 'security_alerts' and record_id = $1 and action = 'UPDATE'`,
      [id],
    );
    expect(audit).toEqual([{ action: 'UPDATE', user_id: SEED.users.admin, before: 'active', after: 'resolved' }]);

    const again = await admin.rpc('resolve_security_alert', { p_alert_id: id });
    expect(again.error?.message).toBe('This alert does not exist or is no longer active.');
  });

  it('admins cannot change alerts directly', async () => {
    const [{ id }] = await sql<{ id: string }>(
      `select private.raise_alert('test_resolve', 'low', 'Direct', $1) as id`,
      [randomUUID()],
    );
    await admin.from('security_alerts').update({ status: 'resolved' }).eq('id', id);
    expect(await sql(`select status::text from public.security_alerts where id = $1`, [id])).toEqual([
      { status: 'active' },
    ]);
  });
});

describe('retention', () => {
  it('erases addresses older than 90 days and keeps recent ones', async () => {
    const [old] = await sql<{ id: string }>(
      `insert into public.security_logs (event_type, description, ip_address, created_at)
       values ('api_access', 'old event', '192.0.2.90', now() - interval '91 days') returning id::text`,
    );
    const [recent] = await sql<{ id: string }>(
      `insert into public.security_logs (event_type, description, ip_address, created_at)
       values ('api_access', 'recent event', '192.0.2.91', now() - interval '89 days') returning id::text`,
    );
    const [oldAlert] = await sql<{ id: string }>(
      `insert into public.security_alerts (description, ip_address, created_at)
       values ('old alert', '192.0.2.92', now() - interval '100 days') returning id::text`,
    );
    const authId = randomUUID();
    await sql(
      `insert into auth.audit_log_entries (id, payload, created_at, ip_address)
       values ($1, '{"action":"login"}', now() - interval '120 days', '192.0.2.93')`,
      [authId],
    );

    const result = await report({ action: 'retention' }, { token: platform().serviceRoleKey });
    expect(result.status).toBe(200);

    const ip = async (table: string, id: string) =>
      (await sql<{ ip: string | null }>(`select ip_address as ip from ${table} where id = $1`, [id]))[0].ip;
    expect(await ip('public.security_logs', old.id)).toBeNull();
    expect(await ip('public.security_logs', recent.id)).toBe('192.0.2.91');
    expect(await ip('public.security_alerts', oldAlert.id)).toBeNull();
    expect(await ip('auth.audit_log_entries', authId)).toBe('');
    const copies = await sql(
      `select 1 from public.audit_logs where record_id = $1
       and (old_values ->> 'ip_address' is not null or new_values ->> 'ip_address' is not null)`,
      [oldAlert.id],
    );
    expect(copies).toEqual([]);
  });
});
