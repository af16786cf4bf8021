// Escalation through roles: nobody gives themselves a role (not by insert, update, upsert, sign-up
// metadata nor set_user_role), even an admin cannot change their own, and the last administrator
// stays whoever asks, the superuser included. Checks, clients and set-up: escalation-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, adminIds, anonClient, expectError, rolesOf, serviceClient, sql } from '../support';
import { admin, created, expectRefused, expectUnchanged, setUpEscalation, staff, user } from './escalation-fixtures';

setUpEscalation();

describe('nobody gives themselves a role', () => {
  it('a user with no role cannot insert a role row for themselves', async () => {
    for (const role of ['guest', 'staff', 'admin'] as const) {
      const result = await user.client.from('user_roles').insert({ user_id: user.userId, role });
      expectError(result, '42501');
    }
    expect(await rolesOf(user.userId)).toEqual([]);
    // and the helpers still say so
    expect((await user.client.rpc('is_staff')).data).toBe(false);
    expect((await user.client.rpc('is_admin')).data).toBe(false);
  });

  it('a user cannot update or upsert their own role row into admin', async () => {
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'guest')`, [user.userId]);
    try {
      await expectUnchanged(
        () => sql('select * from public.user_roles where user_id = $1', [user.userId]),
        async () => {
          expectRefused(
            await user.client.from('user_roles').update({ role: 'admin' }).eq('user_id', user.userId).select(),
          );
          expectError(
            await user.client
              .from('user_roles')
              .upsert({ user_id: user.userId, role: 'admin' }, { onConflict: 'user_id,role' }),
            '42501',
          );
        },
      );
      expect(await rolesOf(user.userId)).toEqual(['guest']);
    } finally {
      await sql('delete from public.user_roles where user_id = $1', [user.userId]);
    }
  });

  it('signing up with role metadata gives a profile and no role', async () => {
    const email = `escalation-meta-${Math.random().toString(36).slice(2, 8)}@test.example.com`;
    const signUp = await anonClient().auth.signUp({
      email,
      password: 'long-enough-1',
      options: { data: { role: 'admin', name: 'Mallory' } },
    });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    created.push(userId);
    expect(await rolesOf(userId)).toEqual([]);
    const [profile] = await sql('select name from public.profiles where user_id = $1', [userId]);
    expect(profile.name).toBe('Mallory');
  });

  it('staff cannot make themselves admin: insert, update or set_user_role', async () => {
    await expectUnchanged(
      () => sql('select * from public.user_roles order by id'),
      async () => {
        expectError(await staff.from('user_roles').insert({ user_id: SEED.users.staff, role: 'admin' }), '42501');
        expectRefused(
          await staff.from('user_roles').update({ role: 'admin' }).eq('user_id', SEED.users.staff).select(),
        );
        expectError(
          await staff.rpc('set_user_role', { p_user_id: SEED.users.staff, p_role: 'admin' }),
          '42501',
          'Only administrators can change user roles.',
        );
        // nor promote someone else, nor take the admin's role away
        expectError(await staff.from('user_roles').insert({ user_id: user.userId, role: 'admin' }), '42501');
        expectRefused(await staff.from('user_roles').delete().eq('user_id', SEED.users.admin).select());
      },
    );
    expect(await rolesOf(SEED.users.staff)).toEqual(['staff']);
  });

  it('even an admin cannot change their own role', async () => {
    await expectUnchanged(
      () => sql('select * from public.user_roles order by id'),
      async () => {
        expectError(
          await admin.from('user_roles').update({ role: 'staff' }).eq('user_id', SEED.users.admin).select(),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.from('user_roles').insert({ user_id: SEED.users.admin, role: 'staff' }),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.from('user_roles').delete().eq('user_id', SEED.users.admin),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.rpc('set_user_role', { p_user_id: SEED.users.admin, p_role: 'staff' }),
          'P0001',
          'You cannot change your own role.',
        );
      },
    );
  });
});

describe('the last administrator stays', () => {
  const LAST_ADMIN = 'The last administrator cannot be removed or demoted.';

  beforeAll(async () => {
    // these tests are about one admin left: the seed's second admin (mfa-admin) steps down meanwhile
    await sql(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [SEED.users.mfaAdmin]);
    expect(await adminIds()).toEqual([SEED.users.admin]);
  });

  afterAll(async () => {
    expect(await adminIds()).toEqual([SEED.users.admin]);
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [SEED.users.mfaAdmin]);
    expect(await adminIds()).toEqual(SEED.admins);
  });

  it('the admin can neither demote nor delete themselves', async () => {
    await expectUnchanged(adminIds, async () => {
      expectError(
        await admin.rpc('set_user_role', { p_user_id: SEED.users.admin, p_role: 'guest' }),
        'P0001',
        'You cannot change your own role.',
      );
      expectError(
        await admin.rpc('delete_user', { p_user_id: SEED.users.admin }),
        'P0001',
        'You cannot delete your own account.',
      );
    });
  });

  it('the service role cannot demote or remove the last admin role through the API', async () => {
    const service = serviceClient();
    await expectUnchanged(adminIds, async () => {
      expectError(
        await service.from('user_roles').update({ role: 'staff' }).eq('user_id', SEED.users.admin),
        'P0001',
        LAST_ADMIN,
      );
      expectError(await service.from('user_roles').delete().eq('user_id', SEED.users.admin), 'P0001', LAST_ADMIN);
    });
  });

  it('the service role cannot delete the last admin account', async () => {
    await expectUnchanged(
      async () => [await adminIds(), await sql('select id from auth.users where id = $1', [SEED.users.admin])],
      async () => {
        expect((await serviceClient().auth.admin.deleteUser(SEED.users.admin)).error).not.toBeNull();
      },
    );
  });

  it.each([
    ['delete from public.user_roles', `delete from public.user_roles where role = 'admin'`],
    ['update user_roles', `update public.user_roles set role = 'staff' where role = 'admin'`],
    [
      'move the role to another user',
      `update public.user_roles set user_id = '${SEED.users.guest}' where role = 'admin'`,
    ],
    ['delete the account', `delete from auth.users where id = '${SEED.users.admin}'`],
  ])('direct SQL as the superuser is refused too: %s', async (_, statement) => {
    await expectUnchanged(adminIds, async () => {
      await expect(sql(statement)).rejects.toMatchObject({ code: 'P0001', message: LAST_ADMIN });
    });
  });
});
