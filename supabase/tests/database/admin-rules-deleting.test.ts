// delete_user: the account goes with its profile and roles but its uploads stay, refusals change
// nothing, and of two admins deleting each other at once exactly one succeeds.
// Set-up and helpers: admin-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, adminIds, anonClient, createBareUser, deleteUsers, expectError, rolesOf, sql } from '../support';
import { setUpAdminRules, admin, account } from './admin-rules-fixtures';

setUpAdminRules();

const accountExists = async (userId: string) =>
  (await sql('select 1 from auth.users where id = $1', [userId])).length === 1;

// ---------------------------------------------------------------- delete_user
describe('delete_user', () => {
  it('deletes the account itself, with its profile and roles; it can no longer sign in', async () => {
    const user = await account('delete-target', 'staff');
    expect((await admin.rpc('delete_user', { p_user_id: user.userId })).error).toBeNull();
    expect(await accountExists(user.userId)).toBe(false);
    expect(await sql('select 1 from public.profiles where user_id = $1', [user.userId])).toEqual([]);
    expect(await rolesOf(user.userId)).toEqual([]);
    const signIn = await anonClient().auth.signInWithPassword({ email: user.email, password: 'test-password-123' });
    expect(signIn.error).not.toBeNull();
  });

  it('keeps the images a deleted user uploaded', async () => {
    const userId = await createBareUser('delete-uploader', 'staff');
    const [room] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type) values ('Uploader room', $1, 'single') returning id::text`,
      [`U-${Math.random().toString(36).slice(2, 8)}`],
    );
    try {
      const [image] = await sql<{ id: string }>(
        `insert into public.room_images (room_id, image_url, uploaded_by) values ($1, 'https://img.test/u.jpg', $2) returning id::text`,
        [room.id, userId],
      );
      expect((await admin.rpc('delete_user', { p_user_id: userId })).error).toBeNull();
      expect(await sql('select uploaded_by from public.room_images where id = $1', [image.id])).toEqual([
        { uploaded_by: null },
      ]);
    } finally {
      await sql('delete from public.rooms where id = $1', [room.id]);
      await deleteUsers(userId);
    }
  });

  it('an admin may delete another admin while one remains', async () => {
    const other = await account('delete-second-admin', 'admin');
    expect((await admin.rpc('delete_user', { p_user_id: other.userId })).error).toBeNull();
    expect(await accountExists(other.userId)).toBe(false);
    expect(await adminIds()).toEqual(SEED.admins);
  });

  it.each([
    ['no user', null, 'User not found.'],
    ['an unknown user', '00000000-0000-4000-8000-0000000000ff', 'User not found.'],
    ['their own account', SEED.users.admin, 'You cannot delete your own account.'],
  ] as const)('refuses %s', async (_, userId, message) => {
    const before = await sql('select id from auth.users order by id');
    expectError(await admin.rpc('delete_user', { p_user_id: userId as string }), 'P0001', message);
    expect(await sql('select id from auth.users order by id')).toEqual(before);
  });

  it('two admins deleting each other at once: exactly one succeeds', async () => {
    const [a, b] = [await account('delete-duel-a', 'admin'), await account('delete-duel-b', 'admin')];
    const results = await Promise.all([
      a.client.rpc('delete_user', { p_user_id: b.userId }),
      b.client.rpc('delete_user', { p_user_id: a.userId }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expectError(
      results.find((r) => r.error)!,
      '42501',
      'Only administrators can delete users.',
    );
    expect([await accountExists(a.userId), await accountExists(b.userId)].sort()).toEqual([false, true]);
  });
});
