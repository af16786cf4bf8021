// Unit tests of the auth service on its own HTTP server (no gateway), against the test platform's
// database, with the real supabase-js client.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAuthService } from '.';

const platform = inject('platform');
const pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
const auth = createAuthService({
  pool,
  jwtSecret: platform.jwtSecret,
  siteUrl: 'http://localhost:5173',
  signInRateLimit: { max: 3, windowMs: 60_000 },
  // every test signs up from 127.0.0.1; the sign-up limit has its own test below
  signUpRateLimit: { max: 100_000, windowMs: 60_000 },
});
const server = http.createServer((req, res) => {
  req.url = (req.url ?? '/').replace(/^\/auth\/v1/, '');
  void auth.handle(req, res);
});
let url = '';
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: class {} as never },
};
const anon = () => createClient(url, platform.anonKey, clientOptions);
const admin = () => createClient(url, platform.serviceRoleKey, clientOptions).auth.admin;
const newEmail = () => `auth-unit-${Math.random().toString(36).slice(2, 10)}@example.com`;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await auth.close();
  await pool.end();
});

describe('auth service', () => {
  it('signs up with metadata and returns a GoTrue session with GoTrue claims', async () => {
    const email = newEmail();
    const { data, error } = await anon().auth.signUp({
      email,
      password: 'secret123',
      options: { data: { name: 'Ann' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { name: 'Ann' },
    });
    expect(data.user?.identities).toHaveLength(1);
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
    });
    expect(claims.iss).toBe(`${url}/auth/v1`);
    expect(claims.session_id).toEqual(expect.any(String));
  });

  it('reports duplicate, weak and malformed sign-ups with GoTrue error codes', async () => {
    const email = newEmail();
    await anon().auth.signUp({ email, password: 'secret123' });
    const duplicate = await anon().auth.signUp({ email, password: 'secret123' });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    const weak = await anon().auth.signUp({ email: newEmail(), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const malformed = await anon().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('rotates refresh tokens and refuses a used one', async () => {
    const client = anon();
    const { data } = await client.auth.signUp({ email: newEmail(), password: 'secret123' });
    const first = data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    // the parent of the active token gets the active token back (its client missed the answer)
    const again = await anon().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.data.session?.refresh_token).toBe(refreshed.data.session!.refresh_token);
    // once the session has moved on, an older token is reuse (this service's reuse interval is 0)
    expect((await client.auth.refreshSession()).error).toBeNull();
    const reused = await anon().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const revoked = await anon().auth.refreshSession({
      refresh_token: (await client.auth.getSession()).data.session!.refresh_token,
    });
    expect(revoked.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const unknown = await anon().auth.refreshSession({ refresh_token: 'nope' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('gets and updates the user, and ends the session on sign-out', async () => {
    const client = anon();
    const email = newEmail();
    const { data } = await client.auth.signUp({ email, password: 'secret123' });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const updated = await client.auth.updateUser({ data: { name: 'Bob' }, password: 'secret456' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Bob' });
    expect((await client.auth.updateUser({ password: 'secret456' })).error).toMatchObject({ code: 'same_password' });
    expect((await client.auth.signOut()).error).toBeNull();
    const after = await fetch(`${url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ code: 403, error_code: 'session_not_found' });
  });

  it('refuses missing, tampered, foreign and expired bearer tokens', async () => {
    const { data } = await anon().auth.signUp({ email: newEmail(), password: 'secret123' });
    const sub = data.user!.id;
    const sign = (secret: string, exp: number) =>
      new SignJWT({ sub, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const get = (token?: string) =>
      fetch(`${url}/auth/v1/user`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get()).status).toBe(401);
    for (const token of [
      `${data.session!.access_token.slice(0, -4)}AAAA`,
      await sign('another-secret-another-secret-another-secret', now + 600),
      await sign(platform.jwtSecret, now - 10),
    ]) {
      const res = await get(token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error_code: 'bad_jwt' });
    }
  });

  it('answers password sign-in with invalid_credentials and rate-limits per client address', async () => {
    const email = newEmail();
    await anon().auth.signUp({ email, password: 'secret123' });
    const signIn = (password: string, address: string) =>
      fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: email.toUpperCase(), password }),
      });
    expect(await (await signIn('wrong', '10.1.1.1')).json()).toMatchObject({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect((await signIn('secret123', '10.1.1.1')).status).toBe(200);
    expect((await signIn('secret123', '10.1.1.1')).status).toBe(200);
    const limited = await signIn('secret123', '10.1.1.1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect((await signIn('secret123', '10.1.1.2')).status).toBe(200);
  });

  it('answers signInAnonymously as GoTrue does with anonymous sign-ins off', async () => {
    const { data, error } = await anon().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
  });

  it('rate-limits sign-ups per client address', async () => {
    const limited = createAuthService({
      pool,
      jwtSecret: platform.jwtSecret,
      siteUrl: 'http://localhost:5173',
      signInRateLimit: { max: 3, windowMs: 60_000 },
    });
    const limitedServer = http.createServer((req, res) => {
      req.url = (req.url ?? '/').replace(/^\/auth\/v1/, '');
      void limited.handle(req, res);
    });
    await new Promise<void>((resolve) => limitedServer.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(limitedServer.address() as AddressInfo).port}`;
    const signUp = (address: string) =>
      fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: newEmail(), password: 'secret123' }),
      });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await signUp('10.2.2.2')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await signUp('10.2.2.2');
      expect(await refused.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
      expect((await signUp('10.2.2.3')).status).toBe(200);
    } finally {
      limitedServer.close();
    }
  });

  it('serves the admin API to the service role only', async () => {
    const email = newEmail();
    const created = await admin().createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { a: 1 },
      app_metadata: { team: 'x' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.app_metadata).toMatchObject({ provider: 'email', team: 'x' });
    expect((await admin().createUser({ email, password: 'secret123' })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    const list = await admin().listUsers({ page: 1, perPage: 1 });
    expect(list.error).toBeNull();
    expect(list.data.users).toHaveLength(1);
    expect((list.data as { total: number }).total).toBeGreaterThan(1);
    const updated = await admin().updateUserById(id, { user_metadata: { b: 2 } });
    expect(updated.data.user?.user_metadata).toEqual({ a: 1, b: 2 });
    const userClient = anon();
    await userClient.auth.signUp({ email: newEmail(), password: 'secret123' });
    const token = (await userClient.auth.getSession()).data.session!.access_token;
    const forbidden = await fetch(`${url}/auth/v1/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(await forbidden.json()).toMatchObject({ code: 403, error_code: 'not_admin' });
    expect((await admin().deleteUser(id)).error).toBeNull();
    expect((await admin().getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});
