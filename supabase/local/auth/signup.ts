// POST /signup: an e-mail and password user (signed in at once, or waiting for the confirmation
// e-mail's link when confirmations are on), or, with neither e-mail nor phone, an anonymous user
// (signInAnonymously) when config.toml allows them.
import { randomUUID } from 'node:crypto';
import { clientAddress, type Json, type Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { pkceParams } from './links';
import { prepareSignupConfirmation } from './mailer';
import type { OutgoingMail } from './mail';
import { findUserByEmail, findUserById, insertAnonymousUser, insertUser, userJson } from './users';
import { checkPasswordStrength, optionalObject, optionalString, validateEmail } from './validation';

export async function signup(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const body = await r.body();
  const password = optionalString(body, 'password');
  if (!ctx.signUpLimiter.take(clientAddress(r.req))) {
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  // Neither e-mail nor phone is an anonymous sign-up (signInAnonymously).
  if (!email && !phone) return signUpAnonymously(ctx, r, body);
  if (!password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  if (email && phone) {
    throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (phone || !email) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const normalized = validateEmail(email);

  const pkce = pkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'));
  const redirectTo = ctx.redirectTarget(r.req, r.url);
  const confirm = ctx.settings.enableConfirmations;

  const { reply, mail } = await ctx.transaction(async (db): Promise<{ reply: Reply | Error; mail?: OutgoingMail }> => {
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
      const sent = await prepareSignupConfirmation(ctx, db, { req: r.req, user, redirectTo, pkce });
      const pending = (await findUserById(db, user.id)) ?? user;
      return { reply: { status: 200, body: userJson(pending) }, mail: sent };
    }
    await recordAudit(db, r.req, 'user_signedup', actorOf(user), { provider: 'email' });
    return { reply: { status: 200, body: await ctx.startSession(db, r.req, user, 'password') } };
  });
  if (mail) ctx.sendMail(mail);
  if (reply instanceof Error) throw reply;
  return reply;
}

/** A user with no e-mail address and `is_anonymous`, signed in at once, as GoTrue makes one. */
async function signUpAnonymously(ctx: AuthContext, r: AuthRequest, body: Json): Promise<Reply> {
  if (!ctx.settings.enableAnonymousSignIns) {
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (!ctx.anonymousLimiter.take(clientAddress(r.req))) {
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
  const session = await ctx.transaction(async (db) => {
    const user = await insertAnonymousUser(db, optionalObject(body, 'data') ?? {});
    await recordAudit(db, r.req, 'user_signedup', actorOf(user), { provider: 'anonymous' });
    return ctx.startSession(db, r.req, user, 'anonymous');
  });
  return { status: 200, body: session };
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
