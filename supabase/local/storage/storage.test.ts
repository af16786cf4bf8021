// Unit tests of the storage service on its own HTTP server (no gateway), against the test
// platform's database, with the real supabase-js client. The test bucket and its policies are
// created here and removed afterwards.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAuthService } from '../auth';
import { createStorageService } from '.';

const platform = inject('platform');
const bucket = `unit-${Math.random().toString(36).slice(2, 8)}`;
const pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
let dataDir = '';
let url = '';
let server: http.Server;
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: class {} as never },
};
const anon = () => createClient(url, platform.anonKey, clientOptions);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `size` bytes (at least 8) that start like a PNG file. */
const pngBytes = (size = 12) => Uint8Array.from({ length: size }, (_, i) => PNG_SIGNATURE[i] ?? 7);
const png = (size = 12) => new Blob([pngBytes(size)], { type: 'image/png' });

async function signedUp() {
  const client = anon();
  const { data, error } = await client.auth.signUp({
    email: `storage-unit-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'secret123',
  });
  if (error) throw error;
  return { client, userId: data.user!.id, token: data.session!.access_token };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'storage-unit-'));
  const auth = createAuthService({ pool, jwtSecret: platform.jwtSecret, siteUrl: 'http://localhost:5173' });
  const storage = createStorageService({ pool, jwtSecret: platform.jwtSecret, dataDir, publicUrl: 'http://unused' });
  server = http.createServer((req, res) => {
    const target = req.url?.startsWith('/auth/v1') ? auth : storage;
    req.url = (req.url ?? '/').replace(/^\/(auth|storage)\/v1/, '');
    void target.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await pool.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ('${bucket}', '${bucket}', true, 1024, '{image/*}');
     create policy "${bucket} read" on storage.objects for select using (bucket_id = '${bucket}');
     create policy "${bucket} insert own folder" on storage.objects for insert to authenticated
       with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
     create policy "${bucket} delete own" on storage.objects for delete to authenticated
       using (bucket_id = '${bucket}' and owner = auth.uid());`,
  );
});

afterAll(async () => {
  server.close();
  await pool.query(
    `delete from storage.objects where bucket_id = '${bucket}';
     drop policy "${bucket} read" on storage.objects;
     drop policy "${bucket} insert own folder" on storage.objects;
     drop policy "${bucket} delete own" on storage.objects;
     delete from storage.buckets where id = '${bucket}';`,
  );
  await pool.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('storage service', () => {
  it('uploads multipart and raw bodies as the caller, with owner and metadata', async () => {
    const { client, userId } = await signedUp();
    const multipart = await client.storage.from(bucket).upload(`${userId}/a.png`, png());
    expect(multipart.error).toBeNull();
    expect(multipart.data).toMatchObject({ fullPath: `${bucket}/${userId}/a.png`, id: expect.any(String) });
    const raw = await client.storage
      .from(bucket)
      .upload(`${userId}/raw b.png`, pngBytes(11), { contentType: 'image/png', cacheControl: '60' });
    expect(raw.error).toBeNull();
    const [row] = (
      await pool.query(`select owner, owner_id, metadata from storage.objects where bucket_id = $1 and name = $2`, [
        bucket,
        `${userId}/raw b.png`,
      ])
    ).rows;
    expect(row).toMatchObject({
      owner: userId,
      owner_id: userId,
      metadata: { mimetype: 'image/png', size: 11, cacheControl: 'max-age=60', httpStatusCode: 200 },
    });

    const duplicate = await client.storage.from(bucket).upload(`${userId}/a.png`, png());
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(
      (await client.storage.from(bucket).upload(`${userId}/a.png`, png(4), { upsert: true })).error,
    ).not.toBeNull(); // no update policy
  });

  it('serves public objects without auth, with their content type', async () => {
    const { client, userId } = await signedUp();
    await client.storage.from(bucket).upload(`${userId}/p.png`, png(13));
    const res = await fetch(client.storage.from(bucket).getPublicUrl(`${userId}/p.png`).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await res.arrayBuffer()).byteLength).toBe(13);
    const missing = await fetch(`${url}/storage/v1/object/public/${bucket}/${userId}/none.png`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    const downloaded = await client.storage.from(bucket).download(`${userId}/p.png`);
    expect(downloaded.data?.size).toBe(13);
  });

  it('enforces the bucket size and MIME limits and the insert policy', async () => {
    const { client, userId } = await signedUp();
    const big = await client.storage.from(bucket).upload(`${userId}/big.png`, png(2048));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const text = await client.storage.from(bucket).upload(`${userId}/t.txt`, new Blob(['hi'], { type: 'text/plain' }));
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    const foreign = await client.storage.from(bucket).upload(`someone-else/a.png`, png());
    expect(foreign.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const anonymous = await anon().storage.from(bucket).upload(`${userId}/anon.png`, png());
    expect(anonymous.error).toMatchObject({ statusCode: '403' });
    const files = await readdir(path.join(dataDir, bucket, userId)).catch(() => []);
    expect(files.filter((f) => f.includes('big') || f.includes('anon') || f.includes('.tmp'))).toEqual([]);
  });

  it('lists folders and files under a prefix and removes only what the policy allows', async () => {
    const { client, userId } = await signedUp();
    await client.storage.from(bucket).upload(`${userId}/x.png`, png());
    await client.storage.from(bucket).upload(`${userId}/sub/y.png`, png());
    const listed = await client.storage.from(bucket).list(userId);
    expect(listed.data?.map((o) => [o.name, o.id === null])).toEqual([
      ['sub', true],
      ['x.png', false],
    ]);
    expect(
      (
        await anon()
          .storage.from(bucket)
          .remove([`${userId}/x.png`])
      ).data,
    ).toEqual([]);
    const removed = await client.storage.from(bucket).remove([`${userId}/x.png`, `${userId}/sub/y.png`]);
    expect(removed.data?.map((o) => o.name).sort()).toEqual([`${userId}/sub/y.png`, `${userId}/x.png`]);
    expect(await readdir(path.join(dataDir, bucket, userId)).catch(() => [])).not.toContain('x.png');
  });

  it('refuses invalid and expired JWTs the way Storage does', async () => {
    const { userId } = await signedUp();
    const sign = (secret: string, exp: number) =>
      new SignJWT({ sub: userId, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    for (const [token, message] of [
      [await sign('another-secret-another-secret-another-secret', now + 60), 'invalid signature'],
      [await sign(platform.jwtSecret, now - 10), 'jwt expired'],
    ]) {
      const res = await fetch(`${url}/storage/v1/object/list/${bucket}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', message });
    }
  });

  it('refuses malformed content types and image bytes that are not what they claim', async () => {
    const { client, userId } = await signedUp();
    for (const contentType of ['image/../../text/html', 'image/png/x', 'image']) {
      const res = await client.storage.from(bucket).upload(`${userId}/m.png`, pngBytes(), { contentType });
      expect(res.error, contentType).toMatchObject({ statusCode: '415' });
    }
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const disguised = await client.storage.from(bucket).upload(`${userId}/h.png`, html, { contentType: 'image/png' });
    expect(disguised.error).toMatchObject({ statusCode: '415', message: "The file's content is not image/png" });
    const jpeg = await client.storage.from(bucket).upload(`${userId}/j.jpg`, pngBytes(), { contentType: 'image/jpeg' });
    expect(jpeg.error).toMatchObject({ statusCode: '415' });
    const stored = await pool.query('select name from storage.objects where bucket_id = $1 and name like $2', [
      bucket,
      `${userId}/%`,
    ]);
    expect(stored.rows).toEqual([]);
  });

  it('serves a scriptable file (SVG with a script) as a sandboxed attachment', async () => {
    const { client, userId } = await signedUp();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
    const uploaded = await client.storage
      .from(bucket)
      .upload(`${userId}/s.svg`, new Blob([svg], { type: 'image/svg+xml' }));
    expect(uploaded.error).toBeNull();
    const res = await fetch(client.storage.from(bucket).getPublicUrl(`${userId}/s.svg`).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a 4xx, not a 500, for a path segment too long for the disk and a token with an unknown role', async () => {
    const { client, userId } = await signedUp();
    const long = await client.storage.from(bucket).upload(`${userId}/${'a'.repeat(300)}.png`, png());
    expect(long.error).toMatchObject({
      status: 400,
      statusCode: '400',
      message: expect.stringMatching(/^Invalid key/),
    });
    const token = await new SignJWT({ sub: userId, role: 'no_such_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(platform.jwtSecret));
    const res = await fetch(`${url}/storage/v1/object/list/${bucket}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '403',
      message: 'The role "no_such_role" is not an API role',
    });
  });
});
