// The deploy hook when a build fails: retried with backoff and logged for the admins, ended with an
// alert on 410 Gone, and a test build sent once, never retried. Receiver, clock and set-up:
// deploy-hook-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import {
  setUpDeployHook,
  rebuilds,
  receiver,
  editSiteText,
  afterTheWindow,
  moveClock,
  dispatch,
  staff,
  admin,
  HOOK_PATH,
  callAs,
  adminToken,
} from './deploy-hook-fixtures';

setUpDeployHook();

// ---------------------------------------------------------------- retries and the log
describe('failed rebuilds are retried with backoff and logged for the admins', () => {
  it('a 500 answer is retried after about 5 s; changes meanwhile add nothing; then delivered', async () => {
    receiver.replies = [
      { status: 500, body: 'build service down' },
      { status: 200, body: '{}' },
    ];
    await editSiteText();
    expect(await afterTheWindow()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'pending', attempt_count: 1, last_response_status: 500 });
    expect(row.due_in_seconds).toBeGreaterThan(3.5);
    expect(row.due_in_seconds).toBeLessThan(5.6);

    await editSiteText();
    expect(await rebuilds()).toHaveLength(1);

    await moveClock(6);
    expect(await dispatch()).toMatchObject({ claimed: 1, delivered: 1 });
    [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'delivered', attempt_count: 2, last_response_status: 200 });
    expect(receiver.received).toHaveLength(2);

    // the admins read the log; staff do not
    const { data: log } = await admin
      .from('webhook_deliveries')
      .select('status, attempt_count, last_response_status, last_error, last_attempt_at')
      .is('endpoint_id', null);
    expect(log).toEqual([
      expect.objectContaining({ status: 'delivered', attempt_count: 2, last_response_status: 200 }),
    ]);
    expect((await staff.from('webhook_deliveries').select('id').is('endpoint_id', null)).data ?? []).toEqual([]);
  });

  it('410 Gone ends the rebuild and alerts the admins, with the URL masked', async () => {
    receiver.replies = [{ status: 410, body: 'hook deleted' }];
    await editSiteText();
    expect(await afterTheWindow()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await rebuilds())[0].status).toBe('failed');
    const alerts = await sql<{ description: string; severity: string }>(
      "select description, severity::text from public.security_alerts where alert_type = 'deploy_hook_failed'",
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0].description).toContain(`127.0.0.1:${receiver.port}/…e1f4`);
    expect(alerts[0].description).not.toContain(HOOK_PATH);
  });

  it('Send a test build posts once now and is never retried', async () => {
    const result = await callAs(adminToken, { action: 'test_deploy_hook' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'deploy_hook.test' });

    receiver.replies = [{ status: 404, body: 'no such hook' }];
    const failed = await callAs(adminToken, { action: 'test_deploy_hook' });
    expect(failed.body).toMatchObject({ outcome: 'failed', status: 404 });
    await moveClock(600);
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(2);
  });
});
