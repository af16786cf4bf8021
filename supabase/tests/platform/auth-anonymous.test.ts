// Anonymous sign-ins switched on (config.toml's enable_anonymous_sign_ins) on a platform of its own,
// with [auth.rate_limit] anonymous_users = 5: signInAnonymously makes a signed-in user without an
// e-mail address who can become a permanent user by adding one. The product's own platform keeps
// them off (auth.test.ts: 422 anonymous_provider_disabled).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../local/platform';
import { sqlOn, startFixturePlatform } from '../support';

const ANONYMOUS_PER_HOUR = 5;
let platform: Platform;
let anonymousSignIns = 0;

const client = () =>
  createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

/** An anonymous sign-in that counts against the hourly limit. */
async function signInAnonymously(data?: Record<string, unknown>): Promise<SupabaseClient> {
  const supabase = client();
  const { error } = await supabase.auth.signInAnonymously(data ? { options: { data } } : undefined);
  if (error) throw error;
  anonymousSignIns += 1;
  return supabase;
}

const sql = (text: string, params: unknown[] = []) => sqlOn(platform.dbUrl, text, params);

beforeAll(async () => {
  platform = await startFixturePlatform('project', {
    schedule: false,
    auth: { enableAnonymousSignIns: true, anonymousUsersPerHour: ANONYMOUS_PER_HOUR },
  });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('anonymous sign-ins on', () => {
  it('says so in /settings', async () => {
    const response = await fetch(`${platform.apiUrl}/auth/v1/settings`, { headers: { apikey: platform.anonKey } });
    expect(await response.json()).toMatchObject({ external: { anonymous_users: true, email: true } });
  });

  it('signs in a user with no e-mail address, marked anonymous in the user and the JWT', async () => {
    const supabase = await signInAnonymously({ locale: 'it' });
    const { data } = await supabase.auth.getSession();
    const session = data.session!;
    expect(session.user).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      user_metadata: { locale: 'it' },
      app_metadata: {},
      identities: [],
    });
    expect(session.user.email ?? '').toBe('');
    expect(decodeJwt(session.access_token)).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      amr: [expect.objectContaining({ method: 'anonymous' })],
    });
    const [row] = await sql('select email, is_anonymous from auth.users where id = $1', [session.user.id]);
    expect(row).toEqual({ email: null, is_anonymous: true });
  });

  it('refuses what needs an address: reauthentication, and a password without an e-mail', async () => {
    const supabase = await signInAnonymously();
    const reauthenticate = await supabase.auth.reauthenticate();
    expect(reauthenticate.error).toMatchObject({
      status: 400,
      message: 'Reauthentication requires the user to have an email or a phone number',
    });
    const password = await supabase.auth.updateUser({ password: 'anon-password-1' });
    expect(password.error).toMatchObject({
      status: 422,
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
    const { data } = await supabase.auth.getUser();
    const [row] = await sql('select encrypted_password from auth.users where id = $1', [data.user!.id]);
    expect(row).toEqual({ encrypted_password: null });
  });

  it('makes the user permanent once they add an e-mail address and a password (confirmations off)', async () => {
    const supabase = await signInAnonymously();
    const email = `anon-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
    const { data, error } = await supabase.auth.updateUser({ email, password: 'anon-password-1' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [expect.objectContaining({ provider: 'email', identity_data: expect.objectContaining({ email }) })],
    });

    const again = await client().auth.signInWithPassword({ email, password: 'anon-password-1' });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user!.id);
    expect(decodeJwt(again.data.session!.access_token)).toMatchObject({ is_anonymous: false });
  });

  it(`allows ${ANONYMOUS_PER_HOUR} anonymous sign-ins per client address and hour`, async () => {
    const attempts = await Promise.all(
      Array.from({ length: ANONYMOUS_PER_HOUR + 2 - anonymousSignIns }, () => client().auth.signInAnonymously()),
    );
    const allowed = attempts.filter((attempt) => attempt.error === null).length;
    expect(anonymousSignIns + allowed).toBe(ANONYMOUS_PER_HOUR);
    expect(attempts.find((attempt) => attempt.error)?.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });
});
