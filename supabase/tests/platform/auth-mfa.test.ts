// GoTrue's MFA API (TOTP) on the local platform, driven by the unchanged supabase-js `auth.mfa.*`:
// enrol (secret, otpauth:// URI and an SVG QR code), challenge (5 minutes), verify (a new session
// at aal2 whose refresh stays aal2 and which ends the user's other aal1 sessions), listFactors,
// getAuthenticatorAssuranceLevel, unenroll, GoTrue's refusals, and 15 challenges and 15 verifies
// a minute per address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../local/auth';
import { base32Decode, totpCode, totpValid } from '../../local/auth/totp';
import { anonClient, newUserClient, platform, sql, type Client } from '../support';

type Claims = { aal?: string; amr?: { method: string; timestamp: number }[]; session_id?: string };
const claimsOf = async (client: Client) =>
  decodeJwt((await client.auth.getSession()).data.session!.access_token) as Claims;

async function enrolled(client: Client, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Casa Test' });
  if (error) throw error;
  return data;
}

/** Enrols, challenges and verifies: the client is at aal2 with one verified factor. */
async function withVerifiedFactor() {
  const user = await newUserClient('mfa');
  const factor = await enrolled(user.client);
  const { error } = await user.client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.totp.secret),
  });
  if (error) throw error;
  return { ...user, factor };
}

describe('TOTP codes', () => {
  it("match RFC 6238's SHA-1 test vectors (6 digits) and accept one step of skew, not two", () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    const now = 1_234_567_890_000;
    expect(totpValid(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(totpValid(secret, totpCode(secret, now + 30_000), now)).toBe(true);
    expect(totpValid(secret, totpCode(secret, now - 60_000), now)).toBe(false);
    expect(totpValid(secret, '12345', now)).toBe(false);
  });
});

describe('auth.mfa with supabase-js', () => {
  it('enrols an unverified TOTP factor: 20-byte base32 secret, otpauth URI and an SVG QR code as a data URI', async () => {
    const { client, email, userId } = await newUserClient('mfa');
    const data = await enrolled(client, 'My phone');
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(
      `otpauth://totp/Casa%20Test:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=Casa+Test&period=30&secret=${data.totp.secret}`,
    );
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1.0"\?>\n<svg /);
    const [row] = await sql<{ status: string; secret: string }>(
      'select status::text, secret from auth.mfa_factors where id = $1 and user_id = $2',
      [data.id, userId],
    );
    expect(row).toEqual({ status: 'unverified', secret: data.totp.secret });
    // an unverified factor is in the user, not in the verified lists
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors?.all.map((f) => [f.id, f.status])).toEqual([[data.id, 'unverified']]);
    expect(factors?.totp).toEqual([]);
  });

  it('signs in at aal1 with amr password; a verified code makes the same session aal2 with amr totp then password', async () => {
    const { client, factor } = await withVerifiedFactor();
    const claims = await claimsOf(client);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr?.map((a) => a.method)).toEqual(['totp', 'password']);
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[factor.id, 'verified', 'Phone']]);
  });

  it('a new password sign-in is aal1 with aal2 next; the challenge lasts 5 minutes; a refresh keeps aal2', async () => {
    const { email } = await withVerifiedFactor();
    const second = anonClient();
    await second.auth.signInWithPassword({ email, password: 'test-password-123' });
    expect((await claimsOf(second)).aal).toBe('aal1');
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const { data: factors } = await second.auth.mfa.listFactors();
    const factorId = factors!.totp[0]!.id;
    const before = Math.floor(Date.now() / 1000);
    const { data: challenge, error } = await second.auth.mfa.challenge({ factorId });
    expect(error).toBeNull();
    expect(challenge).toMatchObject({ type: 'totp' });
    expect(challenge!.expires_at).toBeGreaterThanOrEqual(before + 299);
    expect(challenge!.expires_at).toBeLessThanOrEqual(before + 302);
    const [{ secret }] = await sql<{ secret: string }>('select secret from auth.mfa_factors where id = $1', [factorId]);
    const verified = await second.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: totpCode(secret) });
    expect(verified.error).toBeNull();
    expect((await claimsOf(second)).aal).toBe('aal2');
    const refreshed = await second.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('a verify ends the user’s other aal1 sessions and spends the refresh token held at aal1', async () => {
    const { client, email, userId } = await newUserClient('mfa');
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: 'test-password-123' });
    const aal1Refresh = (await client.auth.getSession()).data.session!.refresh_token;
    const factor = await enrolled(client);
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(error).toBeNull();
    const otherToken = (await other.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${platform().apiUrl}/auth/v1/user`, {
      headers: { apikey: platform().anonKey, authorization: `Bearer ${otherToken}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'session_not_found' });
    const [{ sessions }] = await sql<{ sessions: number }>(
      "select count(*)::int as sessions from auth.sessions where user_id = $1 and aal = 'aal2'",
      [userId],
    );
    expect(sessions).toBe(1);
    const current = (await client.auth.getSession()).data.session!.refresh_token;
    expect(current).not.toBe(aal1Refresh);
    // the token held at aal1 never refreshes into the aal2 session, not even within the reuse interval
    const replay = await fetch(`${platform().apiUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: platform().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: aal1Refresh }),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
  });

  it('refuses a wrong code (mfa_verification_failed) and an expired challenge (mfa_challenge_expired)', async () => {
    const { client } = await newUserClient('mfa');
    const factor = await enrolled(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const good = totpCode(factor.totp.secret);
    const wrong = good === '000000' ? '111111' : '000000';
    const refused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code: wrong });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    expect((await claimsOf(client)).aal).toBe('aal1');

    await sql("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1", [
      challenge!.id,
    ]);
    const expired = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code: good });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    expect(expired.error?.message).toBe(
      `MFA challenge ${challenge!.id} has expired, verify against another challenge or create a new challenge.`,
    );
    const [{ left }] = await sql<{ left: number }>(
      'select count(*)::int as left from auth.mfa_challenges where id = $1',
      [challenge!.id],
    );
    expect(left).toBe(0);
  });

  it('refuses a second factor at aal1 and unenrolling a verified one at aal1 (insufficient_aal)', async () => {
    const { email } = await withVerifiedFactor();
    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({ email, password: 'test-password-123' });
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(second.error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    const factorId = (await aal1.auth.mfa.listFactors()).data!.totp[0]!.id;
    const removed = await aal1.auth.mfa.unenroll({ factorId });
    expect(removed.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
  });

  it("does not let one user challenge, verify or remove another's factor (mfa_factor_not_found)", async () => {
    const { factor } = await withVerifiedFactor();
    const { client: stranger } = await newUserClient('mfa');
    expect((await stranger.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    expect((await stranger.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from auth.mfa_factors where id = $1', [
      factor.id,
    ]);
    expect(n).toBe(1);
  });

  it('refuses a duplicate friendly name, an unknown factor type and a code without a challenge', async () => {
    const { client } = await newUserClient('mfa');
    const factor = await enrolled(client, 'Same');
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' })).error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
    });
    const response = await fetch(`${platform().apiUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: platform().anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
    const noChallenge = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: totpCode(factor.totp.secret),
    });
    expect(noChallenge.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('unenrols at aal2: the factor goes, the session is aal1 again at its next refresh', async () => {
    const { client, factor } = await withVerifiedFactor();
    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });
});

describe('MFA rate limits', () => {
  // an auth service of its own on the test database, with hosted's 15 a minute
  const pool = new pg.Pool({ connectionString: platform().dbUrl, max: 2 });
  const auth = createAuthService({ pool, jwtSecret: platform().jwtSecret, siteUrl: 'http://localhost:5173' });
  const server = http.createServer((req, res) => {
    req.url = (req.url ?? '/').replace(/^\/auth\/v1/, '');
    void auth.handle(req, res);
  });
  afterAll(async () => {
    server.close();
    await pool.end();
  });

  it('allows 15 challenges and 15 verifies a minute per address, then answers 429 over_request_rate_limit', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const own = createClient(url, platform().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: class {} as never },
    });
    const { email } = await newUserClient('mfa-limit');
    await own.auth.signInWithPassword({ email, password: 'test-password-123' });
    const factor = await enrolled(own as unknown as Client);
    const challenges = [];
    for (let i = 0; i < 16; i++) challenges.push(await own.auth.mfa.challenge({ factorId: factor.id }));
    expect(challenges.slice(0, 15).every((c) => c.error === null)).toBe(true);
    expect(challenges[15]!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    const challengeId = challenges[0]!.data!.id;
    const verifies = [];
    for (let i = 0; i < 16; i++) {
      verifies.push(await own.auth.mfa.verify({ factorId: factor.id, challengeId, code: '000000' }));
    }
    expect(verifies.slice(0, 15).map((v) => v.error?.status)).toEqual(Array(15).fill(422));
    expect(verifies[15]!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
