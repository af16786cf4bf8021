// Signed URLs through the gateway with the real storage-js: issued only for what the caller may
// read (or write), usable by anyone holding them without an apikey, bound to one object and one
// purpose, and refused once expired or altered.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUserClient, platform, sql, type Client } from '../support';

const bucket = `signed-${Math.random().toString(36).slice(2, 8)}`;
const policies = ['read own', 'insert own', 'update own'];
const ownFolder = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text`;
let alice: { client: Client; userId: string };
let bob: { client: Client; userId: string };

const text = (content: string) => new Blob([content], { type: 'text/plain' });
const storageUrl = (path: string) => `${platform().apiUrl}/storage/v1${path}`;
const tokenFor = (claims: Record<string, unknown>, expiresAt: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(platform().jwtSecret));

beforeAll(async () => {
  await sql(
    `insert into storage.buckets (id, name) values ('${bucket}', '${bucket}');
     create policy "${bucket} read own" on storage.objects for select to authenticated using (${ownFolder});
     create policy "${bucket} insert own" on storage.objects for insert to authenticated with check (${ownFolder});
     create policy "${bucket} update own" on storage.objects for update to authenticated
       using (${ownFolder}) with check (${ownFolder});`,
  );
  alice = await newUserClient('signer');
  bob = await newUserClient('other');
});

afterAll(async () => {
  await sql(`delete from storage.objects where bucket_id = '${bucket}'`);
  for (const policy of policies) await sql(`drop policy "${bucket} ${policy}" on storage.objects`);
  await sql(`delete from storage.buckets where id = '${bucket}'`);
});

describe('signed download URLs', () => {
  it('serve the object to anyone holding the URL, without an apikey, until they expire', async () => {
    const name = `${alice.userId}/invoice.txt`;
    await alice.client.storage.from(bucket).upload(name, text('invoice 42'));

    const { data, error } = await alice.client.storage.from(bucket).createSignedUrl(name, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(`/storage/v1/object/sign/${bucket}/${alice.userId}/invoice.txt\\?token=`),
    );
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('invoice 42');

    const download = await alice.client.storage.from(bucket).createSignedUrl(name, 60, { download: 'copy.txt' });
    const attachment = await fetch(download.data!.signedUrl);
    expect(attachment.headers.get('content-disposition')).toContain('filename=copy.txt');

    const ranged = await fetch(data!.signedUrl, { headers: { range: 'bytes=0-6' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('invoice');
  });

  it('refuse an expired, altered or other-object token and a missing one', async () => {
    const name = `${alice.userId}/secret.txt`;
    await alice.client.storage.from(bucket).upload(name, text('secret'));
    const now = Math.floor(Date.now() / 1000);
    const expired = await tokenFor({ url: `${bucket}/${name}`, scope: 'download' }, now - 10);
    const otherObject = await tokenFor({ url: `${bucket}/${alice.userId}/else.txt`, scope: 'download' }, now + 60);
    const uploadToken = await tokenFor({ url: `${bucket}/${name}`, scope: 'upload', upsert: true }, now + 60);
    const { data } = await alice.client.storage.from(bucket).createSignedUrl(name, 60);
    // The same claims under another signature: its first character changed.
    const altered = data!.signedUrl.replace(
      /(token=[^.]+\.[^.]+\.)(.)/,
      (_, head: string, first: string) => head + (first === 'A' ? 'B' : 'A'),
    );

    const cases: Array<[string, string]> = [
      [storageUrl(`/object/sign/${bucket}/${name}?token=${expired}`), 'jwt expired'],
      [storageUrl(`/object/sign/${bucket}/${name}?token=${otherObject}`), 'Invalid signature'],
      [storageUrl(`/object/sign/${bucket}/${name}?token=${uploadToken}`), 'Token is not scoped for download'],
      [altered, 'invalid signature'],
      [storageUrl(`/object/sign/${bucket}/${name}`), "querystring must have required property 'token'"],
    ];
    for (const [url, message] of cases) {
      const response = await fetch(url);
      expect(response.status, message).toBe(400);
      expect((await response.json()).message, message).toBe(message);
    }
  });

  it('are issued only for objects the caller may read', async () => {
    const name = `${alice.userId}/private.txt`;
    await alice.client.storage.from(bucket).upload(name, text('private'));
    for (const client of [bob.client, anonClient()]) {
      const { data, error } = await client.storage.from(bucket).createSignedUrl(name, 60);
      expect(data).toBeNull();
      expect(error).toMatchObject({ message: 'Object not found' });
    }
    const refused = await alice.client.storage.from(bucket).createSignedUrl(name, 0);
    expect(refused.error?.message).toContain('expiresIn');
  });

  it('come in batches, with an error for each path the caller cannot read', async () => {
    const mine = [`${alice.userId}/b1.txt`, `${alice.userId}/b2.txt`];
    for (const name of mine) await alice.client.storage.from(bucket).upload(name, text(name));
    await bob.client.storage.from(bucket).upload(`${bob.userId}/b3.txt`, text('bob'));

    const paths = [...mine, `${bob.userId}/b3.txt`, `${alice.userId}/missing.txt`];
    const { data, error } = await alice.client.storage.from(bucket).createSignedUrls(paths, 60);
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.path, entry.error])).toEqual([
      [mine[0], null],
      [mine[1], null],
      [`${bob.userId}/b3.txt`, 'Either the object does not exist or you do not have access to it'],
      [`${alice.userId}/missing.txt`, 'Either the object does not exist or you do not have access to it'],
    ]);
    expect(await (await fetch(data![1]!.signedUrl!)).text()).toBe(mine[1]);
  });
});

describe('signed upload URLs', () => {
  it('let anyone holding one upload that one object, owned by whoever asked for the URL', async () => {
    const name = `${alice.userId}/from-guest.txt`;
    const { data, error } = await alice.client.storage.from(bucket).createSignedUploadUrl(name);
    expect(error).toBeNull();

    // A guest with no session and no apikey, as a plain fetch from another device would be.
    const response = await fetch(storageUrl(`/object/upload/sign/${bucket}/${name}?token=${data!.token}`), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'hello from a guest',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Key: `${bucket}/${name}` });
    const [row] = await sql('select owner::text from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      name,
    ]);
    expect(row).toEqual({ owner: alice.userId });
    expect(await (await alice.client.storage.from(bucket).download(name)).data?.text()).toBe('hello from a guest');

    const again = await anonClient().storage.from(bucket).uploadToSignedUrl(name, data!.token, text('again'));
    expect(again.error).toMatchObject({ statusCode: '409' });
  });

  it('replace an existing object only when issued with upsert', async () => {
    const name = `${alice.userId}/replaced.txt`;
    await alice.client.storage.from(bucket).upload(name, text('first'));
    const refused = await alice.client.storage.from(bucket).createSignedUploadUrl(name);
    expect(refused.error).toMatchObject({ statusCode: '409' });

    const { data } = await alice.client.storage.from(bucket).createSignedUploadUrl(name, { upsert: true });
    const replaced = await anonClient().storage.from(bucket).uploadToSignedUrl(name, data!.token, text('second'));
    expect(replaced.error).toBeNull();
    expect(await (await alice.client.storage.from(bucket).download(name)).data?.text()).toBe('second');
  });

  it('are not issued for a place the caller may not write, and a token works for its object only', async () => {
    const intoBob = await alice.client.storage.from(bucket).createSignedUploadUrl(`${bob.userId}/planted.txt`);
    expect(intoBob.error).toMatchObject({ statusCode: '403' });
    const asAnon = await anonClient().storage.from(bucket).createSignedUploadUrl(`${alice.userId}/anon.txt`);
    expect(asAnon.error).toMatchObject({ statusCode: '403' });

    const { data } = await alice.client.storage.from(bucket).createSignedUploadUrl(`${alice.userId}/only-this.txt`);
    const elsewhere = await anonClient()
      .storage.from(bucket)
      .uploadToSignedUrl(`${alice.userId}/other.txt`, data!.token, text('elsewhere'));
    expect(elsewhere.error).toMatchObject({ message: 'Invalid signature' });
    const asDownload = await fetch(
      storageUrl(`/object/sign/${bucket}/${alice.userId}/only-this.txt?token=${data!.token}`),
    );
    expect((await asDownload.json()).message).toBe('Token is not scoped for download');

    const stored = await sql('select name from storage.objects where bucket_id = $1 and name in ($2, $3, $4)', [
      bucket,
      `${bob.userId}/planted.txt`,
      `${alice.userId}/anon.txt`,
      `${alice.userId}/other.txt`,
    ]);
    expect(stored).toEqual([]);
  });
});
