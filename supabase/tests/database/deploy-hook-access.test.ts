// The deploy hook, who may do what: only admins set, replace and remove it, and they read it masked
// only; anon, users without a role and staff can neither read nor set it, and nobody writes the log
// of rebuilds. Receiver, clock and set-up: deploy-hook-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { accessToken, anonClient, DEMO, platform, signedInClient, sql, type Client } from '../support';
import {
  setUpDeployHook,
  admin,
  receiver,
  callAs,
  adminToken,
  editSiteText,
  rebuilds,
  afterTheWindow,
  staff,
  HOOK_PATH,
} from './deploy-hook-fixtures';

setUpDeployHook();

// ---------------------------------------------------------------- who may do what
describe('only admins set the hook, and read it masked only', () => {
  it('an admin sets, reads back masked, replaces and removes the hook', async () => {
    await sql('delete from private.deploy_hook');
    const url = receiver.url('/build_hooks/6a1b2c3d4e5f60718293a4b5');
    const saved = await callAs(adminToken, { action: 'set_deploy_hook', url });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({
      configured: true,
      masked_url: `http://127.0.0.1:${receiver.port}/…a4b5`,
    });
    expect(JSON.stringify(saved.body)).not.toContain('6a1b2c3d4e5f');

    const { data: settings, error } = await admin.rpc('deploy_hook_settings');
    expect(error).toBeNull();
    expect(JSON.stringify(settings)).not.toContain('6a1b2c3d4e5f');
    expect(settings).toMatchObject({ configured: true, rebuild_due_at: null });

    await editSiteText();
    const { data: due } = await admin.rpc('deploy_hook_settings');
    expect((due as { rebuild_due_at: string | null }).rebuild_due_at).not.toBeNull();

    const audit = await sql("select 1 from public.audit_logs where new_values::text like '%6a1b2c3d4e5f%'");
    expect(audit).toEqual([]);

    const removed = await callAs(adminToken, { action: 'remove_deploy_hook' });
    expect(removed.body.settings).toMatchObject({ configured: false, masked_url: null, rebuild_due_at: null });
    // the rebuild not yet sent is dropped
    expect((await rebuilds()).map((r) => r.status)).toEqual(['failed']);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });
  });

  it('anon, signed-in users without a role and staff can neither read nor set the hook', async () => {
    const guest = await signedInClient(DEMO.guest.email, DEMO.guest.password);
    const clients: [string, Client][] = [
      ['anon', anonClient()],
      ['guest', guest],
      ['staff', staff],
    ];
    for (const [role, client] of clients) {
      for (const [fn, args] of [
        ['deploy_hook_settings', {}],
        ['set_deploy_hook', { p_url: 'https://evil.example.com/hook' }],
        ['remove_deploy_hook', {}],
        ['enqueue_deploy_hook_test', {}],
      ] as const) {
        const { data, error } = await client.rpc(fn as never, args as never);
        expect(error, `${role} ${fn}`).not.toBeNull();
        expect(JSON.stringify(data ?? '')).not.toContain('127.0.0.1');
      }
      const direct = await client
        .schema('private' as 'public')
        .from('deploy_hook' as never)
        .select('*');
      expect(direct.error, role).not.toBeNull();

      const token = role === 'anon' ? platform().anonKey : await accessToken(client);
      for (const body of [
        { action: 'set_deploy_hook', url: 'https://evil.example.com/hook' },
        { action: 'remove_deploy_hook' },
        { action: 'test_deploy_hook' },
      ]) {
        const result = await callAs(token, body);
        expect(result.status, `${role} ${body.action}`).toBe(role === 'anon' ? 401 : 403);
      }
    }
    expect(await sql('select url from private.deploy_hook')).toEqual([{ url: receiver.url(HOOK_PATH) }]);
    expect(receiver.received).toEqual([]);
  });

  it('admins cannot read the URL directly nor write the log', async () => {
    const direct = await admin
      .schema('private' as 'public')
      .from('deploy_hook' as never)
      .select('*');
    expect(direct.error).not.toBeNull();
    await editSiteText();
    const update = await admin
      .from('webhook_deliveries')
      .update({ status: 'delivered' })
      .is('endpoint_id', null)
      .select('id');
    expect(update.error).not.toBeNull();
    expect((await rebuilds())[0].status).toBe('pending');
  });
});
