// The shared half of the account and admin-portal rule files (admin-rules-*.test.ts): the seed's
// admin and staff signed in, accounts of the calling file's own (optionally given a role by the
// superuser), and the set-up each file runs: its accounts are deleted after it, and the seed's admin
// must then be the only admin again.
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, SEED, adminIds, deleteUsers, newUserClient, signedInClient, sql, type Client } from '../support';

export let admin: Client;
export let staff: Client;
export const users: string[] = [];

/** A signed-in account of this file, optionally given a role by the superuser. */
export async function account(prefix: string, role?: 'guest' | 'staff' | 'admin') {
  const user = await newUserClient(prefix);
  users.push(user.userId);
  if (role) await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [user.userId, role]);
  return user;
}

/** The calling file's set-up: the seed's admin and staff signed in; the file's accounts deleted after it. */
export function setUpAdminRules() {
  beforeAll(async () => {
    [admin, staff] = await Promise.all([
      signedInClient(DEMO.admin.email, DEMO.admin.password),
      signedInClient(DEMO.staff.email, DEMO.staff.password),
    ]);
  });

  afterAll(async () => {
    await deleteUsers(...users);
    expect(await adminIds()).toEqual(SEED.admins);
  });
}
