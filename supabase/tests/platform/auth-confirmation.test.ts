// config.toml's switches on a platform of its own: sign-up confirmation on (enable_confirmations),
// a 1-second refresh_token_reuse_interval, secure_password_change and anonymous sign-ins, through
// PlatformOptions.auth.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../local/platform';
import { readInbox, verifyLink } from '../inbox';
import { sqlOn, startFixturePlatform } from '../support';

let platform: Platform;
const newEmail = (prefix = 'confirm') => `${prefix}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
const client = () =>
  createClient(platform.apiUrl, platform.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

/** The e-mails this platform sent to an address, newest first. */
const latestMail = (address: string) => readInbox(platform.apiUrl, address);
const sql = (text: string, params: unknown[] = []) => sqlOn(platform.dbUrl, text, params);

/** Signs a new address up with the password confirm-pass-1 and follows its confirmation link. */
async function confirmedSignUp(prefix: string): Promise<string> {
  const email = newEmail(prefix);
  await client().auth.signUp({ email, password: 'confirm-pass-1' });
  await fetch(verifyLink((await latestMail(email))[0]!), { redirect: 'manual' });
  return email;
}

beforeAll(async () => {
  // a small project: its own migrations, none of the product's
  platform = await startFixturePlatform('project', {
    schedule: false,
    signInRateLimit: 100_000,
    auth: {
      enableConfirmations: true,
      refreshTokenReuseInterval: 1,
      securePasswordChange: true,
      enableAnonymousSignIns: true,
    },
  });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('sign-up confirmation on', () => {
  it('says so in /settings', async () => {
    const response = await fetch(`${platform.apiUrl}/auth/v1/settings`, { headers: { apikey: platform.anonKey } });
    expect(await response.json()).toMatchObject({ mailer_autoconfirm: false });
  });

  it('signs up without a session, refuses sign-in until the e-mailed link is followed', async () => {
    const email = newEmail();
    const signUp = await client().auth.signUp({
      email,
      password: 'confirm-pass-1',
      options: { emailRedirectTo: 'http://127.0.0.1:8080/welcome' },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ email });
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.confirmation_sent_at).toBeTruthy();

    const early = await client().auth.signInWithPassword({ email, password: 'confirm-pass-1' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const [mail] = await latestMail(email);
    expect(mail).toMatchObject({ subject: 'Confirm Your Signup', kind: 'signup' });
    const link = verifyLink(mail!);
    expect(link.searchParams.get('type')).toBe('signup');
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.pathname).toBe('/welcome');
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('signup');

    const signIn = await client().auth.signInWithPassword({ email, password: 'confirm-pass-1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
    expect(signIn.data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
  });

  it('answers a repeated sign-up of a confirmed address like a new one, revealing nothing', async () => {
    const email = await confirmedSignUp('repeat');
    const [{ id }] = await sql('select id from auth.users where email = $1', [email]);

    const again = await client().auth.signUp({ email, password: 'other-pass-22' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(email);
    expect(again.data.user?.id).not.toBe(id);
  });

  it('resends the confirmation of a pending sign-up, after the 60 s window', async () => {
    const email = newEmail('resend');
    await client().auth.signUp({ email, password: 'confirm-pass-1' });
    const tooSoon = await client().auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await sql("update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1", [email]);
    expect((await client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const mails = await latestMail(email);
    expect(mails).toHaveLength(2);
    // only the newest link works
    const stale = await fetch(verifyLink(mails[1]!), { redirect: 'manual' });
    expect(new URLSearchParams(new URL(stale.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
    const fresh = await fetch(verifyLink(mails[0]!), { redirect: 'manual' });
    expect(new URLSearchParams(new URL(fresh.headers.get('location')!).hash.slice(1)).get('access_token')).toBeTruthy();
  });
});

describe('refresh_token_reuse_interval of 1 s', () => {
  it('refuses an old token once the interval has passed and revokes the family', async () => {
    const email = await confirmedSignUp('reuse');
    const { data } = await client().auth.signInWithPassword({ email, password: 'confirm-pass-1' });
    const first = data.session!.refresh_token;
    const second = (await client().auth.refreshSession({ refresh_token: first })).data.session!.refresh_token;
    const third = await client().auth.refreshSession({ refresh_token: second });
    expect(third.error).toBeNull();
    // within the interval an older token still works
    expect((await client().auth.refreshSession({ refresh_token: second })).error).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const late = await client().auth.refreshSession({ refresh_token: first });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // the family is revoked: the newest token too (once its own interval from the revocation has passed, as GoTrue)
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await client().auth.refreshSession({ refresh_token: third.data.session!.refresh_token });
    expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });
});

describe('secure_password_change', () => {
  it('asks a day-old session for a reauthentication nonce, and accepts the e-mailed one once', async () => {
    const email = await confirmedSignUp('nonce');
    const user = client();
    await user.auth.signInWithPassword({ email, password: 'confirm-pass-1' });
    // a fresh session changes the password without a nonce, as GoTrue
    expect((await user.auth.updateUser({ password: 'confirm-pass-2' })).error).toBeNull();

    await sql(
      "update auth.sessions set created_at = now() - interval '25 hours' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const withoutNonce = await user.auth.updateUser({ password: 'confirm-pass-3' });
    expect(withoutNonce.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const wrong = await user.auth.updateUser({ password: 'confirm-pass-3', nonce: '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    expect((await user.auth.reauthenticate()).error).toBeNull();
    const [mail] = await latestMail(email);
    expect(mail?.kind).toBe('reauthentication');
    const nonce = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect((await user.auth.updateUser({ password: 'confirm-pass-3', nonce })).error).toBeNull();
    const reused = await user.auth.updateUser({ password: 'confirm-pass-4', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client().auth.signInWithPassword({ email, password: 'confirm-pass-3' })).error).toBeNull();
  });
});

describe('an e-mail change with confirmations on (double_confirm_changes, the default)', () => {
  it('waits for both links, the current address and the new one, in either order', async () => {
    const email = await confirmedSignUp('double');
    const user = client();
    const { data: signIn } = await user.auth.signInWithPassword({ email, password: 'confirm-pass-1' });
    const next = newEmail('double-next');
    expect((await user.auth.updateUser({ email: next })).error).toBeNull();

    const [toNew] = await latestMail(next);
    const first = await fetch(verifyLink(toNew!), { redirect: 'manual' });
    const firstTarget = new URL(first.headers.get('location')!);
    expect(new URLSearchParams(firstTarget.hash.slice(1)).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(await sql('select email from auth.users where id = $1', [signIn.user!.id])).toEqual([{ email }]);

    const [toCurrent] = (await latestMail(email)).filter((mail) => mail.kind === 'email_change');
    const second = await fetch(verifyLink(toCurrent!), { redirect: 'manual' });
    expect(new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1)).get('type')).toBe(
      'email_change',
    );
    expect(await sql('select email from auth.users where id = $1', [signIn.user!.id])).toEqual([{ email: next }]);
  });
});

describe('an anonymous user adding an e-mail address', () => {
  it('stays anonymous until the link sent to the new address is followed, then is permanent', async () => {
    const anonymous = client();
    const { data: signIn } = await anonymous.auth.signInAnonymously();
    const email = newEmail('anonymous');
    const update = await anonymous.auth.updateUser({ email });
    expect(update.error).toBeNull();
    expect(update.data.user).toMatchObject({ is_anonymous: true, new_email: email });

    const [mail] = await latestMail(email);
    expect(mail?.kind).toBe('email_change');
    expect((await fetch(verifyLink(mail!), { redirect: 'manual' })).status).toBe(303);
    const [row] = await sql('select email, is_anonymous from auth.users where id = $1', [signIn.user!.id]);
    expect(row).toEqual({ email, is_anonymous: false });
    const identities = await sql('select provider from auth.identities where user_id = $1', [signIn.user!.id]);
    expect(identities).toEqual([{ provider: 'email' }]);
  });
});
