// Outgoing webhooks go to public https targets only (loopback allowed on the local platform): checked
// when an endpoint is saved and again when a delivery is sent. Receiver, calls and set-up:
// webhooks-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { sql } from '../support';
import {
  setUpWebhooks,
  asAdmin,
  createEndpoint,
  receiver,
  insertBooking,
  dispatch,
  deliveriesOf,
} from './webhooks-fixtures';

setUpWebhooks();

// ---------------------------------------------------------------- SSRF
describe('only public https targets (loopback allowed on the local platform)', () => {
  it.each([
    ['https://10.0.0.5/hook', /private or local/],
    ['https://192.168.1.20/hook', /private or local/],
    ['https://169.254.169.254/latest/meta-data', /private or local/],
    ['http://93.184.216.34/hook', /Only https/],
    ['ftp://127.0.0.1/hook', /Only https/],
    ['https://user:secret@127.0.0.1/hook', /credentials/],
  ])('refuses %s when saving', async (url, message) => {
    const result = await asAdmin({ action: 'create', url, event_types: ['booking.requested'] });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
  });

  it('refuses a private target at send time too (a URL that got past the save check)', async () => {
    const endpoint = await createEndpoint(receiver.url());
    // a row saved before the database checked addresses (20261127000300): written with the check off
    await sql(
      `begin;
       alter table public.webhook_endpoints disable trigger check_host;
       update public.webhook_endpoints set url = 'https://10.1.2.3/hook' where id = '${endpoint.id}';
       alter table public.webhook_endpoints enable trigger check_host;
       commit;`,
    );
    await insertBooking();
    await dispatch();
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', last_response_status: null });
    expect(row.last_error).toMatch(/private or local/);
  });
});
