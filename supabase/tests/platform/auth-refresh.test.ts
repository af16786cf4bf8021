// Refresh-token rotation with config.toml's refresh_token_reuse_interval (10 s), as GoTrue: two
// tabs refreshing with one token both stay signed in; an old token reused after the interval
// revokes the session's whole token family, and no token of that family refreshes again (not
// even the one a thief got by refreshing first).
import { describe, expect, it } from 'vitest';
import { anonClient, platform, sql } from '../support';

const newEmail = () => `refresh-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

async function refresh(refreshToken: string) {
  const response = await fetch(`${platform().apiUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: platform().anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signedUpSession() {
  const { data, error } = await anonClient().auth.signUp({ email: newEmail(), password: 'refresh-pass-1' });
  if (error) throw error;
  return data.session!;
}

describe('refresh token reuse interval', () => {
  it('lets two tabs refresh with the same token at once: both get a working session', async () => {
    const session = await signedUpSession();
    const tabs = [anonClient(), anonClient()];
    const results = await Promise.all(
      tabs.map((tab) => tab.auth.refreshSession({ refresh_token: session.refresh_token })),
    );
    for (const result of results) expect(result.error).toBeNull();
    // each tab goes on refreshing from what it got
    for (const [i, tab] of tabs.entries()) {
      const next = await tab.auth.refreshSession({ refresh_token: results[i]!.data.session!.refresh_token });
      expect(next.error).toBeNull();
      expect((await tab.auth.getUser()).error).toBeNull();
    }
  });

  it('gives the parent of the active token that token back', async () => {
    const session = await signedUpSession();
    const first = await refresh(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
  });

  it('accepts an older rotated token within the interval and refuses it after, revoking the family', async () => {
    const session = await signedUpSession();
    const second = await refresh(session.refresh_token);
    const third = await refresh(second.body.refresh_token as string);
    expect(third.status).toBe(200);
    // within 10 s of its rotation the first token still works (a slow tab)
    expect((await refresh(session.refresh_token)).status).toBe(200);

    // past the interval the second token (rotated, not the parent of the active one) is reuse
    const secondToken = second.body.refresh_token as string;
    await sql("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [
      secondToken,
    ]);
    const reused = await refresh(secondToken);
    expect(reused).toMatchObject({
      status: 400,
      body: { error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' },
    });
    const [family] = await sql<{ active: number }>(
      `select count(*) filter (where not rt.revoked)::int as active
         from auth.refresh_tokens rt where rt.session_id = (select session_id from auth.refresh_tokens where token = $1)`,
      [session.refresh_token],
    );
    expect(family?.active).toBe(0);
  });

  it('cuts off a thief who refreshed first: after the refused replay no token of the session refreshes again', async () => {
    const session = await signedUpSession();
    // the thief copied the victim's token and refreshed with it twice
    const stolen = await refresh(session.refresh_token);
    const thief = await refresh(stolen.body.refresh_token as string);
    expect(thief.status).toBe(200);
    const thiefToken = thief.body.refresh_token as string;

    // the victim's app refreshes with its old token after the interval: reuse
    await sql("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [
      session.refresh_token,
    ]);
    expect((await refresh(session.refresh_token)).body.error_code).toBe('refresh_token_already_used');

    // the thief's latest token and every other token of the session are refused from now on
    for (const token of [thiefToken, stolen.body.refresh_token as string, session.refresh_token]) {
      expect(await refresh(token)).toMatchObject({
        status: 400,
        body: { error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' },
      });
    }
    const [family] = await sql<{ tokens: number; active: number }>(
      `select count(*)::int as tokens, count(*) filter (where not revoked)::int as active
         from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1)`,
      [session.refresh_token],
    );
    expect(family).toEqual({ tokens: 3, active: 0 });

    // the victim signs in again and carries on
    const again = await anonClient().auth.signInWithPassword({
      email: session.user.email!,
      password: 'refresh-pass-1',
    });
    expect(again.error).toBeNull();
    expect((await refresh(again.data.session!.refresh_token)).status).toBe(200);
  });
});
