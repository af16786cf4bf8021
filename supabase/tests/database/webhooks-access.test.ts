// Outgoing webhooks, who may do what: only admins manage endpoints, through the function's checked
// actions; nobody reads a secret, claims deliveries or writes the tables directly. Receiver, calls
// and set-up: webhooks-fixtures.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { accessToken, anonClient, DEMO, platform, signedInClient, sql, type Client } from '../support';
import { admin, callAs, createEndpoint, insertBooking, receiver, setUpWebhooks } from './webhooks-fixtures';

setUpWebhooks();

// ---------------------------------------------------------------- who may do what
describe('only admins manage webhooks; nobody reads a secret', () => {
  let endpointId: string;
  let clients: [string, Client][];

  beforeEach(async () => {
    const endpoint = await createEndpoint(receiver.url());
    endpointId = endpoint.id;
    await insertBooking();
    clients = [
      ['anon', anonClient()],
      ['guest', await signedInClient(DEMO.guest.email, DEMO.guest.password)],
      ['staff', await signedInClient(DEMO.staff.email, DEMO.staff.password)],
    ];
  });

  it('anon, signed-in users and staff read no endpoint or delivery', async () => {
    for (const [, client] of clients) {
      const endpoints = await client.from('webhook_endpoints').select('*');
      expect(endpoints.data ?? []).toEqual([]);
      const deliveries = await client.from('webhook_deliveries').select('*');
      expect(deliveries.data ?? []).toEqual([]);
    }
    expect((await admin.from('webhook_endpoints').select('*')).data).toHaveLength(1);
    expect((await admin.from('webhook_deliveries').select('*')).data).toHaveLength(1);
  });

  it('anon, signed-in users and staff cannot call the admin actions nor dispatch', async () => {
    for (const [role, client] of clients) {
      const token = role === 'anon' ? platform().anonKey : await accessToken(client);
      for (const body of [
        { action: 'create', url: receiver.url(), event_types: ['booking.requested'] },
        { action: 'rotate_secret', id: endpointId },
        { action: 'test', id: endpointId },
        { action: 'dispatch' },
      ]) {
        const result = await callAs(token, body);
        // the anon key is nobody signed in (401), except for dispatch, which only the service key may call
        const refusal = role === 'anon' && body.action !== 'dispatch' ? 401 : 403;
        expect(result.status, `${role} ${body.action}`).toBe(refusal);
      }
      for (const [fn, args] of [
        [
          'create_webhook_endpoint',
          {
            p_url: receiver.url(),
            p_description: '',
            p_event_types: ['booking.requested'],
            p_include_guest_details: true,
          },
        ],
        ['rotate_webhook_secret', { p_id: endpointId }],
        ['claim_webhook_deliveries', {}],
      ] as const) {
        const { data, error } = await client.rpc(fn as never, args as never);
        expect(error, `${role} ${fn}`).not.toBeNull();
        expect(JSON.stringify(data ?? '')).not.toContain('whsec_');
      }
    }
    expect(receiver.received).toEqual([]);
    expect(await sql('select id from public.webhook_endpoints')).toHaveLength(1);
  });

  it('admins cannot read secrets, claim deliveries or write the tables directly either', async () => {
    const { data } = await admin.from('webhook_endpoints').select('*');
    expect(JSON.stringify(data)).not.toContain('whsec_');
    const claim = await admin.rpc('claim_webhook_deliveries', {});
    expect(claim.error).not.toBeNull();
    const secrets = await admin
      .schema('private' as 'public')
      .from('webhook_endpoint_secrets' as never)
      .select('*');
    expect(secrets.error).not.toBeNull();
    const insert = await admin
      .from('webhook_endpoints')
      .insert({ url: receiver.url(), event_types: ['booking.requested'] });
    expect(insert.error).not.toBeNull();
    const update = await admin.from('webhook_deliveries').update({ status: 'delivered' }).eq('endpoint_id', endpointId);
    expect(update.error).not.toBeNull();
    const audit = await sql("select 1 from public.audit_logs where new_values::text like '%whsec_%'");
    expect(audit).toEqual([]);
  });
});
