// GET /user and PUT /user: the signed-in user reads themselves and changes their address (which
// waits for the e-mailed link, except an anonymous user's first address with confirmations off),
// password (ending their other sessions; a reauthentication nonce first when
// secure_password_change asks for one) and user_metadata.
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../shared/transaction';
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { pkceParams } from './links';
import type { OutgoingMail } from './mail';
import { createFlowState, prepareEmailChangeMails, type Pkce } from './mailer';
import { consumeNonce } from './reauthenticate';
import {
  findUserByEmail,
  findUserById,
  makePermanent,
  mergeMetadata,
  passwordMatches,
  setPassword,
  userJson,
  type UserRow,
} from './users';
import { checkPasswordStrength, optionalObject, optionalString, validateEmail } from './validation';

/** GET /user */
export async function getUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { user } = await ctx.requireUser(r.req);
  return { status: 200, body: userJson(user) };
}

/** PUT /user {email?, password?, nonce?, data?, code_challenge?, code_challenge_method?} */
export async function updateUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { user, sessionId } = await ctx.requireUser(r.req);
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

  const { updated, mails } = await ctx.transaction(async (db) => {
    let mails: OutgoingMail[] = [];
    if (email && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
      const normalized = validateEmail(email);
      if (await findUserByEmail(db, normalized)) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      if (user.is_anonymous && !ctx.settings.enableConfirmations) {
        // As GoTrue: without confirmations an anonymous user's new address is theirs at once.
        await db.query('update auth.users set email = $2, email_confirmed_at = now() where id = $1', [
          user.id,
          normalized,
        ]);
        await makePermanent(db, user.id);
        await recordAudit(db, r.req, 'user_modified', actorOf(user));
      } else {
        // As GoTrue: the new address takes effect once the link sent to it is followed.
        mails = await requestEmailChange(ctx, db, r.req, r.url, user, normalized, pkce);
      }
    }
    if (password) {
      if (ctx.settings.securePasswordChange && (await sessionOlderThanADay(db, sessionId))) {
        if (!nonce) throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
        await consumeNonce(ctx, db, user, nonce);
      }
      checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
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
  for (const mail of mails) ctx.sendMail(mail);
  return { status: 200, body: userJson(updated ?? user) };
}

/** A new address waits for the link sent to it (and, double-confirmed, for the one sent to the current address). */
async function requestEmailChange(
  ctx: AuthContext,
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
  if (pkce) await createFlowState(db, user.id, 'email_change', pkce);
  const redirectTo = ctx.redirectTarget(req, url);
  return prepareEmailChangeMails(ctx, db, { req, user: { ...user, email_change: newEmail }, redirectTo, pkce });
}

async function sessionOlderThanADay(db: Queryable, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return true;
  const found = await db.query<{ old: boolean }>(
    "select created_at < now() - interval '24 hours' as old from auth.sessions where id = $1",
    [sessionId],
  );
  return found.rows[0]?.old ?? true;
}
