// GoTrue's MFA API for TOTP factors (internal/api/mfa.go): POST /factors enrols an unverified
// factor and answers its secret, otpauth:// URI and QR code; POST /factors/{id}/challenge opens a
// challenge for 5 minutes; POST /factors/{id}/verify checks a code against it and answers a new
// access token at aal2 (the factor becomes verified, the user's other aal1 sessions end, the
// unverified factors go); DELETE /factors/{id} unenrols. Challenges and verifies are each limited
// per client address (15 a minute by default).
import type { Queryable } from '../shared/transaction';
import { clientAddress, type Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, addAmrClaim, type AuthContext, type AuthRequest, type Authenticated } from './context';
import { authError } from './errors';
import { qrSvg } from './qr';
import { newTotpSecret, totpUri, totpValid } from './totp';
import { createRefreshToken, findUserById } from './users';
import { UUID_FORMAT, optionalString } from './validation';

/** GoTrue's MFA defaults: challenge_expiry_duration, factor_expiry_duration and max_enrolled_factors. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const MAX_ENROLLED_FACTORS = 10;

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string;
}

interface Caller extends Authenticated {
  sessionId: string;
  aal: string | null;
}

/** POST /factors {factor_type, friendly_name?, issuer?} */
export async function enrollFactor(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const caller = await requireSessionUser(ctx, r);
  const body = await r.body();
  const factorType = optionalString(body, 'factor_type') ?? '';
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  if (factorType === 'phone') throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn') {
    throw authError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp') {
    throw authError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  const issuer = optionalString(body, 'issuer') || new URL(ctx.settings.siteUrl).host;
  const { user } = caller;

  const secret = newTotpSecret();
  const uri = totpUri(issuer, user.email ?? '', secret);
  const factorId = await ctx.transaction(async (db) => {
    await db.query(
      `delete from auth.mfa_factors f where status <> 'verified' and created_at + make_interval(secs => $1) < now()
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
      [UNVERIFIED_FACTOR_EXPIRY_SECONDS],
    );
    const existing = await db.query<{ friendly_name: string | null; status: string }>(
      'select friendly_name, status::text from auth.mfa_factors where user_id = $1',
      [user.id],
    );
    if (existing.rows.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw authError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    if (existing.rows.length >= MAX_ENROLLED_FACTORS) {
      throw authError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (existing.rows.some((f) => f.status === 'verified') && caller.aal !== 'aal2') {
      throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const inserted = await db.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, $2, 'totp', 'unverified', now(), now(), $3) returning id`,
      [user.id, friendlyName, secret],
    );
    const id = inserted.rows[0]!.id;
    await recordAudit(db, r.req, 'factor_in_progress', actorOf(user), { factor_id: id });
    return id;
  });
  return {
    status: 200,
    body: { id: factorId, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrSvg(uri), secret, uri } },
  };
}

/** POST /factors/{id}/challenge */
export async function challengeFactor(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  if (!ctx.mfaChallengeLimiter.take(clientAddress(r.req))) throw overRateLimit();
  const caller = await requireSessionUser(ctx, r);
  const factor = await loadFactor(ctx.pool, caller, r.params[0] ?? '');
  const challenge = await ctx.transaction(async (db) => {
    const inserted = await db.query<{ id: string; expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values (gen_random_uuid(), $1, now(), $2::inet)
       returning id, extract(epoch from created_at + make_interval(secs => $3))::bigint::float8 as expires_at`,
      [factor.id, inetOf(clientAddress(r.req)), CHALLENGE_EXPIRY_SECONDS],
    );
    await db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    await recordAudit(db, r.req, 'challenge_created', actorOf(caller.user), {
      factor_id: factor.id,
      factor_status: factor.status,
    });
    return inserted.rows[0]!;
  });
  return { status: 200, body: { id: challenge.id, type: 'totp', expires_at: Number(challenge.expires_at) } };
}

/** POST /factors/{id}/verify {challenge_id, code} */
export async function verifyFactor(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  if (!ctx.mfaVerifyLimiter.take(clientAddress(r.req))) throw overRateLimit();
  const caller = await requireSessionUser(ctx, r);
  const factor = await loadFactor(ctx.pool, caller, r.params[0] ?? '');
  const body = await r.body();
  const challengeId = optionalString(body, 'challenge_id') ?? '';
  const code = optionalString(body, 'code') ?? '';
  if (!code) throw authError(400, 'validation_failed', 'Code needs to be non-empty');

  const result = await ctx.transaction(async (db) => {
    const found = UUID_FORMAT.test(challengeId)
      ? await db.query<{ id: string; verified: boolean; ip_address: string; expired: boolean }>(
          `select id, verified_at is not null as verified, host(ip_address) as ip_address,
                  created_at + make_interval(secs => $3) < now() as expired
             from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
          [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
        )
      : { rows: [] };
    const challenge = found.rows[0];
    if (!challenge) {
      throw authError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.verified || challenge.ip_address !== inetOf(clientAddress(r.req))) {
      throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.expired) {
      await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      return { expired: challenge.id };
    }
    if (!totpValid(factor.secret, code)) return { invalid: true };

    await recordAudit(db, r.req, 'verification_attempted', actorOf(caller.user), {
      factor_id: factor.id,
      challenge_id: challenge.id,
      factor_type: 'totp',
    });
    await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    if (factor.status !== 'verified') {
      await db.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
    }
    await addAmrClaim(db, caller.sessionId, 'totp');
    await db.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [
      caller.sessionId,
      factor.id,
    ]);
    // The session's refresh tokens from before the code are gone (GoTrue moves its counter past
    // them): none of them, not even within the reuse interval, refreshes into an aal2 token.
    await db.query('delete from auth.refresh_tokens where session_id = $1', [caller.sessionId]);
    const refreshToken = await createRefreshToken(db, caller.user.id, caller.sessionId, null);
    // InvalidateSessionsWithAALLessThan(aal2): the user's other sessions that stayed at aal1 end.
    await db.query("delete from auth.sessions where user_id = $1 and aal < 'aal2'", [caller.user.id]);
    await db.query(
      "delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'",
      [caller.user.id],
    );
    const user = (await findUserById(db, caller.user.id)) ?? caller.user;
    return { token: await ctx.tokenResponse(db, r.req, user, caller.sessionId, refreshToken) };
  });
  if ('expired' in result) {
    throw authError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${result.expired} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if ('invalid' in result) throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  return { status: 200, body: result.token };
}

/** DELETE /factors/{id} */
export async function unenrollFactor(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const caller = await requireSessionUser(ctx, r);
  const factor = await loadFactor(ctx.pool, caller, r.params[0] ?? '');
  if (factor.status === 'verified' && caller.aal !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.transaction(async (db) => {
    await unenroll(db, factor.id);
    await recordAudit(db, r.req, 'factor_unenrolled', actorOf(caller.user), {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: caller.sessionId,
    });
  });
  return { status: 200, body: { id: factor.id } };
}

/**
 * Removes a factor and, as GoTrue's DowngradeSessionsToAAL1, takes its `totp` claim from the
 * sessions verified with it: their next token is aal1 again.
 */
export async function unenroll(db: Queryable, factorId: string): Promise<void> {
  const sessions = await db.query<{ id: string }>(
    "update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id",
    [factorId],
  );
  const ids = sessions.rows.map((s) => s.id);
  if (ids.length) {
    await db.query(
      "delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = 'totp'",
      [ids],
    );
  }
  await db.query('delete from auth.mfa_factors where id = $1', [factorId]);
}

async function requireSessionUser(ctx: AuthContext, r: AuthRequest): Promise<Caller> {
  const caller = await ctx.requireUser(r.req);
  if (caller.user.is_anonymous)
    throw authError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!caller.sessionId) {
    throw authError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor');
  }
  const session = await ctx.pool.query<{ aal: string | null }>('select aal::text from auth.sessions where id = $1', [
    caller.sessionId,
  ]);
  return { ...caller, sessionId: caller.sessionId, aal: session.rows[0]?.aal ?? null };
}

async function loadFactor(db: Queryable, caller: Caller, id: string): Promise<FactorRow> {
  if (!UUID_FORMAT.test(id)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
  const found = await db.query<FactorRow>(
    `select id, friendly_name, factor_type::text, status::text as status, secret
       from auth.mfa_factors where id = $1 and user_id = $2`,
    [id, caller.user.id],
  );
  const factor = found.rows[0];
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** The address as auth.mfa_challenges keeps it (inet): an IPv4 address mapped into IPv6 as itself. */
function inetOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return /^[0-9a-f.:]+$/i.test(address) ? address : '0.0.0.0';
}

function overRateLimit(): Error {
  return authError(429, 'over_request_rate_limit', 'Request rate limit reached');
}
