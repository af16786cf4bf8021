// What every auth handler stands on: the pool and one transaction, the settings from config.toml
// with GoTrue's defaults, the rate limiters, who the bearer token names, where e-mail links may
// lead, and issuing a session (its row, a refresh token and the access token's JWT).
import type { IncomingMessage } from 'node:http';
import type { Pool, PoolClient } from 'pg';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { inTransaction, type Queryable } from '../shared/transaction';
import { readJsonObject, type Json, type Reply } from '../shared/http';
import { recordAudit, type AuditActor } from './audit';
import { authError } from './errors';
import { isRedirectAllowed } from './links';
import type { OutgoingMail } from './mail';
import { SlidingWindowLimiter } from './rate-limit';
import { NIL_UUID, createRefreshToken, findUserById, isBanned, userJson, type UserRow } from './users';
import { DEFAULT_MIN_PASSWORD_LENGTH, UUID_FORMAT, jwtFailure } from './validation';

export interface AuthOptions {
  pool: Pool;
  jwtSecret: string;
  siteUrl: string;
  /** Access-token lifetime, 3600 by default. */
  jwtExpirySeconds?: number;
  /** `iss` claim; by default `http://<Host header>/auth/v1`, i.e. the API URL the client used. */
  issuer?: string;
  /** Password sign-in attempts allowed per client address and window; 30 per 5 minutes by default. */
  signInRateLimit?: { max: number; windowMs: number };
  /** Sign-ups allowed per client address and window; the sign-in limit by default (config.toml's sign_in_sign_ups). */
  signUpRateLimit?: { max: number; windowMs: number };
  /** Seconds a rotated refresh token may still be used (config.toml's refresh_token_reuse_interval); 0 by default, as GoTrue. */
  refreshTokenReuseInterval?: number;
  /** config.toml's additional_redirect_urls: where e-mail links may lead besides site_url */
  additionalRedirectUrls?: string[];
  /** sign-up waits for the confirmation e-mail's link (config.toml's [auth.email] enable_confirmations) */
  enableConfirmations?: boolean;
  /** an e-mail change also sends a link to the current address ([auth.email] double_confirm_changes); on by default, as GoTrue */
  doubleConfirmChanges?: boolean;
  /** a password change needs a reauthentication nonce once the session is a day old ([auth.email] secure_password_change) */
  securePasswordChange?: boolean;
  /** seconds an e-mail link or code stays valid; 3600 by default */
  otpExpirySeconds?: number;
  /** seconds before the same kind of e-mail goes to the same user again; 60 by default */
  maxFrequencySeconds?: number;
  /** e-mails per hour while confirmations are on; 30 by default */
  emailSentPerHour?: number;
  /** signInAnonymously makes a user without an e-mail address (config.toml's enable_anonymous_sign_ins); off by default */
  enableAnonymousSignIns?: boolean;
  /** MFA challenges, and separately verifies, allowed per client address and window; 15 a minute by default, as hosted */
  mfaRateLimit?: { max: number; windowMs: number };
  /** anonymous sign-ins per client address and hour ([auth.rate_limit] anonymous_users); 30 by default */
  anonymousSignInsPerHour?: number;
  /** where e-mails go (the local inbox); dropped when unset */
  sendMail?: (mail: OutgoingMail) => void;
  /** Shortest password accepted at sign-up and password change (config.toml's minimum_password_length); 6 by default. */
  minimumPasswordLength?: number;
  log?: (line: string) => void;
}

/** The options with GoTrue's defaults filled in. */
export interface AuthSettings {
  siteUrl: string;
  issuer: string | undefined;
  jwtExpirySeconds: number;
  refreshTokenReuseInterval: number;
  additionalRedirectUrls: string[];
  /** sign-up waits for the confirmation link (GoTrue's mailer autoconfirm off) */
  enableConfirmations: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  otpExpirySeconds: number;
  /** seconds before the same kind of e-mail may go to the same user again */
  maxFrequencySeconds: number;
  enableAnonymousSignIns: boolean;
  minimumPasswordLength: number;
}

export interface AuthRequest {
  req: IncomingMessage;
  url: URL;
  /** The path's captured segments, URL-decoded. */
  params: string[];
  /** The JSON body, read once. */
  body(): Promise<Json>;
}

export type Handler = (ctx: AuthContext, r: AuthRequest) => Promise<Reply>;

export interface Claims extends JWTPayload {
  role?: string;
  session_id?: string;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | null;
}

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const MAX_BODY_BYTES = 1024 * 1024;

export class AuthContext {
  readonly pool: Pool;
  readonly settings: AuthSettings;
  /** password sign-ins per client address */
  readonly signInLimiter: SlidingWindowLimiter;
  readonly signUpLimiter: SlidingWindowLimiter;
  readonly anonymousLimiter: SlidingWindowLimiter;
  /** e-mails per hour, all users together, while confirmations are on */
  readonly emailLimiter: SlidingWindowLimiter;
  readonly mfaChallengeLimiter: SlidingWindowLimiter;
  readonly mfaVerifyLimiter: SlidingWindowLimiter;
  private readonly key: Uint8Array;

  constructor(private readonly opts: AuthOptions) {
    this.pool = opts.pool;
    this.key = new TextEncoder().encode(opts.jwtSecret);
    this.settings = {
      siteUrl: opts.siteUrl,
      issuer: opts.issuer,
      jwtExpirySeconds: opts.jwtExpirySeconds ?? 3600,
      refreshTokenReuseInterval: opts.refreshTokenReuseInterval ?? 0,
      additionalRedirectUrls: opts.additionalRedirectUrls ?? [],
      enableConfirmations: opts.enableConfirmations ?? false,
      doubleConfirmChanges: opts.doubleConfirmChanges ?? true,
      securePasswordChange: opts.securePasswordChange ?? false,
      otpExpirySeconds: opts.otpExpirySeconds ?? 3600,
      maxFrequencySeconds: opts.maxFrequencySeconds ?? 60,
      enableAnonymousSignIns: opts.enableAnonymousSignIns ?? false,
      minimumPasswordLength: opts.minimumPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH,
    };
    const signIn = opts.signInRateLimit ?? { max: 30, windowMs: 5 * 60 * 1000 };
    this.signInLimiter = new SlidingWindowLimiter(signIn.max, signIn.windowMs);
    const signUp = opts.signUpRateLimit ?? signIn;
    this.signUpLimiter = new SlidingWindowLimiter(signUp.max, signUp.windowMs);
    this.anonymousLimiter = new SlidingWindowLimiter(opts.anonymousSignInsPerHour ?? 30, 60 * 60 * 1000);
    this.emailLimiter = new SlidingWindowLimiter(opts.emailSentPerHour ?? 30, 3600_000);
    const mfa = opts.mfaRateLimit ?? { max: 15, windowMs: 60_000 };
    this.mfaChallengeLimiter = new SlidingWindowLimiter(mfa.max, mfa.windowMs);
    this.mfaVerifyLimiter = new SlidingWindowLimiter(mfa.max, mfa.windowMs);
  }

  /** Sign-ups are confirmed at once (GoTrue's mailer_autoconfirm): confirmations are off. */
  get autoconfirm(): boolean {
    return !this.settings.enableConfirmations;
  }

  transaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /** Hands an e-mail to the inbox; call it once the transaction that prepared it has committed. */
  sendMail(mail: OutgoingMail): void {
    this.opts.sendMail?.(mail);
  }

  log(line: string): void {
    this.opts.log?.(line);
  }

  /** `http://<host>/auth/v1`: the JWT's `iss` and the base of the links in e-mails. */
  issuer(req: IncomingMessage): string {
    if (this.settings.issuer) return this.settings.issuer;
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const proto = req.headers['x-forwarded-proto'] ?? 'http';
    return host ? `${proto}://${host}/auth/v1` : `${this.settings.siteUrl.replace(/\/+$/, '')}/auth/v1`;
  }

  /** redirect_to (header, query or body) if allowed, else the Referer if allowed, else site_url. */
  redirectTarget(req: IncomingMessage, url: URL, bodyValue?: string): string {
    const header = req.headers['redirect_to'];
    const candidates = [
      typeof header === 'string' ? header : undefined,
      url.searchParams.get('redirect_to') ?? undefined,
      bodyValue,
      req.headers.referer,
    ];
    const { siteUrl, additionalRedirectUrls } = this.settings;
    const allowed = candidates.find((c) => isRedirectAllowed(siteUrl, additionalRedirectUrls, c));
    return allowed ?? siteUrl;
  }

  // ---------------------------------------------------------------- who is calling

  async verifyBearer(req: IncomingMessage): Promise<Claims> {
    const match = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      const { payload } = await jwtVerify<Claims>(match[1], this.key, { algorithms: ['HS256'] });
      return payload;
    } catch (err) {
      throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtFailure(err)}`);
    }
  }

  /** The signed-in user the bearer token names, and its session (null for a token without one). */
  async requireUser(req: IncomingMessage): Promise<Authenticated> {
    const claims = await this.verifyBearer(req);
    if (!claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_FORMAT.test(claims.sub)) {
      throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    }
    const user = await findUserById(this.pool, claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = await this.checkSessionClaim(claims);
    if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned');
    return { user, sessionId };
  }

  /** A service-role (or supabase_admin) token, as the admin endpoints require. */
  async requireAdmin(req: IncomingMessage): Promise<Claims> {
    const claims = await this.verifyBearer(req);
    if (!ADMIN_ROLES.includes(claims.role ?? '')) throw authError(403, 'not_admin', 'User not allowed');
    await this.checkSessionClaim(claims);
    return claims;
  }

  /** A token naming a session is only good while that session exists (sign-out ends it). */
  private async checkSessionClaim(claims: Claims): Promise<string | null> {
    const sessionId = claims.session_id;
    if (!sessionId || sessionId === NIL_UUID) return null;
    if (!UUID_FORMAT.test(sessionId)) {
      throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    const found = await this.pool.query('select 1 from auth.sessions where id = $1', [sessionId]);
    if (found.rowCount === 0) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return sessionId;
  }

  // ---------------------------------------------------------------- sessions

  /** A new session for `user` at aal1: its row, the method as its first AMR claim, its first refresh token, the sign-in recorded; GoTrue's token answer. */
  async startSession(db: Queryable, req: IncomingMessage, user: UserRow, method: string): Promise<Json> {
    const session = await db.query<{ id: string }>(
      "insert into auth.sessions (user_id, aal) values ($1, 'aal1') returning id",
      [user.id],
    );
    const sessionId = (session.rows[0] as { id: string }).id;
    await addAmrClaim(db, sessionId, method);
    const refreshToken = await createRefreshToken(db, user.id, sessionId, null);
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    await recordAudit(db, req, 'login', actorOf(user), { provider: 'email' });
    const signedIn = (await findUserById(db, user.id)) ?? user;
    return this.tokenResponse(db, req, signedIn, sessionId, refreshToken);
  }

  /**
   * GoTrue's token answer: an access token (HS256 JWT with GoTrue's claims, `aal` and `amr` from
   * the session as GoTrue's CalculateAALAndAMR gives them), the refresh token and the user.
   */
  async tokenResponse(
    db: Queryable,
    req: IncomingMessage,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
  ): Promise<Json> {
    const { aal, amr } = await sessionAssurance(db, sessionId);
    const expiry = this.settings.jwtExpirySeconds;
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + expiry;
    const accessToken = await new SignJWT({
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer(req))
      .setSubject(user.id)
      .setAudience(user.aud)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }
}

/** The methods a session was authenticated with (GoTrue's AMR claims): the sign-in's, then `totp` after a verify. */
export async function addAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** AAL methods, as GoTrue's AMRClaim.IsAAL2Claim. */
const AAL2_METHODS = ['totp', 'mfa/phone', 'mfa/webauthn'];

/** A session's aal (aal2 once a second factor was verified in it) and its AMR entries, newest first. */
export async function sessionAssurance(
  db: Queryable,
  sessionId: string,
): Promise<{ aal: 'aal1' | 'aal2'; amr: { method: string; timestamp: number }[] }> {
  const claims = await db.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::float8 as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const amr = claims.rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
  return { aal: amr.some((entry) => AAL2_METHODS.includes(entry.method)) ? 'aal2' : 'aal1', amr };
}

export function readJson(req: IncomingMessage): Promise<Json> {
  return readJsonObject(req, MAX_BODY_BYTES, {
    tooLarge: () => authError(413, 'request_too_large', 'Request body too large'),
    invalid: (detail) => authError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  });
}

/** The audit trail's actor for something a user did. */
export function actorOf(user: UserRow): AuditActor {
  return { id: user.id, username: user.email ?? '' };
}

/** The audit trail's actor for something an admin token did. */
export function adminActor(claims: Claims): AuditActor {
  return { id: claims.sub ?? NIL_UUID, username: claims.role ?? '' };
}
