// Security monitoring, the security-logger function: the address, user and severity are decided by
// the server, whatever the body and headers say; bad input refused; a per-address rate limit; and
// the 90-day address retention it runs for the scheduler. Reports, clients and set-up:
// security-monitoring-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEED, accessToken, platform, sql } from '../support';
import { admin, noRole, report, setUpSecurityMonitoring, staff, uniqueAddress } from './security-monitoring-fixtures';

setUpSecurityMonitoring();

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
