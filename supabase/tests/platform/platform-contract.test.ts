// The platform's contract, through the real supabase-js client and the gateway, on a project of
// its own (supabase/tests/fixtures/project): throw-away tables, a small bucket, two functions.
import { request } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../local/platform';
import { sqlOn, startFixturePlatform } from '../support';

let platform: Platform;

const start = (onPartExit: 'stop' | 'keep-running') => startFixturePlatform('project', { onPartExit });

const client = (key = platform.anonKey) =>
  createClient(platform.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });

const sql = (text: string, params: unknown[] = []) => sqlOn(platform.dbUrl, text, params);

const secret = (value = platform.jwtSecret) => new TextEncoder().encode(value);
const uniqueEmail = () => `contract-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

beforeAll(async () => {
  platform = await start('keep-running');
  await sql(`
    create table public.contract_notes (
      id bigint generated always as identity primary key,
      owner uuid not null default auth.uid(),
      body text not null
    );
    alter table public.contract_notes enable row level security;
    create policy "notes are public" on public.contract_notes for select using (true);
    create policy "members write their own notes" on public.contract_notes for insert to authenticated
      with check (owner = (select auth.uid()));
    grant select, insert on public.contract_notes to anon, authenticated;
    grant all on public.contract_notes to service_role;
    create policy "members upload" on storage.objects for insert to authenticated with check (bucket_id = 'contract-files');
    create policy "members replace" on storage.objects for update to authenticated using (bucket_id = 'contract-files');
    create policy "members remove" on storage.objects for delete to authenticated using (bucket_id = 'contract-files');
    create policy "anyone reads" on storage.objects for select using (bucket_id = 'contract-files');
  `);
  await platform.reloadSchema();
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('auth', () => {
  it('signs up with metadata, signs in, refreshes, reads and updates the user, signs out', async () => {
    const supabase = client();
    const email = uniqueEmail();
    const signUp = await supabase.auth.signUp({
      email,
      password: 'long-enough-1',
      options: { data: { name: 'Marta' }, emailRedirectTo: 'http://127.0.0.1:3000/' },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata.name).toBe('Marta');
    expect(signUp.data.session?.access_token).toBeTruthy();

    await supabase.auth.signOut();
    const signIn = await supabase.auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(signIn.error).toBeNull();
    const firstRefreshToken = signIn.data.session!.refresh_token;

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(firstRefreshToken);

    const { data: current } = await supabase.auth.getUser();
    expect(current.user?.id).toBe(signIn.data.user!.id);

    const updated = await supabase.auth.updateUser({ data: { name: 'Marta R.' } });
    expect(updated.data.user?.user_metadata.name).toBe('Marta R.');

    const refreshToken = (await supabase.auth.getSession()).data.session!.refresh_token;
    expect((await supabase.auth.signOut()).error).toBeNull();
    const afterSignOut = await client().auth.refreshSession({ refresh_token: refreshToken });
    expect(afterSignOut.error).not.toBeNull();
  });

  it('refuses a duplicate sign-up, a wrong password and a weak password with GoTrue codes', async () => {
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'long-enough-1' });

    const duplicate = await client().auth.signUp({ email, password: 'long-enough-1' });
    expect(duplicate.error?.code).toBe('user_already_exists');
    expect(duplicate.error?.status).toBe(422);

    const wrong = await client().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.data.session).toBeNull();

    const weak = await client().auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
  });

  it('answers over_request_rate_limit after 30 sign-in attempts from one address', async () => {
    // A loopback address of its own, so the limit does not reach the other tests.
    const attempt = () =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(`${platform.apiUrl}/auth/v1/token?grant_type=password`);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            localAddress: '127.0.0.9',
            headers: { apikey: platform.anonKey, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ email: 'nobody@test.example.com', password: 'wrong-password' }));
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push(await attempt());
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('lets only the service role use the admin API', async () => {
    const service = client(platform.serviceRoleKey);
    const email = uniqueEmail();
    const created = await service.auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true });
    expect(created.error).toBeNull();
    const listed = await service.auth.admin.listUsers();
    expect(listed.data.users.some((user) => user.email === email)).toBe(true);
    expect((await client().auth.admin.listUsers()).error).not.toBeNull();
    expect((await service.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'long-enough-1' })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});

describe('row-level security through PostgREST', () => {
  it('lets the policy decide for anon, a signed-in user and the service role', async () => {
    const anon = client();
    const anonInsert = await anon.from('contract_notes').insert({ body: 'from anon' });
    expect(anonInsert.error?.code).toBe('42501');

    const member = client();
    const { data: signUp } = await member.auth.signUp({ email: uniqueEmail(), password: 'long-enough-1' });
    const own = await member.from('contract_notes').insert({ body: 'mine' }).select().single();
    expect(own.error).toBeNull();
    expect(own.data.owner).toBe(signUp.user!.id);
    const forged = await member
      .from('contract_notes')
      .insert({ body: 'forged', owner: '00000000-0000-0000-0000-000000000001' });
    expect(forged.error?.code).toBe('42501');

    const service = client(platform.serviceRoleKey);
    const bypass = await service
      .from('contract_notes')
      .insert({ body: 'service', owner: '00000000-0000-0000-0000-000000000002' });
    expect(bypass.error).toBeNull();

    const { data: everyone } = await anon.from('contract_notes').select('body').order('id');
    expect(everyone?.map((row) => row.body)).toEqual(['mine', 'service']);
  });

  it('refuses tampered, expired and foreign-signed JWTs and a wrong apikey', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { role: 'service_role', iss: 'supabase-demo' };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now - 60)
      .sign(secret());
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 600)
      .sign(secret('another-secret-of-at-least-32-characters!!'));
    const [header, , signature] = platform.anonKey.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: now + 600 })).toString('base64url')}.${signature}`;

    for (const token of [expired, foreign, tampered]) {
      const response = await fetch(`${platform.apiUrl}/rest/v1/contract_notes?select=*`, {
        headers: { apikey: platform.anonKey, Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      const user = await fetch(`${platform.apiUrl}/auth/v1/user`, {
        headers: { apikey: platform.anonKey, Authorization: `Bearer ${token}` },
      });
      expect([401, 403]).toContain(user.status);
    }
    const wrongKey = await fetch(`${platform.apiUrl}/rest/v1/contract_notes?select=*`, {
      headers: { apikey: tampered },
    });
    expect(wrongKey.status).toBe(401);
    expect((await wrongKey.json()).message).toBe('Invalid API key');
    expect((await fetch(`${platform.apiUrl}/rest/v1/contract_notes`)).status).toBe(401);
  });
});

describe('storage', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

  it('uploads, serves the public URL, refuses size, type and policy violations, and removes', async () => {
    const member = client();
    await member.auth.signUp({ email: uniqueEmail(), password: 'long-enough-1' });
    const bucket = member.storage.from('contract-files');

    const uploaded = await bucket.upload('rooms/pixel.png', png, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    const duplicate = await bucket.upload('rooms/pixel.png', png, { contentType: 'image/png' });
    expect(duplicate.error).not.toBeNull();
    const upserted = await bucket.upload('rooms/pixel.png', png, { contentType: 'image/png', upsert: true });
    expect(upserted.error).toBeNull();

    const publicUrl = bucket.getPublicUrl('rooms/pixel.png').data.publicUrl;
    const download = await fetch(publicUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);

    const multipart = new FormData();
    multipart.append('', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
    expect((await bucket.upload('notes/hello.txt', multipart)).error).toBeNull();

    const listed = await bucket.list('rooms');
    expect(listed.data?.map((file) => file.name)).toEqual(['pixel.png']);

    const tooLarge = await bucket.upload('rooms/large.png', new Uint8Array(2048), { contentType: 'image/png' });
    expect(tooLarge.error).not.toBeNull();
    expect(JSON.stringify(tooLarge.error)).toMatch(/413|maximum allowed size/i);

    const wrongType = await bucket.upload('rooms/page.html', '<p>hi</p>', { contentType: 'application/pdf' });
    expect(wrongType.error).not.toBeNull();
    expect(JSON.stringify(wrongType.error)).toMatch(/415|mime type/i);

    const anonUpload = await client()
      .storage.from('contract-files')
      .upload('rooms/anon.png', png, { contentType: 'image/png' });
    expect(anonUpload.error).not.toBeNull();
    expect(await sql(`select 1 from storage.objects where name = 'rooms/anon.png'`)).toHaveLength(0);

    const removed = await bucket.remove(['rooms/pixel.png']);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect((await fetch(publicUrl)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('functions', () => {
  it('checks the JWT of a verify_jwt function and not of an open one', async () => {
    const withJwt = await client().functions.invoke('echo', { body: { hello: 'world' } });
    expect(withJwt.error).toBeNull();
    expect(withJwt.data).toMatchObject({
      method: 'POST',
      body: { hello: 'world' },
      forwardedFor: '127.0.0.1',
      hasServiceKey: true,
    });

    const headers = { apikey: platform.anonKey, Authorization: 'Bearer not-a-jwt' };
    expect((await fetch(`${platform.apiUrl}/functions/v1/echo`, { method: 'POST', headers })).status).toBe(401);
    const open = await fetch(`${platform.apiUrl}/functions/v1/open`, { method: 'POST', headers });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ open: true });
  });

  it('lets a verify_jwt = false function be called without any apikey, as hosted Supabase does', async () => {
    const open = await fetch(`${platform.apiUrl}/functions/v1/open`, { method: 'POST' });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ open: true });
    const guarded = await fetch(`${platform.apiUrl}/functions/v1/echo`, { method: 'POST' });
    expect(guarded.status).toBe(401);
    expect(await guarded.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const rest = await fetch(`${platform.apiUrl}/rest/v1/contract_notes?select=*`);
    expect(rest.status).toBe(401);
  });
});

describe('a part that dies', () => {
  it('gives a clear gateway error instead of a hang', async () => {
    platform.parts.rest.child.kill('SIGKILL');
    await platform.parts.rest.exited;
    const started = Date.now();
    const response = await fetch(`${platform.apiUrl}/rest/v1/contract_notes?select=*`, {
      headers: { apikey: platform.anonKey },
    });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('The rest service is unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops the whole platform and names the part with its last lines', async () => {
    const other = await start('stop');
    other.parts.functions.child.kill('SIGKILL');
    const report = await other.crashed;
    expect(report).toContain('functions (Deno) exited unexpectedly');
    expect(report).toContain('ready');
    const refused = await fetch(`${other.apiUrl}/rest/v1/`, { headers: { apikey: other.anonKey } }).catch(
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(Error);
  });
});
