// Object operations beyond upload and download, through the gateway with the real storage-js:
// move, copy, custom metadata, byte ranges and list-v2, each as the caller, so the policies
// decide (here: every signed-in user owns the folder named after their id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUserClient, platform, serviceClient, sql, type Client } from '../support';

const bucket = `objects-${Math.random().toString(36).slice(2, 8)}`;
const otherBucket = `${bucket}-other`;
const policies = ['read own', 'insert own', 'update own', 'delete own'];
const ownFolder = `bucket_id in ('${bucket}', '${otherBucket}') and (storage.foldername(name))[1] = auth.uid()::text`;
let alice: { client: Client; userId: string };
let bob: { client: Client; userId: string };

const text = (content: string) => new Blob([content], { type: 'text/plain' });
const contentOf = async (client: Client, name: string, from = bucket) => {
  const { data, error } = await client.storage.from(from).download(name);
  return error ? null : await data.text();
};

beforeAll(async () => {
  await sql(
    `insert into storage.buckets (id, name) values ('${bucket}', '${bucket}'), ('${otherBucket}', '${otherBucket}');
     create policy "${bucket} read own" on storage.objects for select to authenticated using (${ownFolder});
     create policy "${bucket} insert own" on storage.objects for insert to authenticated with check (${ownFolder});
     create policy "${bucket} update own" on storage.objects for update to authenticated
       using (${ownFolder}) with check (${ownFolder});
     create policy "${bucket} delete own" on storage.objects for delete to authenticated using (${ownFolder});`,
  );
  alice = await newUserClient('alice');
  bob = await newUserClient('bob');
});

afterAll(async () => {
  await sql(`delete from storage.objects where bucket_id in ('${bucket}', '${otherBucket}')`);
  for (const policy of policies) await sql(`drop policy "${bucket} ${policy}" on storage.objects`);
  await sql(`delete from storage.buckets where id in ('${bucket}', '${otherBucket}')`);
});

describe('move', () => {
  it('renames within the caller’s folder and across buckets; the old name is gone', async () => {
    const storage = alice.client.storage.from(bucket);
    await storage.upload(`${alice.userId}/draft.txt`, text('moving'));

    const moved = await storage.move(`${alice.userId}/draft.txt`, `${alice.userId}/final/report.txt`);
    expect(moved).toMatchObject({ data: { message: 'Successfully moved' }, error: null });
    expect(await contentOf(alice.client, `${alice.userId}/draft.txt`)).toBeNull();
    expect(await contentOf(alice.client, `${alice.userId}/final/report.txt`)).toBe('moving');

    const across = await storage.move(`${alice.userId}/final/report.txt`, `${alice.userId}/report.txt`, {
      destinationBucket: otherBucket,
    });
    expect(across.error).toBeNull();
    expect(await contentOf(alice.client, `${alice.userId}/report.txt`, otherBucket)).toBe('moving');
  });

  it('refuses a move into another user’s folder, of another user’s object, or onto a taken name', async () => {
    const storage = alice.client.storage.from(bucket);
    await storage.upload(`${alice.userId}/mine.txt`, text('mine'));
    await storage.upload(`${alice.userId}/taken.txt`, text('taken'));

    const intoBob = await storage.move(`${alice.userId}/mine.txt`, `${bob.userId}/stolen.txt`);
    expect(intoBob.error).toMatchObject({ statusCode: '403' });
    const byBob = await bob.client.storage.from(bucket).move(`${alice.userId}/mine.txt`, `${bob.userId}/mine.txt`);
    expect(byBob.error).toMatchObject({ message: 'Object not found' });
    const onto = await storage.move(`${alice.userId}/mine.txt`, `${alice.userId}/taken.txt`);
    expect(onto.error).toMatchObject({ statusCode: '409' });

    expect(await contentOf(alice.client, `${alice.userId}/mine.txt`)).toBe('mine');
    expect(await contentOf(alice.client, `${alice.userId}/taken.txt`)).toBe('taken');
    expect(await sql('select 1 from storage.objects where name like $1', [`${bob.userId}/%`])).toEqual([]);
  });

  it('answers "Object not found" for a missing source and a clear message for a missing key', async () => {
    const storage = alice.client.storage.from(bucket);
    const missing = await storage.move(`${alice.userId}/nothing.txt`, `${alice.userId}/else.txt`);
    expect(missing.error).toMatchObject({ message: 'Object not found' });
    const noKey = await storage.move('', `${alice.userId}/else.txt`);
    expect(noKey.error?.message).toBe("body must have required property 'sourceKey'");
  });
});

describe('copy', () => {
  it('copies bytes, content type and custom metadata; the source stays', async () => {
    const storage = alice.client.storage.from(bucket);
    await storage.upload(`${alice.userId}/original.txt`, text('copy me'), { metadata: { lang: 'it' } });

    const copied = await storage.copy(`${alice.userId}/original.txt`, `${alice.userId}/copy.txt`);
    expect(copied).toEqual({ data: { path: `${bucket}/${alice.userId}/copy.txt` }, error: null });
    expect(await contentOf(alice.client, `${alice.userId}/original.txt`)).toBe('copy me');
    expect(await contentOf(alice.client, `${alice.userId}/copy.txt`)).toBe('copy me');
    const info = await storage.info(`${alice.userId}/copy.txt`);
    expect(info.data).toMatchObject({ contentType: 'text/plain', metadata: { lang: 'it' }, size: 7 });
  });

  it('refuses to copy another user’s object or into another user’s folder, and onto a taken name unless upsert', async () => {
    const storage = alice.client.storage.from(bucket);
    await storage.upload(`${alice.userId}/source.txt`, text('source'));
    await storage.upload(`${alice.userId}/existing.txt`, text('existing'));

    const intoBob = await storage.copy(`${alice.userId}/source.txt`, `${bob.userId}/gift.txt`);
    expect(intoBob.error).toMatchObject({ statusCode: '403' });
    const byBob = await bob.client.storage.from(bucket).copy(`${alice.userId}/source.txt`, `${bob.userId}/x.txt`);
    expect(byBob.error).toMatchObject({ message: 'Object not found' });
    const taken = await storage.copy(`${alice.userId}/source.txt`, `${alice.userId}/existing.txt`);
    expect(taken.error).toMatchObject({ statusCode: '409' });
    expect(await contentOf(alice.client, `${alice.userId}/existing.txt`)).toBe('existing');
    expect(await sql('select 1 from storage.objects where name like $1', [`${bob.userId}/%`])).toEqual([]);
  });
});

describe('custom metadata', () => {
  it('keeps what a multipart or a raw upload sends and shows it in info', async () => {
    const storage = alice.client.storage.from(bucket);
    const metadata = { room: 'Colosseo', floor: 2, tags: ['view'] };
    await storage.upload(`${alice.userId}/form.txt`, text('form'), { metadata });
    await storage.upload(`${alice.userId}/raw.txt`, Buffer.from('raw'), { contentType: 'text/plain', metadata });

    for (const name of ['form.txt', 'raw.txt']) {
      const { data, error } = await storage.info(`${alice.userId}/${name}`);
      expect(error).toBeNull();
      expect(data?.metadata).toEqual(metadata);
    }
  });

  it('refuses metadata that is not a JSON object, storing nothing', async () => {
    const response = await fetch(`${platform().apiUrl}/storage/v1/object/${bucket}/${alice.userId}/bad.txt`, {
      method: 'POST',
      headers: {
        apikey: platform().anonKey,
        authorization: `Bearer ${(await alice.client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'text/plain',
        'x-metadata': Buffer.from('[1, 2]').toString('base64'),
      },
      body: 'bad',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('Invalid metadata');
    expect(await sql('select 1 from storage.objects where name = $1', [`${alice.userId}/bad.txt`])).toEqual([]);
  });

  it('answers exists() true for a readable object and false otherwise', async () => {
    await alice.client.storage.from(bucket).upload(`${alice.userId}/here.txt`, text('here'));
    expect((await alice.client.storage.from(bucket).exists(`${alice.userId}/here.txt`)).data).toBe(true);
    expect((await alice.client.storage.from(bucket).exists(`${alice.userId}/gone.txt`)).data).toBe(false);
    expect((await bob.client.storage.from(bucket).exists(`${alice.userId}/here.txt`)).data).toBe(false);
  });
});

describe('byte ranges', () => {
  const content = 'abcdefghijklmnopqrstuvwxyz';
  let url = '';
  let headers: Record<string, string> = {};

  beforeAll(async () => {
    const name = `${alice.userId}/alphabet.txt`;
    await alice.client.storage.from(bucket).upload(name, text(content));
    url = `${platform().apiUrl}/storage/v1/object/authenticated/${bucket}/${name}`;
    const token = (await alice.client.auth.getSession()).data.session!.access_token;
    headers = { apikey: platform().anonKey, authorization: `Bearer ${token}` };
  });

  const get = (range?: string) => fetch(url, { headers: { ...headers, ...(range ? { range } : {}) } });

  it('serves the bytes asked for with 206 and Content-Range', async () => {
    const cases: Array<[string, string, string]> = [
      ['bytes=2-5', 'cdef', 'bytes 2-5/26'],
      ['bytes=20-', 'uvwxyz', 'bytes 20-25/26'],
      ['bytes=-3', 'xyz', 'bytes 23-25/26'],
      ['bytes=24-100', 'yz', 'bytes 24-25/26'],
    ];
    for (const [range, body, contentRange] of cases) {
      const response = await get(range);
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(contentRange);
      expect(response.headers.get('content-length'), range).toBe(String(body.length));
      expect(await response.text(), range).toBe(body);
    }
  });

  it('answers 416 past the end and the whole file without or with an unusable range', async () => {
    const past = await get('bytes=26-30');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */26');
    for (const range of [undefined, 'bytes=5-2', 'items=1-2', 'bytes=1-2,4-5']) {
      const response = await get(range);
      expect(response.status, range).toBe(200);
      expect(await response.text(), range).toBe(content);
    }
  });
});

describe('list-v2', () => {
  let prefix = '';
  const names = ['a.txt', 'b.txt', 'docs/one.txt', 'docs/two.txt', 'pics/x/deep.txt', 'z.txt'];

  beforeAll(async () => {
    prefix = `${alice.userId}/list/`;
    for (const name of names) await alice.client.storage.from(bucket).upload(`${prefix}${name}`, text(name));
    await bob.client.storage.from(bucket).upload(`${bob.userId}/list/bob.txt`, text('bob'));
  });

  it('folds deeper names into folders with with_delimiter, full names without', async () => {
    const storage = alice.client.storage.from(bucket);
    const folded = await storage.listV2({ prefix, with_delimiter: true });
    expect(folded.error).toBeNull();
    expect(folded.data?.folders.map((folder) => folder.name)).toEqual([`${prefix}docs/`, `${prefix}pics/`]);
    expect(folded.data?.objects.map((object) => object.name)).toEqual(
      ['a.txt', 'b.txt', 'z.txt'].map((n) => prefix + n),
    );
    expect(folded.data?.folders[0]).toEqual({ key: 'docs', name: `${prefix}docs/` });
    expect(folded.data?.objects[0]).toMatchObject({ key: 'a.txt', metadata: { mimetype: 'text/plain' } });
    expect(folded.data?.hasNext).toBe(false);

    const flat = await storage.listV2({ prefix });
    expect(flat.data?.objects.map((object) => object.name)).toEqual(names.map((n) => prefix + n));
  });

  it('pages with a cursor through every entry once, in order, by name or by creation time', async () => {
    const storage = alice.client.storage.from(bucket);
    for (const sortBy of [undefined, { column: 'created_at' as const, order: 'desc' as const }]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const { data, error } = await storage.listV2({ prefix, limit: 2, cursor, sortBy });
        expect(error).toBeNull();
        seen.push(...data!.objects.map((object) => object.name));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
      } while (cursor);
      const expected = names.map((n) => prefix + n);
      expect(seen).toEqual(sortBy ? [...expected].reverse() : expected);
    }
  });

  it('lists only what the caller may read, and refuses a forged cursor', async () => {
    const everything = await alice.client.storage.from(bucket).listV2({ prefix: '' });
    expect(everything.data?.objects.every((object) => object.name.startsWith(alice.userId))).toBe(true);
    const asAnon = await anonClient().storage.from(bucket).listV2({ prefix: '' });
    expect(asAnon.data?.objects).toEqual([]);
    const asService = await serviceClient()
      .storage.from(bucket)
      .listV2({ prefix: `${bob.userId}/` });
    expect(asService.data?.objects.map((object) => object.name)).toEqual([`${bob.userId}/list/bob.txt`]);

    const forged = await alice.client.storage.from(bucket).listV2({ prefix, cursor: 'not-a-cursor' });
    expect(forged.error).toMatchObject({ statusCode: '400' });
  });
});
