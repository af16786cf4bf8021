import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database';
import { DEMO, expect, signInToAdmin, sql, test } from './fixtures';

/** A static host's build hook on a local port: counts the POSTs it gets. */
async function startBuildHook() {
  const received: { method: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/build_hooks/e2e5f3c2a9d81e4b7c6a0d9a7c`;
  return { url, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.afterEach(async () => {
  await sql('delete from private.deploy_hook');
  await sql('delete from public.webhook_deliveries where endpoint_id is null');
});

test('the admin pastes a build hook, sees it masked, sends a test build and removes it', async ({ page }) => {
  const hook = await startBuildHook();
  try {
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/integrations');
    const card = page.getByRole('region', { name: 'Deploy hook' });
    await expect(card).toBeVisible();
    await expect(card.getByText('No rebuilds requested yet.')).toBeVisible();

    // the form says what is wrong, in the server's words
    await card.getByRole('button', { name: 'Save deploy hook' }).click();
    await expect(card.getByText('Please enter the deploy hook URL.')).toBeVisible();
    await card.getByLabel('Deploy hook URL').fill('http://hooks.example.com/build');
    await card.getByRole('button', { name: 'Save deploy hook' }).click();
    await expect(card.getByText(/must start with https:\/\//)).toBeVisible();

    await card.getByLabel('Deploy hook URL').fill(hook.url);
    await card.getByRole('button', { name: 'Save deploy hook' }).click();
    await expect(card.getByTestId('deploy-hook-masked')).toHaveText(`http://127.0.0.1:${hook.port}/…9a7c`);
    await expect(card.getByLabel('Deploy hook URL')).toHaveCount(0);
    expect(await page.content()).not.toContain('e2e5f3c2a9d81e4b7c6a');

    await card.getByRole('button', { name: 'Send a test build' }).click();
    await expect(page.getByText(/The host answered HTTP 200 in \d+ ms/)).toBeVisible();
    const delivery = card.getByTestId('deploy-hook-delivery').first();
    await expect(delivery).toContainText('Test build');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].method).toBe('POST');

    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the deploy hook?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByLabel('Deploy hook URL')).toBeVisible();
    expect(await sql('select 1 from private.deploy_hook')).toEqual([]);
  } finally {
    await hook.close();
  }
});

test('staff see neither the card nor the URL', async ({ page }) => {
  await sql(
    "insert into private.deploy_hook (id, url) values (true, 'https://api.netlify.com/build_hooks/e2estaff0000000000001')",
  );
  await signInToAdmin(page, DEMO.staff);
  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Deploy hook')).toHaveCount(0);
  // nor through the API
  const staff = createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await staff.auth.signInWithPassword(DEMO.staff);
  expect(signInError).toBeNull();
  const settings = await staff.rpc('deploy_hook_settings');
  expect(settings.error?.code).toBe('42501');
  const replaced = await staff.rpc('set_deploy_hook', { p_url: 'https://attacker.example.com/hook' });
  expect(replaced.error?.code).toBe('42501');
  expect(await sql('select url from private.deploy_hook')).toEqual([
    { url: 'https://api.netlify.com/build_hooks/e2estaff0000000000001' },
  ]);
  await staff.auth.signOut();
  expect(await page.content()).not.toContain('e2estaff');
});

test('on a 375 px phone the card and its log fit the screen', async ({ page }) => {
  const hook = await startBuildHook();
  try {
    await page.setViewportSize({ width: 375, height: 667 });
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/integrations');
    const card = page.getByRole('region', { name: 'Deploy hook' });
    await card.getByLabel('Deploy hook URL').fill(hook.url);
    await card.getByRole('button', { name: 'Save deploy hook' }).click();
    await card.getByRole('button', { name: 'Send a test build' }).click();
    await expect(card.getByTestId('deploy-hook-delivery')).toContainText('HTTP 200');
    await card.screenshot({ path: 'test-results/deploy-hook-card-375.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await hook.close();
  }
});
