// Bucket administration through the gateway with the real storage-js: create, update, empty and
// delete as Storage answers them, and refused for anon and signed-in users (no bucket policy
// lets them), leaving the buckets as they were.
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, newUserClient, serviceClient, sql } from '../support';

const created: string[] = [];
const unique = (label: string) => {
  const id = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  created.push(id);
  return id;
};
const png = (size = 12) =>
  new Blob([Uint8Array.from({ length: size }, (_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? 7)], {
    type: 'image/png',
  });
const bucketRow = async (id: string) =>
  (
    await sql<{ public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
      'select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    )
  )[0];

afterAll(async () => {
  await sql('delete from storage.objects where bucket_id = any($1)', [created]);
  await sql('delete from storage.buckets where id = any($1)', [created]);
});

describe('creating a bucket', () => {
  it('creates it with the limits given, sizes in bytes or with a unit', async () => {
    const id = unique('created');
    const storage = serviceClient().storage;
    const { data, error } = await storage.createBucket(id, {
      public: true,
      fileSizeLimit: '2MB',
      allowedMimeTypes: ['image/png', 'image/*'],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ name: id });
    const bucket = await storage.getBucket(id);
    expect(bucket.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 2_000_000, // Storage's units are decimal
      allowed_mime_types: ['image/png', 'image/*'],
    });
  });

  it('refuses a taken name, an invalid name and a limit above the platform’s, creating nothing', async () => {
    const id = unique('taken');
    const storage = serviceClient().storage;
    expect((await storage.createBucket(id)).error).toBeNull();

    const again = await storage.createBucket(id, { public: true });
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    expect((await bucketRow(id))?.public).toBe(false);

    const badName = await storage.createBucket('no/slashes');
    expect(badName.error).toMatchObject({ message: 'Bucket name invalid', statusCode: '400' });

    const tooLarge = unique('too-large');
    const limit = await storage.createBucket(tooLarge, { public: false, fileSizeLimit: '5GB' });
    expect(limit.error).toMatchObject({ statusCode: '413' });
    const badSize = await storage.createBucket(tooLarge, { public: false, fileSizeLimit: 'twenty' });
    expect(badSize.error?.message).toBe('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    const badType = await storage.createBucket(tooLarge, { public: false, allowedMimeTypes: ['not a type'] });
    expect(badType.error?.message).toContain('Invalid mime type');
    expect(await bucketRow(tooLarge)).toBeUndefined();
  });

  it('is refused to anon and to a signed-in user', async () => {
    const { client } = await newUserClient('bucket-maker');
    for (const storage of [anonClient().storage, client.storage]) {
      const id = unique('refused');
      const { error } = await storage.createBucket(id, { public: true });
      expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      expect(await bucketRow(id)).toBeUndefined();
    }
  });
});

describe('updating a bucket', () => {
  it('changes what is given and keeps the rest; uploads follow the new rules', async () => {
    const id = unique('updated');
    const storage = serviceClient().storage;
    await storage.createBucket(id, { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['image/png'] });

    const { data, error } = await storage.updateBucket(id, { public: true, allowedMimeTypes: ['text/plain'] });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Successfully updated' });
    expect(await bucketRow(id)).toEqual({ public: true, file_size_limit: '1024', allowed_mime_types: ['text/plain'] });

    const refused = await storage.from(id).upload('a.png', png());
    expect(refused.error).toMatchObject({ statusCode: '415' });
    const accepted = await storage.from(id).upload('a.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(accepted.error).toBeNull();
  });

  it('answers "Bucket not found" for a missing bucket and refuses an empty change', async () => {
    const storage = serviceClient().storage;
    const missing = await storage.updateBucket('no-such-bucket-here', { public: true });
    expect(missing.error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });

    const id = unique('unchanged');
    await storage.createBucket(id);
    const empty = await storage.updateBucket(id, {} as { public: boolean });
    expect(empty.error?.message).toContain('at least one of');
  });

  it('is refused to anon and to a signed-in user, changing nothing', async () => {
    const id = unique('guarded');
    await serviceClient().storage.createBucket(id);
    const { client } = await newUserClient('bucket-editor');
    for (const storage of [anonClient().storage, client.storage]) {
      const { error } = await storage.updateBucket(id, { public: true });
      expect(error).toMatchObject({ message: 'Bucket not found' });
    }
    expect((await bucketRow(id))?.public).toBe(false);
  });
});

describe('emptying and deleting a bucket', () => {
  it('refuses to delete a bucket that holds objects, empties it, then deletes it', async () => {
    const id = unique('emptied');
    const storage = serviceClient().storage;
    await storage.createBucket(id);
    await storage.from(id).upload('one.txt', new Blob(['1'], { type: 'text/plain' }));
    await storage.from(id).upload('folder/two.txt', new Blob(['2'], { type: 'text/plain' }));

    const notEmpty = await storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect(await bucketRow(id)).toBeDefined();

    const emptied = await storage.emptyBucket(id);
    expect(emptied).toMatchObject({ data: { message: 'Successfully emptied' }, error: null });
    expect(await sql('select name from storage.objects where bucket_id = $1', [id])).toEqual([]);
    expect((await storage.from(id).download('one.txt')).error).not.toBeNull();

    const deleted = await storage.deleteBucket(id);
    expect(deleted).toMatchObject({ data: { message: 'Successfully deleted' }, error: null });
    expect(await bucketRow(id)).toBeUndefined();
    expect((await storage.getBucket(id)).error).toMatchObject({ message: 'Bucket not found' });
  });

  it('lets anon and users neither empty nor delete a bucket', async () => {
    const id = unique('kept');
    const storage = serviceClient().storage;
    await storage.createBucket(id);
    await storage.from(id).upload('kept.txt', new Blob(['kept'], { type: 'text/plain' }));
    const { client } = await newUserClient('bucket-remover');
    for (const caller of [anonClient().storage, client.storage]) {
      await caller.emptyBucket(id);
      expect((await caller.deleteBucket(id)).error).not.toBeNull();
    }
    expect(await sql('select name from storage.objects where bucket_id = $1', [id])).toEqual([{ name: 'kept.txt' }]);
    expect(await bucketRow(id)).toBeDefined();
  });
});

describe('listing buckets', () => {
  it('searches, sorts and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const storage = serviceClient().storage;
    const ids = ['a', 'b', 'c'].map((letter) => unique(`listed-${tag}-${letter}`));
    for (const id of ids) await storage.createBucket(id);

    const all = await storage.listBuckets({ search: `listed-${tag}`, sortColumn: 'name', sortOrder: 'desc' });
    expect(all.data?.map((bucket) => bucket.id)).toEqual([...ids].reverse());
    const page = await storage.listBuckets({ search: `listed-${tag}`, sortColumn: 'name', limit: 1, offset: 1 });
    expect(page.data?.map((bucket) => bucket.id)).toEqual([ids[1]]);
  });
});
