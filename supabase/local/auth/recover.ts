// POST /recover: a password-recovery e-mail (link and code); 200 {} whether or not the address
// has an account, so the answer reveals none.
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { pkceParams } from './links';
import { createFlowState, prepareMail } from './mailer';
import { findUserByEmail } from './users';
import { optionalString, validateEmail } from './validation';

export async function recover(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
  const email = optionalString(body, 'email');
  if (!email) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  const normalized = validateEmail(email);
  const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
  const redirectTo = ctx.redirectTarget(r.req, r.url);
  const mail = await ctx.transaction(async (db) => {
    const user = await findUserByEmail(db, normalized);
    if (!user) return undefined;
    if (pkce) await createFlowState(db, user.id, 'recovery', pkce);
    await recordAudit(db, r.req, 'user_recovery_requested', actorOf(user));
    return (await prepareMail(ctx, db, r.req, user, 'recovery', { redirectTo, pkce })).mail;
  });
  if (mail) ctx.sendMail(mail);
  return { status: 200, body: {} };
}
