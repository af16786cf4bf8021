// GoTrue's /verify: GET follows an e-mail's link (a redirect carrying the session, a PKCE auth
// code, or the error), POST checks a token hash or an e-mailed code (answering with a session).
// Either uses the token up, then confirms the address or applies the e-mail change.
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../shared/transaction';
import type { Json, Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError, type AuthError } from './errors';
import { PKCE_PREFIX, tokenHash } from './links';
import { SLOT_OF_TYPE, TOKEN_SLOTS, type Slot } from './mailer';
import { findUserById, makePermanent, type UserRow } from './users';
import { optionalString, validateEmail } from './validation';

/** GoTrue's authentication_method of a flow state, per verification type. */
const FLOW_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};
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

type Lookup = { hash: string } | { email: string; otp: string };

/** POST /verify: token_hash + type, or email + token + type; answers with a session. */
export async function verifyPost(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
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
  let lookup: Lookup;
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
  const session = await ctx.transaction(async (db) => {
    const found = await consumeToken(ctx, db, type, lookup);
    const user = await applyVerification(ctx, db, r.req, found.user, found.type);
    return user && ctx.startSession(db, r.req, user, 'otp');
  });
  return { status: 200, body: session ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' } };
}

/** GET /verify (the e-mail link): a redirect carrying the session, a PKCE code, or the error. */
export async function verifyGet(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const token = r.url.searchParams.get('token') ?? '';
  const type = r.url.searchParams.get('type') ?? '';
  if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if (!token) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const redirectTo = ctx.redirectTarget(r.req, r.url);
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const outcome = await ctx.transaction(async (db) => {
      const found = await consumeToken(ctx, db, type, { hash: token });
      const user = await applyVerification(ctx, db, r.req, found.user, found.type);
      if (!user) return { pending: true, type: found.type };
      if (!pkce) return { session: await ctx.startSession(db, r.req, user, 'otp'), type: found.type };
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

/**
 * Finds the user a link token or code belongs to and uses the token up (single use). Errors are
 * GoTrue's 403 otp_expired for unknown, used and expired tokens alike.
 */
async function consumeToken(
  ctx: AuthContext,
  db: Queryable,
  type: string,
  lookup: Lookup,
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
  const expiry = ctx.settings.otpExpirySeconds;
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
      'hash' in lookup ? [hashes, expiry] : [hashes, expiry, lookup.email],
    );
    const row = found.rows[0];
    if (!row) continue;
    if (row.banned) throw authError(403, 'user_banned', 'User is banned');
    if (row.expired) throw invalid();
    await db.query(`update auth.users set ${column} = '' where id = $1`, [row.id]);
    // the one-time token's type is the column's name
    await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [row.id, column]);
    return { user: (await findUserById(db, row.id)) as UserRow, type: candidate };
  }
  throw invalid();
}

/**
 * What following the link does to the account: confirm it, or apply the e-mail change. Null
 * when it was the first of the two links of a double-confirmed change (confirmations on), as
 * GoTrue: the change waits for the other one.
 */
async function applyVerification(
  ctx: AuthContext,
  db: Queryable,
  req: IncomingMessage,
  user: UserRow,
  type: string,
): Promise<UserRow | null> {
  if (type === 'email_change') {
    if (ctx.settings.doubleConfirmChanges && !ctx.autoconfirm && user.email) {
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

function redirect(location: string): Reply {
  return { status: 303, headers: { location } };
}
