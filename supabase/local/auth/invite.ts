// POST /invite (service role): creates the user without a password and e-mails the invite; the
// link confirms the address and signs them in, and they set a password from there.
import type { Queryable } from '../shared/transaction';
import type { Json, Reply } from '../shared/http';
import { recordAudit } from './audit';
import { adminActor, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { prepareMail } from './mailer';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { optionalObject, optionalString, validateEmail } from './validation';

export async function invite(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const admin = adminActor(await ctx.requireAdmin(r.req));
  const body = await r.body();
  const normalized = validateEmail(optionalString(body, 'email') ?? '');
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = ctx.redirectTarget(r.req, r.url);
  const { user, mail } = await ctx.transaction(async (db) => {
    const invited = await invitee(db, normalized, data);
    await recordAudit(db, r.req, 'user_invited', admin, { user_id: invited.id, user_email: normalized });
    const prepared = await prepareMail(ctx, db, r.req, invited, 'invite', { redirectTo, checkFrequency: false });
    return { user: (await findUserById(db, invited.id)) as UserRow, mail: prepared.mail };
  });
  ctx.sendMail(mail);
  return { status: 200, body: userJson(user) };
}

/** The user an invite is for: a new one without a password, or one that never confirmed its address. */
export async function invitee(db: Queryable, email: string, data: Json): Promise<UserRow> {
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
