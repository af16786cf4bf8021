// PostgREST as configured by the project: config.toml's [api] schemas, extra_search_path and
// max_rows, and the authenticator role's in-database pgrst.* settings, which only apply when
// PostgREST logs in as that role (on PGlite too). A project of its own: supabase/tests/fixtures/rest-config.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../local/platform';
import { startFixturePlatform } from '../support';

let platform: Platform;
const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${platform.apiUrl}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: platform.anonKey, ...(init.headers as Record<string, string>) },
  });

beforeAll(async () => {
  platform = await startFixturePlatform('rest-config');
});

afterAll(async () => {
  await platform?.stop();
});

describe('PostgREST login', () => {
  it('logs in as authenticator, not a superuser, and acts as the request role', async () => {
    const response = await rest('rpc/whoami');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      session_user: 'authenticator',
      current_user: 'anon',
      superuser: 'off',
    });
  });

  it('acts as service_role for the service key, still logged in as authenticator', async () => {
    const response = await fetch(`${platform.apiUrl}/rest/v1/rpc/whoami`, {
      headers: { apikey: platform.serviceRoleKey },
    });
    expect(await response.json()).toMatchObject({ session_user: 'authenticator', current_user: 'service_role' });
  });

  it('leaves the platform’s own superuser connections as they were', async () => {
    const supabase = createClient(platform.apiUrl, platform.serviceRoleKey, { auth: { persistSession: false } });
    const { error } = await supabase.auth.admin.createUser({
      email: 'rest-config@test.example.com',
      password: 'a-password-123',
    });
    expect(error).toBeNull();
  });
});

describe('config.toml [api]', () => {
  it('caps every answer at max_rows', async () => {
    const response = await rest('numbers?select=value&order=value', { headers: { prefer: 'count=exact' } });
    expect(await response.json()).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect(response.headers.get('content-range')).toBe('0-2/5');
  });

  it('serves every schema listed, with the first as the default', async () => {
    const supabase = createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false } });
    const items = await supabase.schema('catalog').from('items').select('name').order('name');
    expect(items.error).toBeNull();
    expect(items.data).toEqual([{ name: 'lamp' }, { name: 'towel' }]);
    const numbers = await supabase.from('numbers').select('value').limit(1);
    expect(numbers.data).toEqual([{ value: 1 }]);
  });

  it('refuses a schema that is not listed, naming the ones that are', async () => {
    const response = await rest('secrets', { headers: { 'accept-profile': 'hidden' } });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({
      code: 'PGRST106',
      message: 'The schema must be one of the following: public, catalog',
    });
  });

  it('puts extra_search_path after the request schema', async () => {
    const who = await (await rest('rpc/whoami')).json();
    expect(who.search_path).toBe('"public", "extensions", "helpers"');
    const doubled = await rest('rpc/doubled?n=21');
    expect(await doubled.json()).toBe(42);
  });
});

describe("the authenticator role's pgrst.* settings", () => {
  it('turn on aggregates (pgrst.db_aggregates_enabled)', async () => {
    const response = await rest('numbers?select=value.sum(),value.count()');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ sum: 15, count: 5 }]);
  });

  it('turn on execution plans (pgrst.db_plan_enabled)', async () => {
    const response = await rest('numbers?value=eq.1', { headers: { accept: 'application/vnd.pgrst.plan+json' } });
    expect(response.status).toBe(200);
    const [plan] = (await response.json()) as Array<{ Plan: { 'Node Type': string } }>;
    expect(plan?.Plan['Node Type']).toBeTruthy();
  });

  it('let a request roll itself back (pgrst.db_tx_end = commit-allow-override)', async () => {
    const response = await rest('numbers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'tx=rollback, return=representation' },
      body: JSON.stringify({ value: 6 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('preference-applied')).toContain('tx=rollback');
    const count = await rest('numbers?select=value.count()');
    expect(await count.json()).toEqual([{ count: 5 }]);
  });
});
