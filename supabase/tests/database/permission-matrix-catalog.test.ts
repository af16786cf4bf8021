// The permission matrix of ARCHITECTURE.md section 5 for the catalogue the website shows (rooms and their
// images, table and bucket; promo codes, seasons, amenities, services, reviews, site content), run through
// supabase-js against the local platform as anon, a signed-in user with no role, staff and admin,
// trying select, insert, update and delete. Each attempt works on rows of its own (created and
// removed by the superuser); refused writes are checked to have changed nothing. The shared
// actors, fixtures and checks: permission-matrix-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { dbDate, serviceClient, sql, type Client } from '../support';
import {
  FULL,
  READ_ALL,
  catalogue,
  describeMatrix,
  fixtureRoom,
  ownedRow,
  tableCheck,
  tag,
  matrixActors,
  withFixtures,
  type Actor,
  type Fixture,
  type Op,
  type Perms,
  type Read,
  type Role,
  type TableSpec,
} from './permission-matrix-fixtures';

type Resource =
  | 'rooms'
  | 'room_images'
  | 'room_promo_codes'
  | 'room_rate_seasons'
  | 'amenities'
  | 'services'
  | 'reviews'
  | 'site_content'
  | 'storage:room-images';

/** ARCHITECTURE.md section 5 as the migrations implement it ("staff" includes admin). */
const MATRIX: Record<Resource, Record<Role, Perms>> = {
  rooms: catalogue('all'),
  room_images: catalogue('all'),
  room_promo_codes: catalogue('public'), // active codes only
  room_rate_seasons: catalogue('all'), // the city tax row: room-rates-seasons.test.ts
  amenities: catalogue('public'), // active only
  services: catalogue('public'), // available only
  // approved only for the public; staff enter reviews by hand and moderate, only admins delete.
  // Guests write theirs only through submit_review() and a stay's link (reviews-refusals.test.ts).
  reviews: { ...catalogue('public'), staff: { ...FULL, delete: false } },
  site_content: catalogue('all'),
  'storage:room-images': {
    anon: READ_ALL,
    user: READ_ALL,
    staff: FULL,
    admin: FULL,
  },
};

let nextSeasonDay = 1000;
/** A season of its own (seasons of one room may not overlap). */
async function seasonDates() {
  const start = nextSeasonDay;
  nextSeasonDay += 10;
  return { starts_on: await dbDate(start), ends_on: await dbDate(start + 5) };
}

const TABLES: Record<Exclude<Resource, 'storage:room-images'>, TableSpec> = {
  rooms: {
    key: 'id',
    create: () => ownedRow('rooms', { name: 'Matrix room', room_number: `M-${tag()}`, room_type: 'single' }),
    newRow: async () => ({
      row: { id: randomUUID(), name: 'Inserted room', room_number: `I-${tag()}`, room_type: 'twin' },
    }),
    patch: { name: 'Renamed room' },
  },
  room_images: {
    key: 'id',
    create: () =>
      ownedRow('room_images', { room_id: fixtureRoom(), image_url: 'https://img.test/matrix.jpg', display_order: 5 }),
    newRow: async () => ({
      row: { id: randomUUID(), room_id: fixtureRoom(), image_url: 'https://img.test/new.jpg', display_order: 6 },
    }),
    patch: { alt_text: 'Changed alt text' },
  },
  room_promo_codes: {
    key: 'id',
    create: () =>
      ownedRow('room_promo_codes', { room_id: fixtureRoom(), promo_code: `MX${tag()}`, discount_percentage: 10 }),
    createHidden: () =>
      ownedRow('room_promo_codes', { room_id: fixtureRoom(), promo_code: `MXOFF${tag()}`, is_active: false }),
    publicFilter: 'is_active',
    newRow: async () => ({
      row: { id: randomUUID(), room_id: fixtureRoom(), promo_code: `NEW${tag()}`, discount_percentage: 5 },
    }),
    patch: { discount_percentage: 99 },
  },
  room_rate_seasons: {
    key: 'id',
    create: async () =>
      ownedRow('room_rate_seasons', {
        room_id: fixtureRoom(),
        name: 'Matrix season',
        price_per_night: 100,
        ...(await seasonDates()),
      }),
    newRow: async () => ({
      row: {
        id: randomUUID(),
        room_id: fixtureRoom(),
        name: 'Inserted season',
        price_per_night: 90,
        ...(await seasonDates()),
      },
    }),
    patch: { price_per_night: 1 },
  },
  amenities: {
    key: 'id',
    create: () => ownedRow('amenities', { name: 'Matrix amenity' }),
    createHidden: () => ownedRow('amenities', { name: 'Hidden amenity', is_active: false }),
    publicFilter: 'is_active',
    newRow: async () => ({ row: { id: randomUUID(), name: 'Inserted amenity' } }),
    patch: { name: 'Renamed amenity' },
  },
  services: {
    key: 'id',
    create: () => ownedRow('services', { name: 'Matrix service' }),
    createHidden: () => ownedRow('services', { name: 'Hidden service', available: false }),
    publicFilter: 'available',
    newRow: async () => ({ row: { id: randomUUID(), name: 'Inserted service', price: 1 } }),
    patch: { price: 999 },
  },
  reviews: {
    key: 'id',
    create: () => ownedRow('reviews', { guest_name: 'Matrix', rating: 5, comment: 'Approved', approved: true }),
    createHidden: () =>
      ownedRow('reviews', { guest_name: 'Matrix', rating: 1, comment: 'Unapproved', approved: false }),
    publicFilter: 'approved',
    newRow: async () => ({
      row: { id: randomUUID(), guest_name: 'Forged', rating: 5, comment: 'Self-approved', approved: true },
    }),
    patch: { approved: false, comment: 'Edited' },
  },
  site_content: {
    key: 'key',
    create: () => ownedRow('site_content', { key: `matrix_${tag().toLowerCase()}`, value: 'original' }, 'key'),
    newRow: async () => ({ row: { key: `matrix_new_${tag().toLowerCase()}`, value: 'inserted' } }),
    patch: { value: 'changed' },
  },
};

// ---------------------------------------------------------------- storage bucket room-images
const BUCKET = 'room-images';
const png = (byte: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, byte, byte, byte]);

async function storedObject(name: string) {
  const [row] = await sql<{ id: string; updated_at: string; metadata: unknown }>(
    'select id::text, updated_at::text, metadata from storage.objects where bucket_id = $1 and name = $2',
    [BUCKET, name],
  );
  return row ?? null;
}

async function objectFixture(): Promise<Fixture> {
  const name = `matrix/${tag().toLowerCase()}.png`;
  const { error } = await serviceClient().storage.from(BUCKET).upload(name, png(1), { contentType: 'image/png' });
  if (error) throw error;
  return { id: name, cleanup: async () => void (await serviceClient().storage.from(BUCKET).remove([name])) };
}

async function downloadBytes(client: Client, name: string) {
  const { data, error } = await client.storage.from(BUCKET).download(name);
  return error ? null : new Uint8Array(await data.arrayBuffer());
}

const STORAGE: Record<Op, (actor: Actor, expected: Read | boolean) => Promise<void>> = {
  async select(actor, expected) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const listed = await actor.client.storage.from(BUCKET).list('matrix', { search: object.id.split('/')[1] });
      const bytes = await downloadBytes(actor.client, object.id);
      if (expected === 'all') {
        expect(listed.data?.map((file) => `matrix/${file.name}`)).toEqual([object.id]);
        expect(bytes).toEqual(png(1));
      } else {
        expect(listed.data ?? []).toEqual([]);
        expect(bytes).toBeNull();
      }
    });
  },
  async insert(actor, allowed) {
    const name = `matrix/new-${tag().toLowerCase()}.png`;
    await withFixtures(
      [{ id: name, cleanup: async () => void (await serviceClient().storage.from(BUCKET).remove([name])) }],
      async () => {
        const result = await actor.client.storage.from(BUCKET).upload(name, png(2), { contentType: 'image/png' });
        if (allowed) {
          expect(result.error).toBeNull();
          expect(await storedObject(name)).not.toBeNull();
          expect(await downloadBytes(serviceClient(), name)).toEqual(png(2));
        } else {
          expect(result.error).not.toBeNull();
          expect(await storedObject(name)).toBeNull();
        }
      },
    );
  },
  async update(actor, allowed) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const before = await storedObject(object.id);
      const result = await actor.client.storage.from(BUCKET).update(object.id, png(3), { contentType: 'image/png' });
      const bytes = await downloadBytes(serviceClient(), object.id);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(bytes).toEqual(png(3));
      } else {
        expect(result.error).not.toBeNull();
        expect(bytes).toEqual(png(1));
        expect(await storedObject(object.id)).toEqual(before);
      }
    });
  },
  async delete(actor, allowed) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const before = await storedObject(object.id);
      const result = await actor.client.storage.from(BUCKET).remove([object.id]);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(1);
        expect(await storedObject(object.id)).toBeNull();
        expect(await downloadBytes(serviceClient(), object.id)).toBeNull();
      } else {
        // Storage answers a refused removal with an empty list (RLS hides the row) or an error
        expect(result.data ?? []).toEqual([]);
        expect(await storedObject(object.id)).toEqual(before);
        expect(await downloadBytes(serviceClient(), object.id)).toEqual(png(1));
      }
    });
  },
};

// ---------------------------------------------------------------- run
const tables = tableCheck(TABLES);
describeMatrix(MATRIX, matrixActors(), (resource, op, actor, expected) =>
  resource === 'storage:room-images' ? STORAGE[op](actor, expected) : tables(resource, op, actor, expected),
);
