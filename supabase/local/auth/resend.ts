// POST /resend: the sign-up confirmation or the e-mail change links again; 200 {} when there is
// nothing to send (no such account, already confirmed, no change pending), revealing nothing.
import type { Reply } from '../shared/http';
import { type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { pkceParams } from './links';
import { createFlowState, prepareEmailChangeMails, prepareSignupConfirmation } from './mailer';
import { findUserByEmail } from './users';
import { optionalString, validateEmail } from './validation';

export async function resend(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
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
  const redirectTo = ctx.redirectTarget(r.req, r.url);
  const mails = await ctx.transaction(async (db) => {
    const user = await findUserByEmail(db, normalized);
    if (!user) return [];
    if (type === 'signup') {
      if (user.email_confirmed_at) return [];
      return [await prepareSignupConfirmation(ctx, db, { req: r.req, user, redirectTo, pkce })];
    }
    if (!user.email_change) return [];
    if (pkce) await createFlowState(db, user.id, 'email_change', pkce);
    return prepareEmailChangeMails(ctx, db, { req: r.req, user, redirectTo, pkce });
  });
  for (const mail of mails) ctx.sendMail(mail);
  return { status: 200, body: {} };
}
