// Security monitoring, the SQL detection rules: failed logins per address and per account, role
// changes of admins, mass deletions and a flood of requests each raise one alert, counting
// occurrences. Reports and set-up: security-monitoring-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBareUser, deleteUsers, sql } from '../support';
import { report, setUpSecurityMonitoring, uniqueAddress } from './security-monitoring-fixtures';

setUpSecurityMonitoring();

const activeAlerts = (type: string, key: string) =>
  sql<{ id: string; occurrences: number; severity: string }>(
    `select id::text, occurrences, severity::text from public.security_alerts
     where alert_type = $1 and dedup_key = $2 and status = 'active'`,
    [type, key],
  );

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
