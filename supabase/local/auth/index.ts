// A GoTrue-compatible auth service for the local platform: the endpoints @supabase/supabase-js
// calls, with GoTrue's JSON shapes, status codes and error codes (`{ code, error_code, msg }`).
// Users live in auth.users (bcrypt hashes via pgcrypto), sessions in auth.sessions, rotating
// refresh tokens in auth.refresh_tokens; access tokens are HS256 JWTs with GoTrue's claims.
//
// The gateway strips `/auth/v1` and has already checked the `apikey` header. Every statement runs
// on the superuser pool; multi-statement work uses one client inside BEGIN/COMMIT, and no
// session-level setting is ever made (PGlite shares one session between all connections).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { inTransaction, type Queryable } from '../shared/database';
import {
  Router,
  clientAddress,
  decodeSegment,
  readJsonObject,
  serviceHandler,
  type Json,
  type Reply,
} from '../shared/http';
import { recordAudit, type AuditActor } from './audit';
import { EmailFlows } from './email-flows';
import { authError, invalidCredentials } from './errors';
import { pkceParams } from './links';
import type { OutgoingMail } from './mail';
import { SlidingWindowLimiter } from './rate-limit';
import {
  NIL_UUID,
  USER_COLUMNS,
  createRefreshToken,
  findUserByEmail,
  findUserById,
  insertAnonymousUser,
  insertUser,
  isBanned,
  makePermanent,
  mergeMetadata,
  passwordMatches,
  setBan,
  setPassword,
  userJson,
  type UserRow,
} from './users';
import {
  DEFAULT_MIN_PASSWORD_LENGTH,
  UUID_FORMAT,
  checkPasswordLength,
  checkPasswordStrength,
  jwtFailure,
  optionalObject,
  optionalString,
  paginationLink,
  parseBanDuration,
  positiveInt,
  passwordTooLong,
  validateEmail,
  weakPasswordReasons,
} from './validation';

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
  /** anonymous sign-ins per client address and hour ([auth.rate_limit] anonymous_users); 30 by default */
  anonymousSignInsPerHour?: number;
  /** where e-mails go (the local inbox); dropped when unset */
  sendMail?: (mail: OutgoingMail) => void;
  /** Shortest password accepted at sign-up and password change (config.toml's minimum_password_length); 6 by default. */
  minimumPasswordLength?: number;
  log?: (line: string) => void;
}

export interface AuthService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createAuthService(opts: AuthOptions): AuthService {
  const service = new GoTrue(opts);
  const handle = serviceHandler((req) => service.dispatch(req), {
    name: 'auth',
    internalError: () =>
      authError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    log: opts.log,
  });
  return { handle, close: async () => undefined };
}

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const MAX_BODY_BYTES = 1024 * 1024;

interface SessionRow {
  id: string;
  created_at: Date;
}

interface Claims extends JWTPayload {
  role?: string;
  session_id?: string;
}

interface Authenticated {
  user: UserRow;
  sessionId: string | null;
}

interface Request {
  req: IncomingMessage;
  url: URL;
  params: string[];
  body(): Promise<Json>;
}

type Handler = (r: Request) => Promise<Reply>;

// ------------------------------------------------------------------ service

class GoTrue {
  private readonly key: Uint8Array;
  private readonly expiry: number;
  private readonly limiter: SlidingWindowLimiter;
  private readonly signUpLimiter: SlidingWindowLimiter;
  private readonly anonymousLimiter: SlidingWindowLimiter;
  private readonly minPasswordLength: number;
  private readonly reuseInterval: number;
  private readonly flows: EmailFlows;
  private readonly router = new Router<Handler>();

  constructor(private readonly opts: AuthOptions) {
    this.key = new TextEncoder().encode(opts.jwtSecret);
    this.expiry = opts.jwtExpirySeconds ?? 3600;
    const limit = opts.signInRateLimit ?? { max: 30, windowMs: 5 * 60 * 1000 };
    this.limiter = new SlidingWindowLimiter(limit.max, limit.windowMs);
    const signUpLimit = opts.signUpRateLimit ?? limit;
    this.signUpLimiter = new SlidingWindowLimiter(signUpLimit.max, signUpLimit.windowMs);
    this.anonymousLimiter = new SlidingWindowLimiter(opts.anonymousSignInsPerHour ?? 30, 60 * 60 * 1000);
    this.minPasswordLength = opts.minimumPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
    this.reuseInterval = opts.refreshTokenReuseInterval ?? 0;
    this.flows = new EmailFlows(
      {
        transaction: (work) => this.transaction(work),
        startSession: (db, req, user, method) => this.startSession(db, req, user, method),
        apiBase: (req) => this.issuer(req),
        sendMail: (mail) => opts.sendMail?.(mail),
      },
      {
        siteUrl: opts.siteUrl,
        additionalRedirectUrls: opts.additionalRedirectUrls ?? [],
        enableConfirmations: opts.enableConfirmations ?? false,
        otpExpirySeconds: opts.otpExpirySeconds ?? 3600,
        maxFrequencySeconds: opts.maxFrequencySeconds ?? 60,
        emailSentPerHour: opts.emailSentPerHour ?? 30,
        doubleConfirmChanges: opts.doubleConfirmChanges ?? true,
      },
    );
    this.router
      .add('GET', /^\/health$/, () => this.health())
      .add('GET', /^\/settings$/, () => this.settings())
      .add('POST', /^\/signup$/, (r) => this.signup(r))
      .add('POST', /^\/token$/, (r) => this.token(r))
      .add('POST', /^\/recover$/, async (r) => this.flows.recover(r.req, r.url, await r.body()))
      .add('POST', /^\/otp$/, async (r) => this.flows.otp(r.req, r.url, await r.body()))
      .add('POST', /^\/magiclink$/, async (r) => this.flows.otp(r.req, r.url, await r.body()))
      .add('GET', /^\/verify$/, (r) => this.flows.verifyGet(r.req, r.url))
      .add('POST', /^\/verify$/, async (r) => this.flows.verifyPost(r.req, await r.body()))
      .add('POST', /^\/resend$/, async (r) => this.flows.resend(r.req, r.url, await r.body()))
      .add('GET', /^\/reauthenticate$/, async (r) =>
        this.flows.reauthenticate(r.req, (await this.requireUser(r.req)).user),
      )
      .add('POST', /^\/invite$/, async (r) => {
        const admin = await this.requireAdmin(r.req);
        return this.flows.invite(r.req, r.url, await r.body(), adminActor(admin));
      })
      .add('POST', /^\/admin\/generate_link$/, async (r) => {
        const admin = await this.requireAdmin(r.req);
        const link = await this.flows.generateLink(r.req, r.url, await r.body(), adminActor(admin));
        const { user, ...rest } = link;
        return { status: 200, body: { ...userJson(user as UserRow), ...rest } };
      })
      .add('GET', /^\/\.well-known\/jwks\.json$/, async () => ({
        // GoTrue publishes asymmetric keys only; an HS256 secret is never exposed.
        status: 200,
        headers: { 'cache-control': 'public, max-age=600' },
        body: { keys: [] },
      }))
      .add('GET', /^\/user$/, (r) => this.getUser(r))
      .add('PUT', /^\/user$/, (r) => this.updateUser(r))
      .add('POST', /^\/logout$/, (r) => this.logout(r))
      .add('GET', /^\/admin\/users$/, (r) => this.adminListUsers(r))
      .add('POST', /^\/admin\/users$/, (r) => this.adminCreateUser(r))
      .add('GET', /^\/admin\/users\/([^/]+)$/, (r) => this.adminGetUser(r))
      .add('PUT', /^\/admin\/users\/([^/]+)$/, (r) => this.adminUpdateUser(r))
      .add('DELETE', /^\/admin\/users\/([^/]+)$/, (r) => this.adminDeleteUser(r));
  }

  dispatch(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://auth.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const route = this.router.match(req.method, path);
    if (!route.handler) {
      throw route.pathMatched
        ? authError(405, 'method_not_allowed', 'Method Not Allowed')
        : authError(404, 'not_found', '404 page not found');
    }
    const params = route.params.map((param) => {
      const decoded = decodeSegment(param);
      if (decoded === undefined) throw authError(400, 'validation_failed', 'Malformed percent-encoding in the path');
      return decoded;
    });
    let parsed: Promise<Json> | undefined;
    const body = () => (parsed ??= readJson(req));
    return route.handler({ req, url, params, body });
  }

  // ---------------------------------------------------------------- public endpoints

  private async health(): Promise<Reply> {
    return {
      status: 200,
      body: { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' },
    };
  }

  private async settings(): Promise<Reply> {
    const external = Object.fromEntries(
      [
        'apple',
        'azure',
        'bitbucket',
        'discord',
        'facebook',
        'figma',
        'github',
        'gitlab',
        'google',
        'keycloak',
        'kakao',
        'linkedin_oidc',
        'notion',
        'slack_oidc',
        'spotify',
        'twitch',
        'twitter',
        'workos',
        'zoom',
        'phone',
      ].map((name) => [name, false]),
    );
    return {
      status: 200,
      body: {
        external: { ...external, anonymous_users: this.opts.enableAnonymousSignIns === true, email: true },
        disable_signup: false,
        mailer_autoconfirm: !this.opts.enableConfirmations,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      },
    };
  }

  private async signup(r: Request): Promise<Reply> {
    const body = await r.body();
    const password = optionalString(body, 'password');
    if (!this.signUpLimiter.take(clientAddress(r.req))) {
      throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    const email = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    // Neither e-mail nor phone is an anonymous sign-up (signInAnonymously).
    if (!email && !phone) return this.signUpAnonymously(r, body);
    if (!password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, this.minPasswordLength);
    if (email && phone) {
      throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
    }
    if (phone || !email) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const normalized = validateEmail(email);

    const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
    const redirectTo = this.flows.redirectTarget(r.req, r.url);
    const confirm = this.opts.enableConfirmations === true;

    const { reply, mail } = await this.transaction(async (db) => {
      let user = await findUserByEmail(db, normalized);
      if (user?.email_confirmed_at) {
        await recordAudit(db, r.req, 'user_repeated_signup', actorOf(user), { provider: 'email' });
        // With confirmations on, GoTrue answers as for a new address so sign-up reveals no account.
        if (!confirm) return { reply: authError(422, 'user_already_exists', 'User already registered') };
        return { reply: { status: 200, body: obfuscatedUser(normalized, optionalObject(body, 'data') ?? {}) } };
      }
      user ??= await insertUser(db, {
        email: normalized,
        password,
        userMetadata: optionalObject(body, 'data') ?? {},
        appMetadata: {},
        confirmed: !confirm,
        role: 'authenticated',
      });
      if (confirm) {
        const sent = await this.flows.sendSignupConfirmation(db, r.req, user, redirectTo, pkce);
        const pending = (await findUserById(db, user.id)) ?? user;
        return { reply: { status: 200, body: userJson(pending) }, mail: sent };
      }
      await recordAudit(db, r.req, 'user_signedup', actorOf(user), { provider: 'email' });
      return { reply: { status: 200, body: await this.startSession(db, r.req, user, 'password') } };
    });
    if (mail) this.opts.sendMail?.(mail);
    if (reply instanceof Error) throw reply;
    return reply;
  }

  /** A user with no e-mail address and `is_anonymous`, signed in at once, as GoTrue makes one. */
  private async signUpAnonymously(r: Request, body: Json): Promise<Reply> {
    if (!this.opts.enableAnonymousSignIns) {
      throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!this.anonymousLimiter.take(clientAddress(r.req))) {
      throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    const session = await this.transaction(async (db) => {
      const user = await insertAnonymousUser(db, optionalObject(body, 'data') ?? {});
      await recordAudit(db, r.req, 'user_signedup', actorOf(user), { provider: 'anonymous' });
      return this.startSession(db, r.req, user, 'anonymous');
    });
    return { status: 200, body: session };
  }

  private async token(r: Request): Promise<Reply> {
    const grantType = r.url.searchParams.get('grant_type');
    if (grantType === 'password') return this.passwordGrant(r);
    if (grantType === 'refresh_token') return this.refreshTokenGrant(r);
    if (grantType === 'pkce') return this.flows.exchangeCode(r.req, await r.body());
    throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
  }

  private async passwordGrant(r: Request): Promise<Reply> {
    if (!this.limiter.take(clientAddress(r.req))) {
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
    const pool = this.opts.pool;
    const found = await pool.query<{ id: string; valid: boolean }>(
      `select id, encrypted_password is not null
                and encrypted_password = extensions.crypt($2, encrypted_password) as valid
         from auth.users where lower(email) = lower($1)`,
      [email, password],
    );
    const match = found.rows[0];
    if (!match) throw invalidCredentials();
    const user = await findUserById(pool, match.id);
    if (!user) throw invalidCredentials();
    if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
    if (!match.valid) throw invalidCredentials();
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');

    const session = await this.transaction((db) => this.startSession(db, r.req, user, 'password'));
    const weak = weakPasswordReasons(password, this.minPasswordLength);
    return { status: 200, body: weak ? { ...session, weak_password: weak } : session };
  }

  private async refreshTokenGrant(r: Request): Promise<Reply> {
    const refreshToken = optionalString(await r.body(), 'refresh_token');
    if (!refreshToken) throw authError(400, 'validation_failed', 'refresh_token required');

    const outcome = await this.transaction(async (db) => {
      const found = await db.query<{
        token: string;
        revoked: boolean;
        revoked_for: number;
        user_id: string;
        session_id: string;
        session_created_at: Date;
      }>(
        `select rt.token, rt.revoked, extract(epoch from now() - rt.updated_at)::float8 as revoked_for,
                rt.user_id, rt.session_id, s.created_at as session_created_at
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
      const session = { id: token.session_id, created_at: token.session_created_at };
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
        } else if (!current || token.revoked_for > this.reuseInterval) {
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
      return this.tokenResponse(r.req, user, session, issued);
    });
    if (!outcome) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    return { status: 200, body: outcome };
  }

  private async getUser(r: Request): Promise<Reply> {
    const { user } = await this.requireUser(r.req);
    return { status: 200, body: userJson(user) };
  }

  private async updateUser(r: Request): Promise<Reply> {
    const { user, sessionId } = await this.requireUser(r.req);
    const body = await r.body();
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      throw authError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (optionalString(body, 'phone')) throw authError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    const email = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    const data = optionalObject(body, 'data');

    const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
    const nonce = optionalString(body, 'nonce');

    if (user.is_anonymous && password && !email) {
      throw authError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      );
    }

    const { updated, mails } = await this.transaction(async (db) => {
      let mails: OutgoingMail[] = [];
      if (email && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const normalized = validateEmail(email);
        if (await findUserByEmail(db, normalized)) {
          throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        if (user.is_anonymous && !this.opts.enableConfirmations) {
          // As GoTrue: without confirmations an anonymous user's new address is theirs at once.
          await db.query('update auth.users set email = $2, email_confirmed_at = now() where id = $1', [
            user.id,
            normalized,
          ]);
          await makePermanent(db, user.id);
          await recordAudit(db, r.req, 'user_modified', actorOf(user));
        } else {
          // As GoTrue: the new address takes effect once the link sent to it is followed.
          mails = await this.flows.requestEmailChange(db, r.req, r.url, user, normalized, pkce);
        }
      }
      if (password) {
        if (this.opts.securePasswordChange && (await this.sessionOlderThanADay(db, sessionId))) {
          if (!nonce) throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
          await this.flows.consumeNonce(db, user, nonce);
        }
        checkPasswordStrength(password, this.minPasswordLength);
        if (await passwordMatches(db, user.id, password)) {
          throw authError(422, 'same_password', 'New password should be different from the old password.');
        }
        await setPassword(db, user.id, password);
        // GoTrue ends every other session of the user when the password changes.
        await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
        await recordAudit(db, r.req, 'user_updated_password', actorOf(user));
      }
      if (data) await mergeMetadata(db, user.id, 'raw_user_meta_data', data);
      return { updated: await findUserById(db, user.id), mails };
    });
    for (const mail of mails) this.opts.sendMail?.(mail);
    return { status: 200, body: userJson(updated ?? user) };
  }

  private async sessionOlderThanADay(db: Queryable, sessionId: string | null): Promise<boolean> {
    if (!sessionId) return true;
    const found = await db.query<{ old: boolean }>(
      "select created_at < now() - interval '24 hours' as old from auth.sessions where id = $1",
      [sessionId],
    );
    return found.rows[0]?.old ?? true;
  }

  private async logout(r: Request): Promise<Reply> {
    const { user, sessionId } = await this.requireUser(r.req);
    const scope = r.url.searchParams.get('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw authError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    // Without a session_id claim every scope ends all of the user's sessions, as in GoTrue.
    const [where, params] =
      scope === 'local' && sessionId
        ? ['id = $1', [sessionId]]
        : scope === 'others' && sessionId
          ? ['user_id = $1 and id <> $2', [user.id, sessionId]]
          : ['user_id = $1', [user.id]];
    await this.transaction(async (db) => {
      await db.query(`delete from auth.sessions where ${where}`, params);
      await recordAudit(db, r.req, 'logout', actorOf(user));
    });
    return { status: 204 };
  }

  // ---------------------------------------------------------------- admin endpoints

  private async adminListUsers(r: Request): Promise<Reply> {
    await this.requireAdmin(r.req);
    const page = positiveInt(r.url.searchParams.get('page'), 1);
    const perPage = positiveInt(r.url.searchParams.get('per_page'), 50);
    const pool = this.opts.pool;
    const total = Number((await pool.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]?.n ?? 0);
    const rows = await pool.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    return {
      status: 200,
      headers: { 'x-total-count': String(total), link: paginationLink(r.url, page, perPage, total) },
      body: { users: rows.rows.map(userJson), aud: 'authenticated' },
    };
  }

  private async adminCreateUser(r: Request): Promise<Reply> {
    await this.requireAdmin(r.req);
    const body = await r.body();
    const email = optionalString(body, 'email');
    if (optionalString(body, 'phone')) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!email) throw authError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    const normalized = validateEmail(email);
    const password = optionalString(body, 'password');
    if (password) checkPasswordLength(password);
    const id = optionalString(body, 'id');
    if (id !== undefined && (!UUID_FORMAT.test(id) || id === NIL_UUID)) {
      throw authError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
    }
    const banDuration = parseBanDuration(body.ban_duration);

    const user = await this.transaction(async (db) => {
      if (await findUserByEmail(db, normalized)) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const created = await insertUser(db, {
        id,
        email: normalized,
        // GoTrue gives a user created without a password a random one nobody knows.
        password: password || randomBytes(32).toString('base64url'),
        userMetadata: optionalObject(body, 'user_metadata') ?? {},
        appMetadata: optionalObject(body, 'app_metadata') ?? {},
        confirmed: body.email_confirm === true,
        role: optionalString(body, 'role') || 'authenticated',
      });
      if (banDuration !== undefined) await setBan(db, created.id, banDuration);
      return (await findUserById(db, created.id)) ?? created;
    });
    return { status: 200, body: userJson(user) };
  }

  private async adminGetUser(r: Request): Promise<Reply> {
    await this.requireAdmin(r.req);
    return { status: 200, body: userJson(await this.loadUserParam(this.opts.pool, r)) };
  }

  private async adminUpdateUser(r: Request): Promise<Reply> {
    await this.requireAdmin(r.req);
    const body = await r.body();
    const email = optionalString(body, 'email');
    const password = typeof body.password === 'string' ? body.password : undefined;
    if (password !== undefined) checkPasswordStrength(password, this.minPasswordLength);
    const banDuration = parseBanDuration(body.ban_duration);

    const user = await this.transaction(async (db) => {
      const user = await this.loadUserParam(db, r);
      if (email && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const normalized = validateEmail(email);
        if (await findUserByEmail(db, normalized)) {
          throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, normalized]);
      }
      if (password !== undefined) await setPassword(db, user.id, password);
      if (body.email_confirm === true) {
        await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
          user.id,
        ]);
      }
      const role = optionalString(body, 'role');
      if (role) await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [user.id, role]);
      const userMetadata = optionalObject(body, 'user_metadata');
      if (userMetadata) await mergeMetadata(db, user.id, 'raw_user_meta_data', userMetadata);
      const appMetadata = optionalObject(body, 'app_metadata');
      if (appMetadata) await mergeMetadata(db, user.id, 'raw_app_meta_data', appMetadata);
      if (banDuration !== undefined) await setBan(db, user.id, banDuration);
      return (await findUserById(db, user.id)) ?? user;
    });
    return { status: 200, body: userJson(user) };
  }

  private async adminDeleteUser(r: Request): Promise<Reply> {
    const admin = await this.requireAdmin(r.req);
    const user = await this.loadUserParam(this.opts.pool, r);
    // `should_soft_delete` is accepted but the user is removed outright (deleted_at stays unused).
    // Rows referencing the user without ON DELETE CASCADE make this fail.
    try {
      await this.transaction(async (db) => {
        await db.query('delete from auth.users where id = $1', [user.id]);
        await recordAudit(db, r.req, 'user_deleted', adminActor(admin), {
          user_id: user.id,
          user_email: user.email ?? '',
          user_phone: '',
        });
      });
    } catch (err) {
      this.opts.log?.(`auth: deleting user ${user.id} failed: ${(err as Error).message}`);
      throw authError(500, 'unexpected_failure', 'Database error deleting user');
    }
    return { status: 200, body: {} };
  }

  private async loadUserParam(db: Queryable, r: Request): Promise<UserRow> {
    const id = r.params[0] ?? '';
    if (!UUID_FORMAT.test(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(db, id);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    return user;
  }

  // ---------------------------------------------------------------- tokens and sessions

  private async verifyBearer(req: IncomingMessage): Promise<Claims> {
    const match = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      const { payload } = await jwtVerify<Claims>(match[1], this.key, { algorithms: ['HS256'] });
      return payload;
    } catch (err) {
      throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtFailure(err)}`);
    }
  }

  private async requireUser(req: IncomingMessage): Promise<Authenticated> {
    const claims = await this.verifyBearer(req);
    if (!claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_FORMAT.test(claims.sub)) throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const pool = this.opts.pool;
    const user = await findUserById(pool, claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = await this.checkSessionClaim(pool, claims);
    if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned');
    return { user, sessionId };
  }

  private async requireAdmin(req: IncomingMessage): Promise<Claims> {
    const claims = await this.verifyBearer(req);
    if (!ADMIN_ROLES.includes(claims.role ?? '')) throw authError(403, 'not_admin', 'User not allowed');
    await this.checkSessionClaim(this.opts.pool, claims);
    return claims;
  }

  /** A token naming a session is only good while that session exists (sign-out ends it). */
  private async checkSessionClaim(db: Queryable, claims: Claims): Promise<string | null> {
    const sessionId = claims.session_id;
    if (!sessionId || sessionId === NIL_UUID) return null;
    if (!UUID_FORMAT.test(sessionId)) throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const found = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
    if (found.rowCount === 0) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return sessionId;
  }

  private async startSession(db: Queryable, req: IncomingMessage, user: UserRow, method: string): Promise<Json> {
    const session = await db.query<SessionRow>(
      'insert into auth.sessions (user_id) values ($1) returning id, created_at',
      [user.id],
    );
    const created = session.rows[0] as SessionRow;
    const refreshToken = await createRefreshToken(db, user.id, created.id, null);
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    await recordAudit(db, req, 'login', actorOf(user), { provider: 'email' });
    const signedIn = (await findUserById(db, user.id)) ?? user;
    return this.tokenResponse(req, signedIn, created, refreshToken, method);
  }

  private async tokenResponse(
    req: IncomingMessage,
    user: UserRow,
    session: SessionRow,
    refreshToken: string,
    method = 'password',
  ): Promise<Json> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.expiry;
    const accessToken = await new SignJWT({
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(session.created_at.getTime() / 1000) }],
      session_id: session.id,
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
      expires_in: this.expiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  private issuer(req: IncomingMessage): string {
    if (this.opts.issuer) return this.opts.issuer;
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const proto = req.headers['x-forwarded-proto'] ?? 'http';
    return host ? `${proto}://${host}/auth/v1` : `${this.opts.siteUrl.replace(/\/+$/, '')}/auth/v1`;
  }

  private transaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.opts.pool, work);
  }
}

function readJson(req: IncomingMessage): Promise<Json> {
  return readJsonObject(req, MAX_BODY_BYTES, {
    tooLarge: () => authError(413, 'request_too_large', 'Request body too large'),
    invalid: (detail) => authError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  });
}

function actorOf(user: UserRow): AuditActor {
  return { id: user.id, username: user.email ?? '' };
}

function adminActor(claims: Claims): AuditActor {
  return { id: claims.sub ?? NIL_UUID, username: claims.role ?? '' };
}

/** GoTrue's answer to a repeated sign-up while confirmations are on: a user-shaped object for no account. */
function obfuscatedUser(email: string, data: Json): Json {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
