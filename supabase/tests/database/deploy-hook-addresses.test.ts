// The deploy hook goes to public https addresses only and follows no redirect: checked when it is
// saved, by the database too, and again when a rebuild is sent. Receiver, clock and set-up:
// deploy-hook-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import {
  setUpDeployHook,
  Receiver,
  receiver,
  editSiteText,
  afterTheWindow,
  rebuilds,
  callAs,
  adminToken,
  HOOK_PATH,
  admin,
  setHookDirectly,
} from './deploy-hook-fixtures';

setUpDeployHook();

// ---------------------------------------------------------------- outbound rules
describe('only public https hooks; redirects are not followed', () => {
  it('a redirecting hook is not followed', async () => {
    const target = new Receiver();
    await target.start();
    try {
      receiver.replies = [{ status: 302, headers: { location: target.url('/elsewhere') } }];
      await editSiteText();
      expect(await afterTheWindow()).toMatchObject({ claimed: 1, retried: 1 });
      const [row] = await rebuilds();
      expect(row.last_error).toMatch(/redirect/i);
      expect(receiver.received).toHaveLength(1);
      expect(target.received).toEqual([]);
    } finally {
      await target.stop();
    }
  });

  it.each([
    ['https://10.0.0.5/build', /private or local/],
    ['https://169.254.169.254/latest/meta-data', /private or local/],
    ['http://93.184.216.34/build', /https/],
    ['ftp://127.0.0.1/build', /https/],
    ['https://user:secret@93.184.216.34/build', /credentials/],
    ['not a url', /not valid/],
    ['', /Please enter the deploy hook URL/],
  ])('refuses %s when saving, and keeps the hook it had', async (url, message) => {
    const result = await callAs(adminToken, { action: 'set_deploy_hook', url });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
    expect(await sql('select url from private.deploy_hook')).toEqual([{ url: receiver.url(HOOK_PATH) }]);
  });

  it('the database refuses plain http to other hosts even when called directly', async () => {
    const { error } = await admin.rpc('set_deploy_hook', { p_url: 'http://hooks.example.com/build' });
    expect(error?.message).toMatch(/must start with https:\/\//);
    const loopback = await admin.rpc('set_deploy_hook', { p_url: 'http://localhost:8888/build' });
    expect(loopback.error).toBeNull();
  });

  it('a private address that got past the save check is refused at send time', async () => {
    await setHookDirectly('https://10.1.2.3/build_hooks/abcd');
    await editSiteText();
    await afterTheWindow();
    const [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'pending', last_response_status: null });
    expect(row.last_error).toMatch(/private or local/);
  });
});
