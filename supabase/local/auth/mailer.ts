// What the e-mail flows send, as GoTrue's mailer: each e-mail carries a fresh six-digit code; the
// link token is the code's hash with the address, stored in the user's row and in
// auth.one_time_tokens (prefixed `pkce_` for a PKCE flow), single use and valid for otp_expiry
// seconds. A PKCE flow also gets its auth.flow_state row. The e-mail goes out once the
// transaction that prepared it commits.
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../shared/transaction';
import { recordAudit } from './audit';
import { actorOf, type AuthContext } from './context';
import { authError } from './errors';
import { PKCE_PREFIX, generateOtp, tokenHash } from './links';
import { authMail, type MailKind, type OutgoingMail } from './mail';
import type { UserRow } from './users';

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

/** The token column and its sent-at column per kind of link; the column's name is its auth.one_time_tokens type. */
export const TOKEN_SLOTS = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_token_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_token_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  reauthentication: { column: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
} as const;
export type Slot = keyof typeof TOKEN_SLOTS;

/** The slot a verification type's token lives in (an e-mail change's link to the current address: email_change_token_current). */
export const SLOT_OF_TYPE: Record<string, Slot> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
  magiclink: 'recovery',
  email_change: 'email_change_token_new',
};

/** A link a flow e-mails: the request asking for it, the user, where it leads, its PKCE challenge. */
export interface Link {
  req: IncomingMessage;
  user: UserRow;
  redirectTo: string;
  pkce: Pkce | undefined;
}

export interface PrepareOptions {
  redirectTo: string;
  pkce?: Pkce;
  /** GoTrue's per-user window (max_frequency); on unless false */
  checkFrequency?: boolean;
  /** a link handed to an admin, not sent: no e-mail limit applies */
  generatedOnly?: boolean;
  /** the address it goes to; the user's own by default */
  address?: string;
  /** another slot than the kind's own: an e-mail change's link to the current address */
  slot?: Slot;
}

/** Makes a fresh code for the kind's slot, stores its hash, and returns the e-mail to send after commit. */
export async function prepareMail(
  ctx: AuthContext,
  db: Queryable,
  req: IncomingMessage,
  user: UserRow,
  kind: MailKind,
  opts: PrepareOptions,
): Promise<{ mail: OutgoingMail; otp: string; hashed: string }> {
  const slot: Slot = opts.slot ?? (kind === 'reauthentication' ? 'reauthentication' : (SLOT_OF_TYPE[kind] as Slot));
  const { column, sentAt } = TOKEN_SLOTS[slot];
  if (opts.checkFrequency !== false) {
    const last = await db.query<{ wait: number | null }>(
      `select ceil(extract(epoch from ${sentAt} + make_interval(secs => $2) - now()))::int as wait
         from auth.users where id = $1`,
      [user.id, ctx.settings.maxFrequencySeconds],
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
  if (!ctx.autoconfirm && !opts.generatedOnly && !ctx.emailLimiter.take('email')) {
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
    [user.id, column, stored, address],
  );
  const link =
    kind === 'reauthentication'
      ? undefined
      : `${ctx.issuer(req)}/verify?token=${encodeURIComponent(stored)}&type=${kind}` +
        `&redirect_to=${encodeRedirect(opts.redirectTo)}`;
  const mail = authMail(kind, {
    to: address,
    otp,
    link,
    siteUrl: ctx.settings.siteUrl,
    email: user.email ?? '',
    newEmail: user.email_change ?? address,
  });
  return { mail, otp, hashed: stored };
}

/** The auth.flow_state row a PKCE flow's link is exchanged against (POST /token?grant_type=pkce). */
export async function createFlowState(db: Queryable, userId: string, method: string, pkce: Pkce): Promise<void> {
  await db.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  authentication_method)
     values ($1, gen_random_uuid()::text, $2, $3, $4, $4)`,
    [userId, pkce.method, pkce.challenge, method],
  );
}

/** The confirmation e-mail of a sign-up waiting for it (sign-up, OTP, resend). */
export async function prepareSignupConfirmation(ctx: AuthContext, db: Queryable, link: Link): Promise<OutgoingMail> {
  const { req, user, redirectTo, pkce } = link;
  if (pkce) await createFlowState(db, user.id, 'email/signup', pkce);
  await recordAudit(db, req, 'user_confirmation_requested', actorOf(user), { provider: 'email' });
  return (await prepareMail(ctx, db, req, user, 'signup', { redirectTo, pkce })).mail;
}

/**
 * The e-mail change links: to the new address, and with double_confirm_changes to the current
 * one too. With confirmations on both must be followed; otherwise either applies the change.
 */
export async function prepareEmailChangeMails(ctx: AuthContext, db: Queryable, link: Link): Promise<OutgoingMail[]> {
  const { req, user, redirectTo, pkce } = link;
  const toNew = await prepareMail(ctx, db, req, user, 'email_change', {
    redirectTo,
    pkce,
    address: user.email_change ?? '',
  });
  if (!ctx.settings.doubleConfirmChanges || !user.email) return [toNew.mail];
  const toCurrent = await prepareMail(ctx, db, req, user, 'email_change', {
    redirectTo,
    pkce,
    address: user.email,
    slot: 'email_change_token_current',
    checkFrequency: false, // the same request, not a second one
  });
  return [toNew.mail, toCurrent.mail];
}

/** GoTrue leaves redirect_to as given unless it holds &, = or #, which it escapes. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url) : url;
}
