// Rules around accounts and the admin portal, through supabase-js: set_user_role, delete_user,
// the profile a new account gets, the audit trail, and the one-primary-image rule with
// set_primary_room_image. Every test works on accounts and rows of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  adminIds,
  anonClient,
  createBareUser,
  deleteUsers,
  expectError,
  newUserClient,
  serviceClient,
  signedInClient,
  rolesOf,
  sql,
  type Client,
} from '../support';

const accountExists = async (userId: string) =>
  (await sql('select 1 from auth.users where id = $1', [userId])).length === 1;

let admin: Client;
let staff: Client;
const users: string[] = [];

/** A signed-in account of this file, optionally given a role by the superuser. */
async function account(prefix: string, role?: 'guest' | 'staff' | 'admin') {
  const user = await newUserClient(prefix);
  users.push(user.userId);
  if (role) await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [user.userId, role]);
  return user;
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([
    signedInClient(DEMO.admin.email, DEMO.admin.password),
    signedInClient(DEMO.staff.email, DEMO.staff.password),
  ]);
});

afterAll(async () => {
  await deleteUsers(...users);
  expect(await adminIds()).toEqual([SEED.users.admin]);
});

// ---------------------------------------------------------------- set_user_role
describe('set_user_role', () => {
  it('replaces the roles of a user with the chosen one, and the new role takes effect at once', async () => {
    const user = await account('role-target');
    const canReadBookings = async () =>
      ((await user.client.from('bookings').select('id').limit(1)).data ?? []).length > 0;
    expect(await canReadBookings()).toBe(false);

    for (const role of ['staff', 'admin', 'guest', 'guest'] as const) {
      expect((await admin.rpc('set_user_role', { p_user_id: user.userId, p_role: role })).error).toBeNull();
      expect(await rolesOf(user.userId)).toEqual([role]);
      expect((await user.client.rpc('is_staff')).data).toBe(role !== 'guest');
      expect((await user.client.rpc('is_admin')).data).toBe(role === 'admin');
      expect(await canReadBookings()).toBe(role !== 'guest');
    }
  });

  it('removes every other role a user had', async () => {
    const userId = await createBareUser('role-many');
    users.push(userId);
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'guest'), ($1, 'staff')`, [userId]);
    expect((await admin.rpc('set_user_role', { p_user_id: userId, p_role: 'admin' })).error).toBeNull();
    expect(await rolesOf(userId)).toEqual(['admin']);
    expect((await admin.rpc('set_user_role', { p_user_id: userId, p_role: 'guest' })).error).toBeNull();
    expect(await rolesOf(userId)).toEqual(['guest']);
  });

  it.each([
    ['no user', () => ({ p_user_id: null, p_role: 'staff' }), 'Please choose a user and a role.'],
    ['no role', () => ({ p_user_id: SEED.users.guest, p_role: null }), 'Please choose a user and a role.'],
    [
      'an unknown user',
      () => ({ p_user_id: '00000000-0000-4000-8000-0000000000ff', p_role: 'staff' }),
      'User not found.',
    ],
    ['their own role', () => ({ p_user_id: SEED.users.admin, p_role: 'guest' }), 'You cannot change your own role.'],
  ] as const)('refuses %s', async (_, args, message) => {
    const before = await sql('select * from public.user_roles order by id');
    expectError(await admin.rpc('set_user_role', args() as never), 'P0001', message);
    expect(await sql('select * from public.user_roles order by id')).toEqual(before);
  });

  it('an admin may demote another admin while one remains', async () => {
    const other = await account('role-second-admin', 'admin');
    expect((await admin.rpc('set_user_role', { p_user_id: other.userId, p_role: 'staff' })).error).toBeNull();
    expect(await rolesOf(other.userId)).toEqual(['staff']);
    expect(await adminIds()).toEqual([SEED.users.admin]);
  });

  it('two admins demoting each other at once: exactly one succeeds', async () => {
    const [a, b] = [await account('role-duel-a', 'admin'), await account('role-duel-b', 'admin')];
    const results = await Promise.all([
      a.client.rpc('set_user_role', { p_user_id: b.userId, p_role: 'guest' }),
      b.client.rpc('set_user_role', { p_user_id: a.userId, p_role: 'guest' }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expectError(
      results.find((r) => r.error)!,
      '42501',
      'Only administrators can change user roles.',
    );
    const winner = results[0].error === null ? a : b;
    const loser = winner === a ? b : a;
    expect(await rolesOf(winner.userId)).toEqual(['admin']);
    expect(await rolesOf(loser.userId)).toEqual(['guest']);
    await sql('delete from public.user_roles where user_id = $1', [winner.userId]);
  });

  it('writes the change to the audit trail under the admin', async () => {
    const userId = await createBareUser('role-audit');
    users.push(userId);
    expect((await admin.rpc('set_user_role', { p_user_id: userId, p_role: 'staff' })).error).toBeNull();
    const trail = await sql(
      `select action, user_id::text, new_values ->> 'role' as role from public.audit_logs
       where table_name = 'user_roles' and new_values ->> 'user_id' = $1`,
      [userId],
    );
    expect(trail).toEqual([{ action: 'INSERT', user_id: SEED.users.admin, role: 'staff' }]);
  });
});

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
    expect(await adminIds()).toEqual([SEED.users.admin]);
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

// ---------------------------------------------------------------- profiles for new accounts
describe('a new account gets a profile and no role', () => {
  const signUp = async (email: string, data?: Record<string, string>) => {
    const result = await anonClient().auth.signUp({ email, password: 'long-enough-1', options: { data } });
    expect(result.error).toBeNull();
    users.push(result.data.user!.id);
    return result.data.user!.id;
  };
  const profileOf = async (userId: string) =>
    await sql('select email, name from public.profiles where user_id = $1', [userId]);
  const unique = () => Math.random().toString(36).slice(2, 8);

  it.each([
    ['no name: the part of the e-mail before the @', undefined, (local: string) => local],
    ['a name in the metadata', { name: '  Marta Rossi ' }, () => 'Marta Rossi'],
    ['a blank name: the e-mail again', { name: '   ' }, (local: string) => local],
  ] as const)('%s', async (_, data, expectedName) => {
    const local = `new.guest-${unique()}`;
    const email = `${local}@test.example.com`;
    const userId = await signUp(email, data as Record<string, string> | undefined);
    expect(await profileOf(userId)).toEqual([{ email, name: expectedName(local) }]);
    expect(await rolesOf(userId)).toEqual([]);
  });

  it('the profile follows a change of e-mail', async () => {
    const userId = await signUp(`before-${unique()}@test.example.com`);
    const email = `after-${unique()}@test.example.com`;
    expect((await serviceClient().auth.admin.updateUserById(userId, { email, email_confirm: true })).error).toBeNull();
    expect((await profileOf(userId))[0].email).toBe(email);
  });

  it('the new account sees its own profile only', async () => {
    const user = await account('profile-reader');
    const { data } = await user.client.from('profiles').select('user_id, name');
    expect(data).toEqual([{ user_id: user.userId, name: user.email.split('@')[0] }]);
  });
});

// ---------------------------------------------------------------- audit trail
describe('audit trail', () => {
  const trailOf = (recordId: string) =>
    sql<{
      action: string;
      table_name: string;
      user_id: string | null;
      old_values: Record<string, unknown> | null;
      new_values: Record<string, unknown> | null;
    }>(
      `select action, table_name, user_id::text, old_values, new_values from public.audit_logs where record_id = $1 order by created_at, action desc`,
      [recordId],
    );

  it('records insert, update and delete by staff with the old and new values', async () => {
    const { data: room, error } = await staff
      .from('rooms')
      .insert({
        name: 'Audited room',
        room_number: `A-${Math.random().toString(36).slice(2, 8)}`,
        room_type: 'single',
        price_per_night: 90,
      })
      .select()
      .single();
    expect(error).toBeNull();
    expect((await staff.from('rooms').update({ price_per_night: 95 }).eq('id', room!.id)).error).toBeNull();
    // an update that changes nothing is not recorded
    expect((await staff.from('rooms').update({ price_per_night: 95 }).eq('id', room!.id)).error).toBeNull();
    expect((await staff.from('rooms').delete().eq('id', room!.id)).error).toBeNull();

    const trail = await trailOf(room!.id);
    expect(trail.map((t) => [t.action, t.table_name, t.user_id])).toEqual([
      ['INSERT', 'rooms', SEED.users.staff],
      ['UPDATE', 'rooms', SEED.users.staff],
      ['DELETE', 'rooms', SEED.users.staff],
    ]);
    expect(trail[0].old_values).toBeNull();
    expect(trail[0].new_values).toMatchObject({ name: 'Audited room', price_per_night: 90 });
    expect(trail[1].old_values).toMatchObject({ price_per_night: 90 });
    expect(trail[1].new_values).toMatchObject({ price_per_night: 95 });
    expect(trail[2].old_values).toMatchObject({ name: 'Audited room', price_per_night: 95 });
    expect(trail[2].new_values).toBeNull();
  });

  it('records site content by key, and service-role changes without a user', async () => {
    const key = `audit_${Math.random().toString(36).slice(2, 8)}`;
    try {
      expect((await serviceClient().from('site_content').insert({ key, value: 'one' })).error).toBeNull();
      expect((await admin.from('site_content').update({ value: 'two' }).eq('key', key)).error).toBeNull();
      const trail = await trailOf(key);
      expect(trail.map((t) => [t.action, t.table_name, t.user_id, t.new_values?.value])).toEqual([
        ['INSERT', 'site_content', null, 'one'],
        ['UPDATE', 'site_content', SEED.users.admin, 'two'],
      ]);
    } finally {
      await sql('delete from public.site_content where key = $1', [key]);
    }
  });

  it('records a booking status change by staff', async () => {
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date)
       values ($1, 'Audit Guest', 'audit@test.example.com', current_date + 600, current_date + 602) returning id::text`,
      [SEED.room(7)],
    );
    try {
      expect((await staff.from('bookings').update({ status: 'confirmed' }).eq('id', booking.id)).error).toBeNull();
      const [update] = (await trailOf(booking.id)).filter((t) => t.action === 'UPDATE');
      expect(update).toMatchObject({
        user_id: SEED.users.staff,
        old_values: { status: 'pending' },
        new_values: { status: 'confirmed' },
      });
    } finally {
      await sql('delete from public.bookings where id = $1', [booking.id]);
    }
  });
});

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
