// set_user_role: the chosen role replaces every other at once, refusals change nothing, admins may
// demote each other while one remains, and the change is audited under the admin.
// Set-up and helpers: admin-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, adminIds, createBareUser, expectError, rolesOf, sql } from '../support';
import { setUpAdminRules, admin, users, account } from './admin-rules-fixtures';

setUpAdminRules();

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
    expect(await adminIds()).toEqual(SEED.admins);
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
