// Exactly one primary image per room: the first image becomes primary, set_primary_room_image and
// a direct update move it, it cannot be unset nor moved to another room, deleting it promotes the
// next, concurrent calls leave one, and who may call it. Set-up and helpers: admin-rules-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, anonClient, expectError, sql } from '../support';
import { setUpAdminRules, admin, staff, account } from './admin-rules-fixtures';

setUpAdminRules();

// ---------------------------------------------------------------- primary images
describe('exactly one primary image per room', () => {
  let roomId: string;
  const images = async () =>
    await sql<{ id: string; is_primary: boolean; display_order: number }>(
      'select id::text, is_primary, display_order from public.room_images where room_id = $1 order by display_order',
      [roomId],
    );
  const primaryIds = async () => (await images()).filter((i) => i.is_primary).map((i) => i.id);
  const addImage = async (display_order: number, is_primary = false) => {
    const { data, error } = await staff
      .from('room_images')
      .insert({ room_id: roomId, image_url: `https://img.test/${display_order}.jpg`, display_order, is_primary })
      .select('id')
      .single();
    expect(error).toBeNull();
    return data!.id;
  };

  beforeAll(async () => {
    [{ id: roomId }] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type) values ('Gallery room', $1, 'suite') returning id::text`,
      [`G-${Math.random().toString(36).slice(2, 8)}`],
    );
  });

  afterAll(async () => {
    await sql('delete from public.rooms where id = $1', [roomId]);
  });

  it('the first image becomes primary; a new primary clears the old one', async () => {
    const first = await addImage(1);
    expect(await primaryIds()).toEqual([first]);
    await addImage(2);
    expect(await primaryIds()).toEqual([first]);
    const third = await addImage(3, true);
    expect(await primaryIds()).toEqual([third]);
  });

  it('set_primary_room_image moves the primary in one call', async () => {
    const target = (await images()).find((i) => !i.is_primary)!.id;
    expect((await staff.rpc('set_primary_room_image', { p_image_id: target })).error).toBeNull();
    expect(await primaryIds()).toEqual([target]);
    // a direct update does the same
    const next = (await images()).find((i) => !i.is_primary)!.id;
    expect((await admin.from('room_images').update({ is_primary: true }).eq('id', next)).error).toBeNull();
    expect(await primaryIds()).toEqual([next]);
  });

  it('the primary cannot be unset directly, nor an image moved to another room', async () => {
    const before = await images();
    const [primary] = await primaryIds();
    expectError(
      await staff.from('room_images').update({ is_primary: false }).eq('id', primary),
      'P0001',
      'A room must keep one primary image: set another image as primary instead.',
    );
    expectError(
      await staff
        .from('room_images')
        .update({ room_id: SEED.room(7) })
        .eq('id', primary),
      'P0001',
      'An image cannot be moved to another room.',
    );
    expect(await images()).toEqual(before);
  });

  it('deleting the primary promotes the first remaining image', async () => {
    const [primary] = await primaryIds();
    expect((await staff.from('room_images').delete().eq('id', primary)).error).toBeNull();
    const remaining = await images();
    expect(remaining.filter((i) => i.is_primary).map((i) => i.id)).toEqual([remaining[0].id]);
  });

  it('two primaries set at once still leave exactly one', async () => {
    await addImage(10);
    await addImage(11);
    const candidates = (await images()).filter((i) => !i.is_primary).map((i) => i.id);
    const results = await Promise.all(candidates.map((id) => staff.rpc('set_primary_room_image', { p_image_id: id })));
    expect(results.map((r) => r.error)).toEqual(candidates.map(() => null));
    const primaries = await primaryIds();
    expect(primaries).toHaveLength(1);
    expect(candidates).toContain(primaries[0]);
  });

  it('set_primary_room_image refuses an unknown image, a user with no role and anon', async () => {
    const before = await images();
    expectError(
      await staff.rpc('set_primary_room_image', { p_image_id: '00000000-0000-4000-8000-0000000000ff' }),
      'P0001',
      'Image not found.',
    );
    const user = await account('gallery-nobody');
    const target = before.find((i) => !i.is_primary)!.id;
    expectError(
      await user.client.rpc('set_primary_room_image', { p_image_id: target }),
      '42501',
      'Only staff can change the primary image.',
    );
    expect((await anonClient().rpc('set_primary_room_image', { p_image_id: target })).error?.code).toBe('42501');
    expect(await images()).toEqual(before);
  });
});
