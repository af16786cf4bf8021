// Private hook addresses saved through the API (issue 30): set_deploy_hook and the webhook endpoint
// functions refuse them, and the SQL classifier agrees with _shared/addresses.ts.
// Set-up and helpers: hostile-inputs-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../functions/_shared/addresses.ts';
import { sql } from '../support';
import { setUpHostileInputs, admin } from './hostile-inputs-fixtures';

setUpHostileInputs();

describe('hook addresses: the database checks the literal host too', () => {
  const REFUSED = [
    'https://169.254.169.254/latest/meta-data/',
    'https://10.1.2.3/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[::ffff:10.1.2.3]/hook',
    'https://[fec0::1]/hook',
    'https://[2001::1]/hook',
    'https://[fd00::1]:8443/hook',
    'https://10.1.2.3./hook',
    'https://0xa9.254.169.254/hook',
    'https://2852039166/hook',
    'https://012.1.2.3/hook',
    'https://%31%30.1.2.3/hook',
  ];

  it('set_deploy_hook refuses private addresses as an admin calling the API directly', async () => {
    for (const url of REFUSED) {
      const { error } = await admin.rpc('set_deploy_hook', { p_url: url });
      expect(error?.message, url).toMatch(
        /^(Private, link-local and reserved addresses are refused\.|The URL is not valid\.|The URL's host must be)/,
      );
    }
    for (const url of REFUSED.slice(0, 2)) {
      const { error } = await admin.rpc('set_deploy_hook', { p_url: url });
      expect(error?.message, url).toBe('Private, link-local and reserved addresses are refused.');
    }
  });

  it('create_webhook_endpoint and update_webhook_endpoint refuse them; a public address is saved', async () => {
    for (const url of REFUSED) {
      const { error } = await admin.rpc('create_webhook_endpoint', {
        p_url: url,
        p_description: 'Hostile',
        p_event_types: ['channel.conflict'],
        p_include_guest_details: false,
      });
      expect(error?.message, url).toMatch(/refused|not valid|host must be/);
    }
    const made = await admin.rpc('create_webhook_endpoint', {
      p_url: 'https://93.184.216.34/hook',
      p_description: 'Hostile',
      p_event_types: ['channel.conflict'],
      p_include_guest_details: false,
    });
    expect(made.error).toBeNull();
    const endpointId = (made.data as { endpoint: { id: string } }).endpoint.id;
    try {
      const moved = await admin.rpc('update_webhook_endpoint', {
        p_id: endpointId,
        p_url: 'https://10.1.2.3/hook',
        p_description: 'Hostile',
        p_event_types: ['channel.conflict'],
        p_include_guest_details: false,
        p_enabled: false,
      });
      expect(moved.error?.message).toBe('Private, link-local and reserved addresses are refused.');
      const [row] = await sql<{ url: string }>('select url from public.webhook_endpoints where id = $1', [endpointId]);
      expect(row.url).toBe('https://93.184.216.34/hook');
    } finally {
      await sql('delete from public.webhook_endpoints where id = $1', [endpointId]);
    }
  });

  it('the SQL classifier and _shared/addresses.ts agree, including ::ffff:0:0/96, fec0::/10 and 2001::/32', async () => {
    const addresses = [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      '192.168.1.1',
      '224.0.0.1',
      '0.0.0.0',
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700::6810:85e5',
      '::',
      '::8.8.8.8',
      '::ffff:0:0',
      '::ffff:93.184.216.34',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:a01:203',
      'fec0::1',
      'feff::1',
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:1::1',
      '2001:db8::1',
      '2002::1',
      '64:ff9b::a00:1',
      'fc00::1',
      'fe80::1%eth0',
      'ff02::1',
      'example.com',
      '1.2.3',
      '256.1.1.1',
      '1::2::3',
    ];
    const rows = await sql<{ address: string; kind: string }>(
      'select a as address, private.address_kind(a) as kind from unnest($1::text[]) a',
      [addresses],
    );
    for (const row of rows) expect([row.address, row.kind]).toEqual([row.address, classifyAddress(row.address)]);
    expect(classifyAddress('::ffff:0:0')).toBe('private');
    expect(classifyAddress('fec0::1')).toBe('private');
    expect(classifyAddress('2001::1')).toBe('private');
  });
});
