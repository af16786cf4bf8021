// Security monitoring, the trail: audit rows nobody changes or deletes, not even a function running
// for an API caller; every table signed-in users may change is audited; resolving an alert is for
// admins, once, and itself recorded and audited. Clients and set-up: security-monitoring-fixtures.ts.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED, anonClient, serviceClient, sql } from '../support';
import { admin, noRole, setUpSecurityMonitoring, staff } from './security-monitoring-fixtures';

setUpSecurityMonitoring();

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
