// POST /admin/generate_link (service role): the link and code of an e-mail (sign-up, invite,
// magic link, recovery, either side of an e-mail change) handed to the admin instead of sent.
import { randomBytes } from 'node:crypto';
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, adminActor, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import { invitee } from './invite';
import type { MailKind } from './mail';
import { prepareMail, type Slot } from './mailer';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users';
import { optionalObject, optionalString, validateEmail } from './validation';

export async function generateLink(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const admin = adminActor(await ctx.requireAdmin(r.req));
  const body = await r.body();
  let type = optionalString(body, 'type') ?? '';
  const normalized = validateEmail(optionalString(body, 'email') ?? '');
  const redirectTo = ctx.redirectTarget(r.req, r.url, optionalString(body, 'redirect_to'));
  const data = optionalObject(body, 'data') ?? {};
  let password = optionalString(body, 'password');

  const link = await ctx.transaction(async (db) => {
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
      prepareMail(ctx, db, r.req, target, kind, {
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
        await recordAudit(db, r.req, 'user_recovery_requested', actorOf(user as UserRow));
        prepared = await prepare(user as UserRow, type);
        break;
      case 'invite':
        user = await invitee(db, normalized, data);
        await recordAudit(db, r.req, 'user_invited', admin, { user_id: user.id, user_email: normalized });
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
        if (type === 'email_change_current' && !ctx.settings.doubleConfirmChanges) {
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
    const actionLink = /https?:\/\/\S+/.exec(prepared.mail.text)?.[0] ?? '';
    return {
      user: (await findUserById(db, (user as UserRow).id)) as UserRow,
      action_link: actionLink,
      email_otp: prepared.otp,
      hashed_token: prepared.hashed,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
  const { user, ...properties } = link;
  return { status: 200, body: { ...userJson(user), ...properties } };
}
