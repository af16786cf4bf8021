// POST /token: GoTrue's grants. `password` signs in with e-mail and password; `refresh_token`
// rotates the session's refresh token (refresh_token_reuse_interval and reuse detection as
// GoTrue); `pkce` exchanges a PKCE flow's auth code and its verifier for a session.
import { clientAddress, type Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError, invalidCredentials } from './errors';
import { pkceVerifierMatches } from './links';
import { createRefreshToken, findUserById, isBanned } from './users';
import { optionalString, passwordTooLong, weakPasswordReasons } from './validation';

/** How long after it was made a flow state's auth code may be exchanged. */
const FLOW_STATE_EXPIRY_SECONDS = 300;

export async function token(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const grantType = r.url.searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx, r);
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx, r);
  if (grantType === 'pkce') return pkceGrant(ctx, r);
  throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
}

async function passwordGrant(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  if (!ctx.signInLimiter.take(clientAddress(r.req))) {
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
  const body = await r.body();
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const password = optionalString(body, 'password') ?? '';
  if (email && phone) {
    throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (phone) throw authError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw authError(400, 'validation_failed', 'missing email or phone');

  // bcrypt would compare only the first 72 bytes: a longer password never matches.
  if (passwordTooLong(password)) throw invalidCredentials();
  const found = await ctx.pool.query<{ id: string; valid: boolean }>(
    `select id, encrypted_password is not null
              and encrypted_password = extensions.crypt($2, encrypted_password) as valid
       from auth.users where lower(email) = lower($1)`,
    [email, password],
  );
  const match = found.rows[0];
  if (!match) throw invalidCredentials();
  const user = await findUserById(ctx.pool, match.id);
  if (!user) throw invalidCredentials();
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
  if (!match.valid) throw invalidCredentials();
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');

  const session = await ctx.transaction((db) => ctx.startSession(db, r.req, user, 'password'));
  const weak = weakPasswordReasons(password, ctx.settings.minimumPasswordLength);
  return { status: 200, body: weak ? { ...session, weak_password: weak } : session };
}

async function refreshTokenGrant(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const refreshToken = optionalString(await r.body(), 'refresh_token');
  if (!refreshToken) throw authError(400, 'validation_failed', 'refresh_token required');

  const outcome = await ctx.transaction(async (db) => {
    const found = await db.query<{
      token: string;
      revoked: boolean;
      revoked_for: number;
      user_id: string;
      session_id: string;
    }>(
      `select rt.token, rt.revoked, extract(epoch from now() - rt.updated_at)::float8 as revoked_for,
              rt.user_id, rt.session_id
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt, s`,
      [refreshToken],
    );
    const token = found.rows[0];
    if (!token) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(db, token.user_id);
    if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw authError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
    let issued: string | undefined;
    if (token.revoked) {
      // As GoTrue: the parent of the session's active token gets that token back (its client
      // missed the answer, or another tab refreshed first); any other rotated token is only
      // good within the reuse interval, after which reuse revokes the whole family
      // (RevokeTokenFamily). A session left without an active token had its family revoked:
      // none of its tokens is good again, not even one revoked moments ago, so whoever
      // refreshed first with a stolen token is cut off too.
      const active = await db.query<{ token: string; parent: string | null }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [token.session_id],
      );
      const current = active.rows[0];
      if (current?.parent === token.token) {
        issued = current.token;
      } else if (!current || token.revoked_for > ctx.settings.refreshTokenReuseInterval) {
        const family = await db.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
          [token.session_id],
        );
        if (family.rowCount) await recordAudit(db, r.req, 'token_revoked', actorOf(user));
        return null;
      }
    }
    if (!issued) {
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
        token.token,
      ]);
      issued = await createRefreshToken(db, user.id, token.session_id, token.token);
    }
    await db.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
    await recordAudit(db, r.req, 'token_refreshed', actorOf(user));
    return ctx.tokenResponse(db, r.req, user, token.session_id, issued);
  });
  if (!outcome) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return { status: 200, body: outcome };
}

/** The auth code of a PKCE flow (from the e-mail link's redirect) and its verifier for a session. */
async function pkceGrant(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
  const authCode = optionalString(body, 'auth_code') ?? '';
  const verifier = optionalString(body, 'code_verifier') ?? '';
  if (!authCode || !verifier) {
    throw authError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const session = await ctx.transaction(async (db) => {
    const found = await db.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      expired: boolean;
    }>(
      `select id, user_id, code_challenge, code_challenge_method::text, authentication_method,
              coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
                + make_interval(secs => $2) < now() as expired
         from auth.flow_state where auth_code = $1 for update`,
      [authCode, FLOW_STATE_EXPIRY_SECONDS],
    );
    const state = found.rows[0];
    if (!state?.user_id) {
      throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (state.expired) throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    if (!pkceVerifierMatches(state.code_challenge, state.code_challenge_method, verifier)) {
      throw authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(db, state.user_id);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    await db.query('delete from auth.flow_state where id = $1', [state.id]);
    return ctx.startSession(db, r.req, user, state.authentication_method);
  });
  return { status: 200, body: session };
}
