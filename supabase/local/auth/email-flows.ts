// GoTrue's e-mail flows: password recovery, magic links and e-mail OTPs, sign-up confirmation,
// invites, e-mail change, reauthentication, admin-generated links, the /verify endpoint (link
// and code) and the PKCE code exchange. Each e-mail carries a six-digit code; the link token is
// the code's hash with the address (stored in the user's row and auth.one_time_tokens, prefixed
// `pkce_` for a PKCE flow), single use and valid for otp_expiry seconds.
import type { IncomingMessage } from 'node:http';
import type { PoolClient } from 'pg';
import type { Queryable } from '../shared/database';
import type { Json, Reply } from '../shared/http';
import { recordAudit, type AuditActor } from './audit';
import { authError, type AuthError } from './errors';
import { PKCE_PREFIX, generateOtp, isRedirectAllowed, pkceParams, pkceVerifierMatches, tokenHash } from './links';
import { authMail, type MailKind, type OutgoingMail } from './mail';
import { SlidingWindowLimiter } from './rate-limit';
import { findUserByEmail, findUserById, insertUser, makePermanent, userJson, type UserRow } from './users';
import { optionalObject, optionalString, validateEmail } from './validation';
import { randomBytes } from 'node:crypto';

export interface EmailSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** sign-up waits for the confirmation link (GoTrue's mailer autoconfirm off) */
  enableConfirmations: boolean;
  otpExpirySeconds: number;
  /** seconds before the same kind of e-mail may go to the same user again */
  maxFrequencySeconds: number;
  emailSentPerHour: number;
  /** an e-mail change also sends a link to the current address ([auth.email] double_confirm_changes) */
  doubleConfirmChanges: boolean;
}

/** What the flows need from the auth service they belong to. */
export interface FlowHost {
  transaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T>;
  startSession(db: Queryable, req: IncomingMessage, user: UserRow, method: string): Promise<Json>;
  /** `http://<host>/auth/v1`, the base of the links in e-mails */
  apiBase(req: IncomingMessage): string;
  sendMail(mail: OutgoingMail): void;
}

/** The token column, its sent-at column and its auth.one_time_tokens type, per kind of link. */
const TOKEN_SLOTS = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_token_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_token_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  reauthentication: { column: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
} as const;
type Slot = keyof typeof TOKEN_SLOTS;
const OTT_TYPES: Record<Slot, string> = {
  confirmation: 'confirmation_token',
  recovery: 'recovery_token',
  email_change_token_new: 'email_change_token_new',
  email_change_token_current: 'email_change_token_current',
  reauthentication: 'reauthentication_token',
};

/** The slot a verification type's token lives in (an e-mail change's link to the current address: email_change_token_current). */
const SLOT_OF_TYPE: Record<string, Slot> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
  magiclink: 'recovery',
  email_change: 'email_change_token_new',
};

/** GoTrue's authentication_method of a flow state, per verification type. */
const FLOW_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};
const FLOW_STATE_EXPIRY_SECONDS = 300;
/** GoTrue's answer when the first of the two links of a double-confirmed e-mail change is followed. */
const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

export class EmailFlows {
  private readonly emailLimiter: SlidingWindowLimiter;

  constructor(
    private readonly host: FlowHost,
    private readonly settings: EmailSettings,
  ) {
    this.emailLimiter = new SlidingWindowLimiter(settings.emailSentPerHour, 3600_000);
  }

  get autoconfirm(): boolean {
    return !this.settings.enableConfirmations;
  }

  /** redirect_to (query, header or body) if allowed, else the Referer if allowed, else site_url. */
  redirectTarget(req: IncomingMessage, url: URL, bodyValue?: string): string {
    const header = req.headers['redirect_to'];
    const candidates = [
      typeof header === 'string' ? header : undefined,
      url.searchParams.get('redirect_to') ?? undefined,
      bodyValue,
      req.headers.referer,
    ];
    const allowed = candidates.find((c) =>
      isRedirectAllowed(this.settings.siteUrl, this.settings.additionalRedirectUrls, c),
    );
    return allowed ?? this.settings.siteUrl;
  }

  // ---------------------------------------------------------------- sending

  /**
   * Makes a fresh code for `slot`, stores its hash and returns the e-mail to send once the
   * transaction commits. `checkFrequency` applies GoTrue's per-user window (max_frequency);
   * `generatedOnly` is a link handed to an admin, not sent, so no e-mail limit applies.
   */
  async prepareMail(
    db: Queryable,
    req: IncomingMessage,
    user: UserRow,
    kind: MailKind,
    opts: {
      redirectTo: string;
      pkce?: Pkce;
      checkFrequency?: boolean;
      generatedOnly?: boolean;
      address?: string;
      /** another slot than the kind's own: an e-mail change's link to the current address */
      slot?: Slot;
    },
  ): Promise<{ mail: OutgoingMail; otp: string; hashed: string }> {
    const slot: Slot = opts.slot ?? (kind === 'reauthentication' ? 'reauthentication' : (SLOT_OF_TYPE[kind] as Slot));
    const { column, sentAt } = TOKEN_SLOTS[slot];
    if (opts.checkFrequency !== false) {
      const last = await db.query<{ wait: number | null }>(
        `select ceil(extract(epoch from ${sentAt} + make_interval(secs => $2) - now()))::int as wait
           from auth.users where id = $1`,
        [user.id, this.settings.maxFrequencySeconds],
      );
      const wait = last.rows[0]?.wait ?? null;
      if (wait !== null && wait > 0) {
        throw authError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        );
      }
    }
    // GoTrue limits e-mails per hour only when sign-ups need confirming.
    if (!this.autoconfirm && !opts.generatedOnly && !this.emailLimiter.take('email')) {
      throw authError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
    const address = opts.address ?? user.email ?? '';
    const otp = generateOtp();
    const hashed = tokenHash(address, otp);
    const stored = opts.pkce ? PKCE_PREFIX + hashed : hashed;
    const extra = kind === 'invite' ? ', invited_at = now()' : '';
    await db.query(`update auth.users set ${column} = $2, ${sentAt} = now()${extra} where id = $1`, [user.id, stored]);
    await db.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
       values ($1, $2, $3, $4)
       on conflict (user_id, token_type) do update
         set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
      [user.id, OTT_TYPES[slot], stored, address],
    );
    const link =
      kind === 'reauthentication'
        ? undefined
        : `${this.host.apiBase(req)}/verify?token=${encodeURIComponent(stored)}&type=${kind}` +
          `&redirect_to=${encodeRedirect(opts.redirectTo)}`;
    const mail = authMail(kind, {
      to: address,
      otp,
      link,
      siteUrl: this.settings.siteUrl,
      email: user.email ?? '',
      newEmail: user.email_change ?? address,
    });
    return { mail, otp, hashed: stored };
  }

  async createFlowState(db: Queryable, userId: string, method: string, pkce: Pkce): Promise<void> {
    await db.query(
      `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                    authentication_method)
       values ($1, gen_random_uuid()::text, $2, $3, $4, $4)`,
      [userId, pkce.method, pkce.challenge, method],
    );
  }

  // ---------------------------------------------------------------- endpoints

  /** POST /recover: 200 {} whether or not the address has an account. */
  async recover(req: IncomingMessage, url: URL, body: Json): Promise<Reply> {
    const email = optionalString(body, 'email');
    if (!email) throw authError(400, 'validation_failed', 'Password recovery requires an email');
    const normalized = validateEmail(email);
    const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
    const redirectTo = this.redirectTarget(req, url);
    const mail = await this.host.transaction(async (db) => {
      const user = await findUserByEmail(db, normalized);
      if (!user) return undefined;
      if (pkce) await this.createFlowState(db, user.id, 'recovery', pkce);
      await recordAudit(db, req, 'user_recovery_requested', actorOf(user));
      return (await this.prepareMail(db, req, user, 'recovery', { redirectTo, pkce })).mail;
    });
    if (mail) this.host.sendMail(mail);
    return { status: 200, body: {} };
  }

  /** POST /otp with an e-mail: a magic link (and code), signing the address up first unless create_user is false. */
  async otp(req: IncomingMessage, url: URL, body: Json): Promise<Reply> {
    const email = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    if (email && phone) {
      throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided');
    }
    if (phone) throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (!email) throw authError(400, 'validation_failed', 'One of email or phone must be set');
    const normalized = validateEmail(email);
    const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
    const data = optionalObject(body, 'data') ?? {};
    const createUser = body.create_user !== false;
    const redirectTo = this.redirectTarget(req, url);

    const mail = await this.host.transaction(async (db) => {
      let user = await findUserByEmail(db, normalized);
      if (!user && !createUser) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (!user || !user.email_confirmed_at) {
        if (!user) {
          user = await insertUser(db, {
            email: normalized,
            password: randomBytes(33).toString('base64url'),
            userMetadata: data,
            appMetadata: {},
            confirmed: this.autoconfirm,
            role: 'authenticated',
          });
          await recordAudit(db, req, 'user_signedup', actorOf(user), { provider: 'email' });
        }
        if (!this.autoconfirm) {
          // the confirmation e-mail is the sign-in link
          if (pkce) await this.createFlowState(db, user.id, 'email/signup', pkce);
          await recordAudit(db, req, 'user_confirmation_requested', actorOf(user), { provider: 'email' });
          return (await this.prepareMail(db, req, user, 'signup', { redirectTo, pkce })).mail;
        }
      }
      if (pkce) await this.createFlowState(db, user.id, 'magiclink', pkce);
      await recordAudit(db, req, 'user_recovery_requested', actorOf(user));
      return (await this.prepareMail(db, req, user, 'magiclink', { redirectTo, pkce })).mail;
    });
    this.host.sendMail(mail);
    return { status: 200, body: {} };
  }

  /** The confirmation e-mail of a sign-up waiting for it (sign-up, resend). */
  async sendSignupConfirmation(
    db: Queryable,
    req: IncomingMessage,
    user: UserRow,
    redirectTo: string,
    pkce: Pkce | undefined,
  ): Promise<OutgoingMail> {
    if (pkce) await this.createFlowState(db, user.id, 'email/signup', pkce);
    await recordAudit(db, req, 'user_confirmation_requested', actorOf(user), { provider: 'email' });
    return (await this.prepareMail(db, req, user, 'signup', { redirectTo, pkce })).mail;
  }

  /** POST /resend: the sign-up confirmation or the e-mail change link again; 200 {} when there is nothing to send. */
  async resend(req: IncomingMessage, url: URL, body: Json): Promise<Reply> {
    const type = optionalString(body, 'type');
    if (type === 'sms' || type === 'phone_change') {
      throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    if (type !== 'signup' && type !== 'email_change') {
      throw authError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
    const email = optionalString(body, 'email');
    if (optionalString(body, 'phone')) {
      throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    if (!email) {
      throw authError(
        400,
        'validation_failed',
        type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number',
      );
    }
    const normalized = validateEmail(email);
    const redirectTo = this.redirectTarget(req, url);
    const mail = await this.host.transaction(async (db) => {
      const user = await findUserByEmail(db, normalized);
      if (!user) return undefined;
      if (type === 'signup') {
        if (user.email_confirmed_at) return undefined;
        return this.sendSignupConfirmation(db, req, user, redirectTo, pkce);
      }
      if (!user.email_change) return undefined;
      if (pkce) await this.createFlowState(db, user.id, 'email_change', pkce);
      return this.emailChangeMails(db, req, user, redirectTo, pkce);
    });
    for (const each of [mail ?? []].flat()) this.host.sendMail(each);
    return { status: 200, body: {} };
  }

  /** PUT /user with a new address: the change waits for the link sent to it (and, double-confirmed, to the current one). */
  async requestEmailChange(
    db: Queryable,
    req: IncomingMessage,
    url: URL,
    user: UserRow,
    newEmail: string,
    pkce: Pkce | undefined,
  ): Promise<OutgoingMail[]> {
    await db.query(
      `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_token_current = ''
        where id = $1`,
      [user.id, newEmail],
    );
    if (pkce) await this.createFlowState(db, user.id, 'email_change', pkce);
    return this.emailChangeMails(db, req, { ...user, email_change: newEmail }, this.redirectTarget(req, url), pkce);
  }

  /**
   * The e-mail change links: to the new address, and with double_confirm_changes to the current
   * one too. With confirmations on both must be followed; otherwise either applies the change.
   */
  private async emailChangeMails(
    db: Queryable,
    req: IncomingMessage,
    user: UserRow,
    redirectTo: string,
    pkce: Pkce | undefined,
  ): Promise<OutgoingMail[]> {
    const toNew = await this.prepareMail(db, req, user, 'email_change', {
      redirectTo,
      pkce,
      address: user.email_change ?? '',
    });
    if (!this.settings.doubleConfirmChanges || !user.email) return [toNew.mail];
    const toCurrent = await this.prepareMail(db, req, user, 'email_change', {
      redirectTo,
      pkce,
      address: user.email,
      slot: 'email_change_token_current',
      checkFrequency: false, // the same request, not a second one
    });
    return [toNew.mail, toCurrent.mail];
  }

  /** GET /reauthenticate: a code to the signed-in user's address, the nonce of a password change. */
  async reauthenticate(req: IncomingMessage, user: UserRow): Promise<Reply> {
    if (!user.email) {
      throw authError(
        400,
        'validation_failed',
        'Reauthentication requires the user to have an email or a phone number',
      );
    }
    if (!user.email_confirmed_at) throw authError(422, 'email_not_confirmed', 'Please verify your email first.');
    const mail = await this.host.transaction(async (db) => {
      await recordAudit(db, req, 'user_reauthenticate_requested', actorOf(user));
      return (await this.prepareMail(db, req, user, 'reauthentication', { redirectTo: this.settings.siteUrl })).mail;
    });
    this.host.sendMail(mail);
    return { status: 200, body: {} };
  }

  /** Checks and uses up a reauthentication nonce (PUT /user password change). */
  async consumeNonce(db: Queryable, user: UserRow, nonce: string): Promise<void> {
    const found = await db.query(
      `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
        where id = $1 and reauthentication_token <> '' and reauthentication_token = $2
          and reauthentication_sent_at + make_interval(secs => $3) > now()
        returning id`,
      [user.id, tokenHash(user.email ?? '', nonce), this.settings.otpExpirySeconds],
    );
    if (found.rowCount === 0) {
      throw authError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    }
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'`, [
      user.id,
    ]);
  }

  /** POST /invite (service role): creates the user (no password) and sends the invite. */
  async invite(req: IncomingMessage, url: URL, body: Json, admin: AuditActor): Promise<Reply> {
    const email = optionalString(body, 'email');
    const normalized = validateEmail(email ?? '');
    const data = optionalObject(body, 'data') ?? {};
    const redirectTo = this.redirectTarget(req, url);
    const { user, mail } = await this.host.transaction(async (db) => {
      const invited = await this.invitee(db, normalized, data);
      await recordAudit(db, req, 'user_invited', admin, { user_id: invited.id, user_email: normalized });
      const prepared = await this.prepareMail(db, req, invited, 'invite', { redirectTo, checkFrequency: false });
      return { user: (await findUserById(db, invited.id)) as UserRow, mail: prepared.mail };
    });
    this.host.sendMail(mail);
    return { status: 200, body: userJson(user) };
  }

  private async invitee(db: Queryable, email: string, data: Json): Promise<UserRow> {
    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    return (
      existing ??
      insertUser(db, {
        email,
        password: null,
        userMetadata: data,
        appMetadata: {},
        confirmed: false,
        role: 'authenticated',
      })
    );
  }

  /** POST /admin/generate_link (service role): the link and code of an e-mail, without sending it. */
  async generateLink(req: IncomingMessage, url: URL, body: Json, admin: AuditActor): Promise<Json> {
    let type = optionalString(body, 'type') ?? '';
    const normalized = validateEmail(optionalString(body, 'email') ?? '');
    const redirectTo = this.redirectTarget(req, url, optionalString(body, 'redirect_to'));
    const data = optionalObject(body, 'data') ?? {};
    let password = optionalString(body, 'password');

    return this.host.transaction(async (db) => {
      let user = await findUserByEmail(db, normalized);
      if (!user) {
        if (type === 'magiclink') {
          type = 'signup';
          password = randomBytes(48).toString('base64url');
        } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
          throw authError(404, 'user_not_found', 'User with this email not found');
        }
      }
      const prepare = (target: UserRow, kind: MailKind, address?: string, slot?: Slot) =>
        this.prepareMail(db, req, target, kind, {
          redirectTo,
          checkFrequency: false,
          generatedOnly: true,
          address,
          slot,
        });
      let prepared;
      switch (type) {
        case 'magiclink':
        case 'recovery':
          await recordAudit(db, req, 'user_recovery_requested', actorOf(user as UserRow));
          prepared = await prepare(user as UserRow, type);
          break;
        case 'invite':
          user = await this.invitee(db, normalized, data);
          await recordAudit(db, req, 'user_invited', admin, { user_id: user.id, user_email: normalized });
          prepared = await prepare(user, 'invite');
          break;
        case 'signup':
          if (user?.email_confirmed_at) {
            throw authError(422, 'email_exists', 'A user with this email address has already been registered');
          }
          if (!user) {
            if (!password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
            user = await insertUser(db, {
              email: normalized,
              password,
              userMetadata: data,
              appMetadata: {},
              confirmed: false,
              role: 'authenticated',
            });
          }
          prepared = await prepare(user, 'signup');
          break;
        case 'email_change_new':
        case 'email_change_current': {
          if (type === 'email_change_current' && !this.settings.doubleConfirmChanges) {
            throw authError(400, 'validation_failed', 'Enable secure email change to generate link for current email');
          }
          const newEmail = validateEmail(optionalString(body, 'new_email') ?? '');
          if (await findUserByEmail(db, newEmail)) {
            throw authError(422, 'email_exists', 'A user with this email address has already been registered');
          }
          const changing = { ...(user as UserRow), email_change: newEmail };
          await db.query('update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [
            changing.id,
            newEmail,
          ]);
          prepared =
            type === 'email_change_new'
              ? await prepare(changing, 'email_change', newEmail)
              : await prepare(changing, 'email_change', changing.email ?? '', 'email_change_token_current');
          break;
        }
        default:
          throw authError(400, 'validation_failed', `Invalid email action link type requested: ${type}`);
      }
      const link = /https?:\/\/\S+/.exec(prepared.mail.text)?.[0] ?? '';
      const fresh = (await findUserById(db, (user as UserRow).id)) as UserRow;
      return {
        user: fresh,
        action_link: link,
        email_otp: prepared.otp,
        hashed_token: prepared.hashed,
        verification_type: type,
        redirect_to: redirectTo,
      };
    });
  }

  // ---------------------------------------------------------------- verification

  /**
   * Finds the user a link token or code belongs to and uses the token up (single use). Errors are
   * GoTrue's 403 otp_expired for unknown, used and expired tokens alike.
   */
  private async consumeToken(
    db: Queryable,
    type: string,
    lookup: { hash: string } | { email: string; otp: string },
  ): Promise<{ user: UserRow; type: string }> {
    const types = type === 'email' ? ['signup', 'magiclink'] : [type];
    const candidates: Array<[string, Slot]> = [];
    for (const candidate of types) {
      const slot = SLOT_OF_TYPE[candidate];
      if (!slot) throw authError(400, 'validation_failed', 'Invalid email verification type');
      candidates.push([candidate, slot]);
      if (slot === 'email_change_token_new') candidates.push([candidate, 'email_change_token_current']);
    }
    const invalid = () =>
      'hash' in lookup
        ? authError(403, 'otp_expired', 'Email link is invalid or has expired')
        : authError(403, 'otp_expired', 'Token has expired or is invalid');
    for (const [candidate, slot] of candidates) {
      const { column, sentAt } = TOKEN_SLOTS[slot];
      // an e-mail change code is hashed with the new address
      const addressColumn = slot === 'email_change_token_new' ? 'email_change' : 'email';
      const hashes =
        'hash' in lookup
          ? [lookup.hash]
          : [tokenHash(lookup.email, lookup.otp), PKCE_PREFIX + tokenHash(lookup.email, lookup.otp)];
      const found = await db.query<{ id: string; expired: boolean; banned: boolean }>(
        `select id, ${sentAt} is null or ${sentAt} + make_interval(secs => $2) < now() as expired,
                coalesce(banned_until > now(), false) as banned
           from auth.users
          where ${column} = any($1::text[]) and ${column} <> ''
            ${'hash' in lookup ? '' : `and lower(${addressColumn}) = lower($3)`}
          for update`,
        'hash' in lookup
          ? [hashes, this.settings.otpExpirySeconds]
          : [hashes, this.settings.otpExpirySeconds, lookup.email],
      );
      const row = found.rows[0];
      if (!row) continue;
      if (row.banned) throw authError(403, 'user_banned', 'User is banned');
      if (row.expired) throw invalid();
      await db.query(`update auth.users set ${column} = '' where id = $1`, [row.id]);
      await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
        row.id,
        OTT_TYPES[slot],
      ]);
      return { user: (await findUserById(db, row.id)) as UserRow, type: candidate };
    }
    throw invalid();
  }

  /**
   * What following the link does to the account: confirm it, or apply the e-mail change. Null
   * when it was the first of the two links of a double-confirmed change (confirmations on), as
   * GoTrue: the change waits for the other one.
   */
  private async applyVerification(
    db: Queryable,
    req: IncomingMessage,
    user: UserRow,
    type: string,
  ): Promise<UserRow | null> {
    if (type === 'email_change') {
      if (this.settings.doubleConfirmChanges && !this.autoconfirm && user.email) {
        const first = await db.query(
          `update auth.users set email_change_confirm_status = 1 where id = $1 and email_change_confirm_status = 0`,
          [user.id],
        );
        if (first.rowCount === 1) return null;
      }
      await db.query(
        `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
                email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
                email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1`,
        [user.id],
      );
      await db.query(
        `delete from auth.one_time_tokens where user_id = $1
            and token_type in ('email_change_token_new', 'email_change_token_current')`,
        [user.id],
      );
      await db.query(
        `update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email,
                'email_verified', true), updated_at = now()
           from auth.users u where u.id = i.user_id and i.user_id = $1 and i.provider = 'email'`,
        [user.id],
      );
      await makePermanent(db, user.id); // an anonymous user's first confirmed address
      await recordAudit(db, req, 'user_modified', actorOf(user));
    } else if (!user.email_confirmed_at) {
      await db.query('update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1', [user.id]);
      await db.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      await recordAudit(db, req, 'user_signedup', actorOf(user), { provider: 'email' });
    }
    return (await findUserById(db, user.id)) as UserRow;
  }

  /** POST /verify: token_hash + type, or email + token + type; answers with a session. */
  async verifyPost(req: IncomingMessage, body: Json): Promise<Reply> {
    const type = optionalString(body, 'type') ?? '';
    const token = optionalString(body, 'token') ?? '';
    const hash = optionalString(body, 'token_hash') ?? '';
    const email = optionalString(body, 'email') ?? '';
    if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
    if (type === 'sms' || type === 'phone_change' || optionalString(body, 'phone')) {
      throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    if ((token === '') === (hash === '')) {
      throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    let lookup: { hash: string } | { email: string; otp: string };
    if (token) {
      if (!email) {
        throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
      }
      lookup = { email: validateEmail(email), otp: token };
    } else {
      if (email || optionalString(body, 'redirect_to')) {
        throw authError(400, 'validation_failed', 'Only the token_hash and type should be provided');
      }
      lookup = { hash };
    }
    const session = await this.host.transaction(async (db) => {
      const found = await this.consumeToken(db, type, lookup);
      const user = await this.applyVerification(db, req, found.user, found.type);
      return user && this.host.startSession(db, req, user, 'otp');
    });
    return { status: 200, body: session ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' } };
  }

  /** GET /verify (the e-mail link): a redirect carrying the session, a PKCE code, or the error. */
  async verifyGet(req: IncomingMessage, url: URL): Promise<Reply> {
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type') ?? '';
    if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
    if (!token) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
    const redirectTo = this.redirectTarget(req, url);
    const pkce = token.startsWith(PKCE_PREFIX);
    try {
      const outcome = await this.host.transaction(async (db) => {
        const found = await this.consumeToken(db, type, { hash: token });
        const user = await this.applyVerification(db, req, found.user, found.type);
        if (!user) return { pending: true, type: found.type };
        if (!pkce) return { session: await this.host.startSession(db, req, user, 'otp'), type: found.type };
        const flow = await db.query<{ id: string; auth_code: string }>(
          `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
            order by created_at desc limit 1`,
          [user.id, FLOW_METHOD[found.type]],
        );
        const state = flow.rows[0];
        if (!state) throw authError(422, 'flow_state_not_found', 'No valid flow state found for user.');
        await db.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [
          state.id,
        ]);
        return { code: state.auth_code, type: found.type };
      });
      if ('pending' in outcome) {
        const target = new URL(redirectTo);
        if (pkce) target.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED);
        target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' }).toString();
        return redirect(target.toString());
      }
      if (outcome.code) {
        const target = new URL(redirectTo);
        target.searchParams.set('code', outcome.code);
        return redirect(target.toString());
      }
      const session = outcome.session as Json;
      const fragment = new URLSearchParams(
        Object.entries({
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: String(session.refresh_token),
          sb: '',
          token_type: String(session.token_type),
          type: outcome.type,
        }),
      );
      return redirect(`${redirectTo}#${fragment.toString()}`);
    } catch (err) {
      if (!(err instanceof Error) || !('errorCode' in err)) throw err;
      return redirect(errorRedirect(redirectTo, err as AuthError, pkce));
    }
  }

  /** POST /token?grant_type=pkce: the auth code and its verifier for a session. */
  async exchangeCode(req: IncomingMessage, body: Json): Promise<Reply> {
    const authCode = optionalString(body, 'auth_code') ?? '';
    const verifier = optionalString(body, 'code_verifier') ?? '';
    if (!authCode || !verifier) {
      throw authError(
        400,
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    const session = await this.host.transaction(async (db) => {
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
      return this.host.startSession(db, req, user, state.authentication_method);
    });
    return { status: 200, body: session };
  }
}

function actorOf(user: UserRow): AuditActor {
  return { id: user.id, username: user.email ?? '' };
}

function redirect(location: string): Reply {
  return { status: 303, headers: { location } };
}

/** GoTrue's error redirect: error, error_code and error_description in the fragment (and the query for PKCE). */
function errorRedirect(redirectTo: string, err: AuthError, pkce: boolean): string {
  const target = new URL(redirectTo);
  const params: Array<[string, string]> = [];
  const oauth = OAUTH_ERRORS[err.status];
  if (oauth) params.push(['error', oauth]);
  params.push(['error_code', err.errorCode], ['error_description', err.message]);
  if (pkce) for (const [key, value] of params) target.searchParams.set(key, value);
  target.hash = new URLSearchParams([...params, ['sb', '']]).toString();
  return target.toString();
}

/** GoTrue leaves redirect_to as given unless it holds &, = or #, which it escapes. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url) : url;
}
