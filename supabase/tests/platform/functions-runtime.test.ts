// Edge functions behind the gateway as the Supabase CLI's edge runtime serves them: the JWT check
// and its error bodies, no apikey needed, preflight and CORS left to the function, boot and
// runtime failures. A project of its own: supabase/tests/fixtures/functions-runtime.
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../local/platform';
import { startFixturePlatform } from '../support';

let platform: Platform;
const url = (name: string) => `${platform.apiUrl}/functions/v1/${name}`;

beforeAll(async () => {
  platform = await startFixturePlatform('functions-runtime', { onPartExit: 'keep-running' });
});

afterAll(async () => {
  await platform?.stop();
});

describe('a verify_jwt function', () => {
  it('runs for a valid JWT sent as Authorization alone, without an apikey', async () => {
    const response = await fetch(url('own-cors'), {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.anonKey}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST' });
  });

  it('refuses a missing, malformed, forged or expired token with the runtime error bodies', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const expired = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(platform.jwtSecret));
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Error: Missing authorization header'],
      [{ authorization: `Token ${platform.anonKey}` }, "Error: Auth header is not 'Bearer {token}'"],
      [{ authorization: 'Bearer not-a-jwt' }, 'Invalid JWT'],
      [{ authorization: `Bearer ${forged}` }, 'Invalid JWT'],
      [{ authorization: `Bearer ${expired}` }, 'Invalid JWT'],
    ];
    for (const [headers, msg] of cases) {
      const response = await fetch(url('own-cors'), { method: 'POST', headers });
      expect(response.status, msg).toBe(401);
      expect(await response.json()).toEqual({ msg });
      // the gateway's own refusal stays readable by a browser
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('surfaces the refusal to supabase-js as a FunctionsHttpError with the runtime body', async () => {
    const client = createClient(platform.apiUrl, platform.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: 'Bearer not-a-jwt' } },
    });
    const { data, error } = await client.functions.invoke('own-cors', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(401);
    expect(await context.json()).toEqual({ msg: 'Invalid JWT' });
  });
});

describe('CORS', () => {
  it('passes the preflight to the function, without a JWT, and keeps its answer', async () => {
    const response = await fetch(url('own-cors'), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://guesthouse.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-custom-header',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('preflight answered by the function');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://guesthouse.example');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-custom-header');
    expect(response.headers.get('access-control-allow-methods')).toBe('PUT, OPTIONS');
  });

  it("does not overwrite or add to a function's own CORS headers", async () => {
    const response = await fetch(url('own-cors'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${platform.anonKey}`, origin: 'https://guesthouse.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://guesthouse.example');
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
    expect(response.headers.get('access-control-max-age')).toBeNull();
  });

  it('still answers preflights for the other prefixes itself', async () => {
    const response = await fetch(`${platform.apiUrl}/rest/v1/anything`, {
      method: 'OPTIONS',
      headers: { origin: 'https://guesthouse.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('failures', () => {
  it('answers an undeclared function with a plain 404', async () => {
    const response = await fetch(url('not-declared'), { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Function not found');
  });

  it('answers BOOT_ERROR for a function that fails to load or has no entrypoint', async () => {
    for (const name of ['broken', 'missing']) {
      const response = await fetch(url(name), { method: 'POST' });
      expect(response.status, name).toBe(503);
      expect(await response.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Worker failed to boot (please check logs)',
      });
    }
  });

  it('answers WORKER_ERROR when the handler throws, and the runtime keeps serving', async () => {
    const response = await fetch(url('throws'), { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const again = await fetch(url('own-cors'), {
      method: 'POST',
      headers: { authorization: `Bearer ${platform.anonKey}` },
    });
    expect(again.status).toBe(200);
  });
});
