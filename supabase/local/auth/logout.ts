// POST /logout?scope=global|local|others: ends the caller's sessions (and so their refresh tokens
// and every access token naming them), as GoTrue.
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { actorOf, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';

export async function logout(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { user, sessionId } = await ctx.requireUser(r.req);
  const scope = r.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw authError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  // Without a session_id claim every scope ends all of the user's sessions, as in GoTrue.
  const [where, params] =
    scope === 'local' && sessionId
      ? ['id = $1', [sessionId]]
      : scope === 'others' && sessionId
        ? ['user_id = $1 and id <> $2', [user.id, sessionId]]
        : ['user_id = $1', [user.id]];
  await ctx.transaction(async (db) => {
    await db.query(`delete from auth.sessions where ${where}`, params);
    await recordAudit(db, r.req, 'logout', actorOf(user));
  });
  return { status: 204 };
}
