import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DEMO, expect, signInToAdmin, sql, test } from './fixtures';

/** A webhook receiver on a local port that answers like Zapier's catch hook. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"success","attempt":"e2e"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/catch/1/e2e`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.afterEach(async () => {
  await sql("delete from public.webhook_endpoints where description = 'E2E front desk'");
});

test('the admin adds a webhook, tests it and sees the delivery with the receiver status', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signInToAdmin(page, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    await expect(page.getByText('Zapier Automation')).toBeVisible();

    await page.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(page.getByText('Missing Webhook URL')).toBeVisible();

    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByLabel('Description').fill('E2E front desk');
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog).toBeVisible();
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('E2E front desk');
    await endpoint.getByRole('button', { name: 'Test Webhook' }).click();
    await expect(page.getByText('Webhook Triggered')).toBeVisible();
    await expect(page.getByText(/The receiver answered HTTP 200 in \d+ ms/)).toBeVisible();

    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('Test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery).toContainText('{"status":"success","attempt":"e2e"}');

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(event).toMatchObject({ type: 'webhook.test', test_booking: { room_type: expect.any(String) } });
  } finally {
    await receiver.close();
  }
});

test('staff do not get the Integrations screen', async ({ page }) => {
  await signInToAdmin(page, DEMO.staff);
  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Zapier Automation')).toHaveCount(0);
});

test('on a 375 px phone the panel and its delivery log fit the screen', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 375, height: 667 });
    await signInToAdmin(page, DEMO.admin);
    await page.goto('/admin/integrations');
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByLabel('Description').fill('E2E front desk');
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Test Webhook' }).click();
    await expect(page.getByTestId('webhook-delivery')).toContainText('HTTP 200');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await receiver.close();
  }
});
