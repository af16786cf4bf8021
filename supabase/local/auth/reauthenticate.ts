// GET /reauthenticate: a code e-mailed to the signed-in user, the nonce a password change asks
// for once the session is a day old (secure_password_change); PUT /user uses it up.
import type { Queryable } from '../shared/transaction';
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { tokenHash } from './links';
import { prepareMail } from './mailer';
import type { UserRow } from './users';

export async function reauthenticate(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { user } = await ctx.requireUser(r.req);
  if (!user.email) {
    throw authError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email_confirmed_at) throw authError(422, 'email_not_confirmed', 'Please verify your email first.');
  const mail = await ctx.transaction(async (db) => {
    await recordAudit(db, r.req, 'user_reauthenticate_requested', actorOf(user));
    const redirectTo = ctx.settings.siteUrl;
    return (await prepareMail(ctx, db, r.req, user, 'reauthentication', { redirectTo })).mail;
  });
  ctx.sendMail(mail);
  return { status: 200, body: {} };
}

/** Checks and uses up a reauthentication nonce (PUT /user's password change). */
export async function consumeNonce(ctx: AuthContext, db: Queryable, user: UserRow, nonce: string): Promise<void> {
  const found = await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1 and reauthentication_token <> '' and reauthentication_token = $2
        and reauthentication_sent_at + make_interval(secs => $3) > now()
      returning id`,
    [user.id, tokenHash(user.email ?? '', nonce), ctx.settings.otpExpirySeconds],
  );
  if (found.rowCount === 0) {
    throw authError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'`, [
    user.id,
  ]);
}
