// Passwords as GoTrue treats them, malformed input answered with 4xx JSON, and GoTrue's audit
// trail in auth.audit_log_entries: through the gateway, with config.toml's settings.
import { describe, expect, it } from 'vitest';
import { anonClient, platform, serviceClient, sql } from '../support';

const newEmail = () => `hardening-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

function post(path: string, body: unknown, key = platform().anonKey) {
  return fetch(`${platform().apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('passwords', () => {
  it("enforces config.toml's minimum_password_length (8) at sign-up and password change", async () => {
    const short = await anonClient().auth.signUp({ email: newEmail(), password: '1234567' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(short.error?.message).toBe('Password should be at least 8 characters.');

    const client = anonClient();
    const { error } = await client.auth.signUp({ email: newEmail(), password: '12345678' });
    expect(error).toBeNull();
    const change = await client.auth.updateUser({ password: 'abcdefg' });
    expect(change.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('refuses passwords over 72 bytes and never lets a longer password sign in', async () => {
    // 37 characters, 74 bytes
    const accented = await anonClient().auth.signUp({ email: newEmail(), password: 'é'.repeat(37) });
    expect(accented.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const email = newEmail();
    const password = 'p'.repeat(72);
    expect((await anonClient().auth.signUp({ email, password })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    const longer = await anonClient().auth.signInWithPassword({ email, password: `${password}anything` });
    expect(longer.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('hashes with bcrypt cost 10, as GoTrue does', async () => {
    const email = newEmail();
    expect((await anonClient().auth.signUp({ email, password: 'cost-ten-password' })).error).toBeNull();
    const [row] = await sql<{ prefix: string }>(
      'select left(encrypted_password, 7) as prefix from auth.users where email = $1',
      [email],
    );
    expect(row?.prefix).toMatch(/^\$2[ab]\$10\$/);
  });
});

describe('malformed input', () => {
  it('answers a NUL in the e-mail at /token with a 400 JSON error', async () => {
    const response = await post('/token?grant_type=password', { email: 'a\u0000@example.com', password: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('answers a bad percent-escape in an admin user path with a 400 JSON error', async () => {
    const response = await fetch(`${platform().apiUrl}/auth/v1/admin/users/%E0%A4%A`, {
      headers: { apikey: platform().serviceRoleKey, authorization: `Bearer ${platform().serviceRoleKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});

describe('audit trail', () => {
  it('records sign-up, sign-in, refresh, reuse, password change, sign-out and deletion with the client address', async () => {
    const email = newEmail();
    const client = anonClient();
    const signedUp = await client.auth.signUp({ email, password: 'audit-password-1' });
    const userId = signedUp.data.user!.id;
    const firstRefresh = signedUp.data.session!.refresh_token;
    expect((await client.auth.signInWithPassword({ email, password: 'audit-password-1' })).error).toBeNull();
    const refreshed = await post('/token?grant_type=refresh_token', { refresh_token: firstRefresh });
    expect(refreshed.status).toBe(200);
    const secondRefresh = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
    expect((await post('/token?grant_type=refresh_token', { refresh_token: secondRefresh })).status).toBe(200);
    // the first token again, past the reuse interval: reuse, the family is revoked
    await sql("update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1", [firstRefresh]);
    expect((await post('/token?grant_type=refresh_token', { refresh_token: firstRefresh })).status).toBe(400);
    expect((await client.auth.updateUser({ password: 'audit-password-2' })).error).toBeNull();
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await serviceClient().auth.admin.deleteUser(userId)).error).toBeNull();

    const rows = await sql<{ payload: Record<string, unknown>; ip_address: string }>(
      `select payload, ip_address from auth.audit_log_entries
        where payload->>'actor_id' = $1 or payload->'traits'->>'user_id' = $1
        order by created_at, payload->>'action'`,
      [userId],
    );
    expect(rows.map((row) => row.payload.action)).toEqual([
      'login',
      'user_signedup',
      'login',
      'token_refreshed',
      'token_refreshed',
      'token_revoked',
      'user_updated_password',
      'logout',
      'user_deleted',
    ]);
    expect(rows.every((row) => row.ip_address === '127.0.0.1')).toBe(true);
    expect(rows[1]?.payload).toEqual({
      actor_id: userId,
      actor_username: email,
      actor_via_sso: false,
      action: 'user_signedup',
      log_type: 'team',
      traits: { provider: 'email' },
    });
    expect(rows[8]?.payload).toMatchObject({
      actor_username: 'service_role',
      action: 'user_deleted',
      log_type: 'team',
      traits: { user_id: userId, user_email: email, user_phone: '' },
    });
  });
});
