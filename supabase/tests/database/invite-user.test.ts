// invite-user: an admin invites staff by e-mail; the invitee follows the link, sets a password and
// signs in with the chosen role. Nobody else can invite, and a refused call creates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, accessToken, anonClient, callFunction, deleteUsers, inboxFor, signedInClient, sql } from '../support';
import { verifyLink } from '../inbox';

const REDIRECT = 'http://127.0.0.1:8080/auth/reset-password';

const invite = (token: string | null, body: Record<string, unknown>) => callFunction('invite-user', token, body);

const uniqueAddress = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
const accountsNamed = (email: string) => sql('select id from auth.users where lower(email) = lower($1)', [email]);

let adminToken: string;
let staffToken: string;
const created: string[] = [];

beforeAll(async () => {
  adminToken = await accessToken(await signedInClient(DEMO.admin.email, DEMO.admin.password));
  staffToken = await accessToken(await signedInClient(DEMO.staff.email, DEMO.staff.password));
});

afterAll(async () => {
  await deleteUsers(...created);
});

describe('invite-user', () => {
  it('an admin invites; the link signs the invitee in, they set a password and sign in with the chosen role', async () => {
    const email = uniqueAddress('invited');
    const answer = await invite(adminToken, { email, name: 'Giulia Rossi', role: 'staff', redirect_to: REDIRECT });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user_id: expect.any(String), email, role: 'staff' });
    const userId = answer.body.user_id as string;
    created.push(userId);

    const [account] = await sql(
      `select u.invited_at is not null as invited, u.email_confirmed_at is null as unconfirmed, p.name,
              array(select role::text from public.user_roles r where r.user_id = u.id) as roles
         from auth.users u join public.profiles p on p.user_id = u.id where u.id = $1`,
      [userId],
    );
    expect(account).toEqual({ invited: true, unconfirmed: true, name: 'Giulia Rossi', roles: ['staff'] });

    const [mail] = await inboxFor(email);
    expect(mail.kind).toBe('invite');
    const link = verifyLink(mail);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(REDIRECT);

    // Following the link: auth redirects to the page with the session in the fragment.
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const landing = new URL(followed.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');

    const invitee = anonClient();
    const { error: sessionError } = await invitee.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    expect((await invitee.auth.updateUser({ password: 'giulia-password-1' })).error).toBeNull();

    const signedIn = await signedInClient(email, 'giulia-password-1');
    const { data: roles } = await signedIn.from('user_roles').select('role').eq('user_id', userId);
    expect(roles).toEqual([{ role: 'staff' }]);

    // The link works once.
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).hash).toContain('error_code=otp_expired');
  });

  it('staff, a signed-out caller and a forged token are refused, and nothing is created or sent', async () => {
    const email = uniqueAddress('refused');
    const byStaff = await invite(staffToken, { email, role: 'admin', redirect_to: REDIRECT });
    expect(byStaff).toEqual({ status: 403, body: { error: 'Only admins can invite users.' } });
    const signedOut = await invite(null, { email, role: 'staff' });
    expect(signedOut.status).toBe(401);
    const forged = await invite(`${adminToken.slice(0, -4)}AAAA`, { email, role: 'staff' });
    expect(forged.status).toBe(401);
    expect(await accountsNamed(email)).toEqual([]);
    expect(await inboxFor(email)).toEqual([]);
  });

  it('an admin signed in with a password alone, while two factors are required, invites nobody', async () => {
    const email = uniqueAddress('aal1');
    await sql('update public.auth_settings set require_staff_mfa = true');
    try {
      expect(await invite(adminToken, { email, role: 'staff', redirect_to: REDIRECT })).toEqual({
        status: 403,
        body: { error: 'This needs two-factor sign-in: confirm with a code from your authenticator app.' },
      });
    } finally {
      await sql('update public.auth_settings set require_staff_mfa = false');
    }
    expect(await accountsNamed(email)).toEqual([]);
    expect(await inboxFor(email)).toEqual([]);
  });

  it('bad input and an address already registered get a clear message and change nothing', async () => {
    const email = uniqueAddress('bad-input');
    expect(await invite(adminToken, { email: 'not-an-address', role: 'staff' })).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address' },
    });
    expect(await invite(adminToken, { email, role: 'guest' })).toEqual({
      status: 400,
      body: { error: 'Choose the role: staff or admin' },
    });
    expect(await accountsNamed(email)).toEqual([]);

    const rolesBefore = await sql(
      'select role::text from public.user_roles where user_id = (select id from auth.users where email = $1)',
      [DEMO.guest.email],
    );
    expect(await invite(adminToken, { email: DEMO.guest.email.toUpperCase(), role: 'admin' })).toEqual({
      status: 409,
      body: { error: 'A user with this email address has already been registered.' },
    });
    expect(
      await sql(
        'select role::text from public.user_roles where user_id = (select id from auth.users where email = $1)',
        [DEMO.guest.email],
      ),
    ).toEqual(rolesBefore);
  });
});
