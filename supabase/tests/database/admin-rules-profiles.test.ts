// The profile a new account gets (its name from the sign-up metadata or the e-mail), no role, the
// profile following a change of e-mail, and each account reading its own profile only.
// Set-up and helpers: admin-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, rolesOf, sql } from '../support';
import { setUpAdminRules, users, account } from './admin-rules-fixtures';

setUpAdminRules();

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
