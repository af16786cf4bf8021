// POST /otp (and the older POST /magiclink) with an e-mail: a magic link and code, signing the
// address up first unless create_user is false; while confirmations are on, an unconfirmed
// address gets the sign-up confirmation instead, which signs in just the same.
import { randomBytes } from 'node:crypto';
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { pkceParams } from './links';
import { createFlowState, prepareMail, prepareSignupConfirmation } from './mailer';
import { findUserByEmail, insertUser } from './users';
import { optionalObject, optionalString, validateEmail } from './validation';

export async function otp(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
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
  const redirectTo = ctx.redirectTarget(r.req, r.url);

  const mail = await ctx.transaction(async (db) => {
    let user = await findUserByEmail(db, normalized);
    if (!user && !createUser) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    if (!user || !user.email_confirmed_at) {
      if (!user) {
        user = await insertUser(db, {
          email: normalized,
          password: randomBytes(33).toString('base64url'),
          userMetadata: data,
          appMetadata: {},
          confirmed: ctx.autoconfirm,
          role: 'authenticated',
        });
        await recordAudit(db, r.req, 'user_signedup', actorOf(user), { provider: 'email' });
      }
      // the confirmation e-mail is the sign-in link
      if (!ctx.autoconfirm) return prepareSignupConfirmation(ctx, db, { req: r.req, user, redirectTo, pkce });
    }
    if (pkce) await createFlowState(db, user.id, 'magiclink', pkce);
    await recordAudit(db, r.req, 'user_recovery_requested', actorOf(user));
    return (await prepareMail(ctx, db, r.req, user, 'magiclink', { redirectTo, pkce })).mail;
  });
  ctx.sendMail(mail);
  return { status: 200, body: {} };
}
