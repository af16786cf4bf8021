// GoTrue's e-mail flows through the gateway with the real supabase-js client, reading the mails
// from the local inbox: password recovery, magic links and codes, invites, admin links, PKCE,
// reauthentication and e-mail change, with single use, expiry, redirect checks and rate limits.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { follow, fragmentOf, otpCode, verifyLink } from '../inbox';
import { anonClient, inboxFor, latestMail, newUserClient, platform, serviceClient, sql } from '../support';

const SITE_URL = 'http://127.0.0.1:8080';
const newEmail = (prefix = 'mail') => `${prefix}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const pkceClient = () =>
  createClient(platform().apiUrl, platform().anonKey, {
    auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true, autoRefreshToken: false },
  });

describe('password recovery', () => {
  it('mails a reset link that signs the user in once, then lets them set a new password', async () => {
    const { email } = await newUserClient('reset');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE_URL}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await latestMail(email);
    expect(mail).toMatchObject({ subject: 'Reset Your Password', kind: 'recovery', to: [email] });
    expect(mail.html).toContain('href=');
    const link = verifyLink(mail);
    expect(link.origin + link.pathname).toBe(`${platform().apiUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE_URL}/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);

    const followed = await follow(link);
    expect(followed.status).toBe(303);
    expect(followed.location.origin + followed.location.pathname).toBe(`${SITE_URL}/reset-password`);
    const fragment = fragmentOf(followed.location);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    const client = anonClient();
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'brand-new-pass-1' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'brand-new-pass-1' })).error).toBeNull();

    // the link is single use
    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(fragmentOf(again.location))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const email = newEmail('nobody');
    const response = await fetch(`${platform().apiUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: platform().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await inboxFor(email)).toEqual([]);
  });

  it('refuses a second e-mail within 60 s with over_email_send_rate_limit', async () => {
    const { email } = await newUserClient('twice');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await anonClient().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await inboxFor(email)).toHaveLength(1);
  });

  it('expires links after otp_expiry and falls back to site_url for a redirect not allowed', async () => {
    const { email, userId } = await newUserClient('expiry');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    const link = verifyLink(await latestMail(email));
    expect(link.searchParams.get('redirect_to')).toBe(SITE_URL);

    await sql("update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1", [userId]);
    const followed = await follow(link);
    expect(followed.location.origin).toBe(SITE_URL);
    expect(fragmentOf(followed.location).get('error_code')).toBe('otp_expired');
  });

  it('exchanges a PKCE link for a session with exchangeCodeForSession, once', async () => {
    const { email } = await newUserClient('pkce');
    const client = pkceClient();
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/reset` })).error).toBeNull();
    const link = verifyLink(await latestMail(email));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);

    const followed = await follow(link);
    expect(followed.status).toBe(303);
    const code = followed.location.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toBeTruthy();

    const replay = await pkceClient().auth.exchangeCodeForSession(code!);
    expect(replay.error).not.toBeNull();
  });
});

describe('magic links and e-mail codes', () => {
  it('signs in with the code from a magic-link e-mail, once', async () => {
    const { email } = await newUserClient('otp');
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ subject: 'Your Magic Link', kind: 'magiclink' });
    const token = otpCode(mail);

    const { data, error } = await anonClient().auth.verifyOtp({ email, token, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const replay = await anonClient().auth.verifyOtp({ email, token, type: 'email' });
    expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('creates the account of a new address unless create_user is false', async () => {
    const refused = newEmail('nosignup');
    const denied = await anonClient().auth.signInWithOtp({ email: refused, options: { shouldCreateUser: false } });
    expect(denied.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(await inboxFor(refused)).toEqual([]);

    const email = newEmail('newotp');
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const followed = await follow(verifyLink(await latestMail(email)));
    const fragment = fragmentOf(followed.location);
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('verifies a token_hash with POST /verify', async () => {
    const { email } = await newUserClient('hash');
    await anonClient().auth.signInWithOtp({ email });
    const token_hash = verifyLink(await latestMail(email)).searchParams.get('token')!;
    const { data, error } = await anonClient().auth.verifyOtp({ token_hash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('answers resend of a confirmed sign-up with {} and sends nothing', async () => {
    const { email } = await newUserClient('resend');
    const { error } = await anonClient().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(await inboxFor(email)).toEqual([]);
  });
});

describe('invites and admin links', () => {
  it('invites a user (service role) who follows the link and sets a password', async () => {
    const email = newEmail('invitee');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { name: 'New Staff' },
      redirectTo: `${SITE_URL}/set-password`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'New Staff' } });
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await latestMail(email);
    expect(mail).toMatchObject({ subject: 'You have been invited', kind: 'invite' });
    const followed = await follow(verifyLink(mail));
    expect(followed.location.pathname).toBe('/set-password');
    const fragment = fragmentOf(followed.location);
    expect(fragment.get('type')).toBe('invite');

    const client = anonClient();
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await client.auth.updateUser({ password: 'invited-pass-1' })).error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'invited-pass-1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();

    const again = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('generates links without sending them; anon callers cannot invite or generate links', async () => {
    const { email } = await newUserClient('genlink');
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: `${SITE_URL}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/),
      verification_type: 'magiclink',
      redirect_to: `${SITE_URL}/welcome`,
    });
    expect(data.properties!.action_link).toContain(`/auth/v1/verify?token=${data.properties!.hashed_token}`);
    expect(await inboxFor(email)).toEqual([]);
    const verified = await anonClient().auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(verified.error).toBeNull();

    const missing = await serviceClient().auth.admin.generateLink({ type: 'recovery', email: newEmail('none') });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });

    const anon = anonClient();
    const anonInvite = await anon.auth.admin.inviteUserByEmail(newEmail('sneaky'));
    expect(anonInvite.error).toMatchObject({ status: 403, code: 'not_admin' });
    const anonLink = await anon.auth.admin.generateLink({ type: 'magiclink', email });
    expect(anonLink.error).toMatchObject({ status: 403, code: 'not_admin' });
    const user = await newUserClient('notadmin');
    const userLink = await user.client.auth.admin.generateLink({ type: 'recovery', email });
    expect(userLink.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('signed-in users', () => {
  it('sends a reauthentication code', async () => {
    const { client, email } = await newUserClient('reauth');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ subject: 'Confirm reauthentication', kind: 'reauthentication' });
    expect(otpCode(mail)).toMatch(/^\d{6}$/);
    expect((await client.auth.reauthenticate()).error).toMatchObject({ status: 429 });
  });

  it('changes the e-mail address once the link sent to the new address is followed', async () => {
    const { client, userId } = await newUserClient('change');
    const next = newEmail('changed');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    const mail = await latestMail(next);
    expect(mail).toMatchObject({ subject: 'Confirm Change of Email', kind: 'email_change' });
    const followed = await follow(verifyLink(mail));
    expect(fragmentOf(followed.location).get('type')).toBe('email_change');
    const [row] = await sql<{ email: string; email_change: string }>(
      'select email, email_change from auth.users where id = $1',
      [userId],
    );
    expect(row).toEqual({ email: next, email_change: '' });
  });

  it('also sends the link to the current address (double_confirm_changes); with confirmations off either one applies', async () => {
    const { client, userId, email } = await newUserClient('current');
    const next = newEmail('next');
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const toCurrent = await latestMail(email);
    expect(toCurrent).toMatchObject({ subject: 'Confirm Change of Email', kind: 'email_change' });
    expect(toCurrent.text).toContain(next);

    await follow(verifyLink(toCurrent));
    const [row] = await sql('select email from auth.users where id = $1', [userId]);
    expect(row).toEqual({ email: next });
    // the other link is used up with the change
    const other = await follow(verifyLink(await latestMail(next)));
    expect(fragmentOf(other.location).get('error_code')).toBe('otp_expired');
  });

  it('generates the link for the current address of an e-mail change (admin)', async () => {
    const { email } = await newUserClient('admin-change');
    const next = newEmail('admin-next');
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail: next,
    });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    expect(data.properties?.verification_type).toBe('email_change_current');
    expect(data.properties?.action_link).toMatch(/type=email_change&/);
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(await inboxFor(email)).toEqual([]); // generated, not sent
  });
});

describe('JWKS', () => {
  it('publishes no key for the symmetric HS256 secret', async () => {
    const response = await fetch(`${platform().apiUrl}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: platform().anonKey },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [] });
  });
});

describe('local inbox', () => {
  it('refuses deliveries without the service role key and accepts them with it', async () => {
    const url = `${platform().apiUrl}/inbox/api/messages`;
    const message = { to: ['host@test.example.com'], subject: 'Hello', text: 'Hi', kind: 'contact' };
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(message),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${platform().anonKey}` })).status).toBe(401);
    const accepted = await post({ authorization: `Bearer ${platform().serviceRoleKey}` });
    expect(accepted.status).toBe(201);
    const delivered = (await accepted.json()) as { id: string };
    const one = await fetch(`${url}/${delivered.id}`);
    expect(await one.json()).toMatchObject({ id: delivered.id, subject: 'Hello', to: ['host@test.example.com'] });
    const page = await fetch(`${platform().apiUrl}/inbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Hello');
  });

  it('receives the contact form messages of send-contact-email', async () => {
    await sql("delete from public.contact_messages where client_ip in ('127.0.0.1', '::1', '::ffff:127.0.0.1')");
    const response = await fetch(`${platform().apiUrl}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { apikey: platform().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Inbox Tester',
        email: 'visitor@test.example.com',
        phone: null,
        message: 'Hello inbox',
      }),
    });
    expect(response.status).toBe(200);
    const messages = (await (await fetch(`${platform().apiUrl}/inbox/api/messages`)).json()) as {
      messages: Array<{ kind: string; text: string; subject: string }>;
    };
    expect(messages.messages.find((m) => m.kind === 'contact' && m.text.includes('Hello inbox'))).toMatchObject({
      subject: 'Website message from Inbox Tester',
    });
  });

  it('clears', async () => {
    const url = `${platform().apiUrl}/inbox/api/messages`;
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(200);
    expect(await (await fetch(url)).json()).toEqual({ messages: [] });
  });
});
