// The shared half of the deploy-hook files (deploy-hook-*.test.ts): published content changes → one
// debounced POST to the static host's build hook, through the webhooks outbox and the `webhooks`
// function's dispatcher, to a receiver on a local port (the receiver and the dispatcher of
// webhooks-fixtures.ts). The debounce window is crossed by moving the database clock
// (private.clock_offset) instead of waiting. Each file puts the clock, the hook and the site text
// it edits back as it found them.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { accessToken, DEMO, signedInClient, sql, type Client } from '../support';
import { callAs, dispatch, Receiver, type DeliveryRow } from './webhooks-fixtures';

export { callAs, dispatch, Receiver };

/** Moves the database clock forward (what the outbox's due times read). */
export const moveClock = (seconds: number) =>
  sql('update private.clock_offset set offset_by = offset_by + make_interval(secs => $1)', [seconds]);

/** The rebuilds the outbox holds (deliveries without an endpoint), oldest first. */
export const rebuilds = () =>
  sql<DeliveryRow & { payload: { type: string; data?: { changed: string[] } } }>(
    `select id, event_type, status::text, attempt_count, last_response_status, last_error, payload,
            extract(epoch from next_attempt_at - private.clock_now())::float as due_in_seconds
     from public.webhook_deliveries where endpoint_id is null order by created_at`,
  );

export const setHookDirectly = (url: string) =>
  sql('insert into private.deploy_hook (id, url) values (true, $1) on conflict (id) do update set url = excluded.url', [
    url,
  ]);

export let admin: Client;
export let staff: Client;
export let adminToken: string;
export const receiver = new Receiver();
export const HOOK_PATH = '/build_hooks/5f3c2a9d81e4b7c6a0d2e1f4';

/** A site text a staff member edits, changed to a new value each time (restored in afterAll). */
let edits = 0;
let original: { key: string; value: string };
export async function editSiteText(client: Client = staff) {
  const { error } = await client
    .from('site_content')
    .update({ value: `Edited ${++edits}` })
    .eq('key', original.key);
  expect(error).toBeNull();
}

/** Crosses the debounce window and runs the dispatcher as the scheduler does. */
export async function afterTheWindow() {
  await moveClock(50);
  return dispatch();
}

/**
 * The calling file's set-up: admin and staff signed in, the receiver started and set as the hook
 * before each test; after each test no rebuild is left and the clock is back; after the file no
 * hook is left and the edited site text is restored.
 */
export function setUpDeployHook() {
  beforeAll(async () => {
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    adminToken = await accessToken(admin);
    [original] = await sql<{ key: string; value: string }>(
      'select key, value from public.site_content order by key limit 1',
    );
    await receiver.start();
  });

  beforeEach(async () => {
    receiver.received = [];
    receiver.replies = [{ status: 200, body: '{}' }];
    await setHookDirectly(receiver.url(HOOK_PATH));
  });

  afterEach(async () => {
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
    await sql("update private.clock_offset set offset_by = interval '0'");
    await sql("delete from public.security_alerts where alert_type = 'deploy_hook_failed'");
  });

  afterAll(async () => {
    await sql('delete from private.deploy_hook');
    await sql('update public.site_content set value = $2 where key = $1', [original.key, original.value]);
    await receiver.stop();
  });
}
