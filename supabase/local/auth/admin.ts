// GoTrue's admin user endpoints (service role): GET/POST /admin/users and GET/PUT/DELETE
// /admin/users/:id. Each checks the admin token first, as GoTrue's requireAdmin does.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../shared/transaction';
import type { Reply } from '../shared/http';
import { recordAudit } from './audit';
import { adminActor, type AuthContext, type AuthRequest } from './context';
import { authError } from './errors';
import {
  NIL_UUID,
  USER_COLUMNS,
  findUserByEmail,
  findUserById,
  insertUser,
  mergeMetadata,
  setBan,
  setPassword,
  userJson,
  type UserRow,
} from './users';
import {
  UUID_FORMAT,
  checkPasswordLength,
  checkPasswordStrength,
  optionalObject,
  optionalString,
  paginationLink,
  parseBanDuration,
  positiveInt,
  validateEmail,
} from './validation';

/** GET /admin/users?page&per_page: newest first, with GoTrue's x-total-count and link headers. */
export async function listUsers(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await ctx.requireAdmin(r.req);
  const page = positiveInt(r.url.searchParams.get('page'), 1);
  const perPage = positiveInt(r.url.searchParams.get('per_page'), 50);
  const total = Number((await ctx.pool.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]?.n ?? 0);
  const rows = await ctx.pool.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  return {
    status: 200,
    headers: { 'x-total-count': String(total), link: paginationLink(r.url, page, perPage, total) },
    body: { users: rows.rows.map(userJson), aud: 'authenticated' },
  };
}

/** POST /admin/users {email, password?, id?, email_confirm?, role?, user_metadata?, app_metadata?, ban_duration?} */
export async function createUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await ctx.requireAdmin(r.req);
  const body = await r.body();
  const email = optionalString(body, 'email');
  if (optionalString(body, 'phone')) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!email) throw authError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const normalized = validateEmail(email);
  const password = optionalString(body, 'password');
  if (password) checkPasswordLength(password);
  const id = optionalString(body, 'id');
  if (id !== undefined && (!UUID_FORMAT.test(id) || id === NIL_UUID)) {
    throw authError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
  }
  const banDuration = parseBanDuration(body.ban_duration);

  const user = await ctx.transaction(async (db) => {
    if (await findUserByEmail(db, normalized)) {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const created = await insertUser(db, {
      id,
      email: normalized,
      // GoTrue gives a user created without a password a random one nobody knows.
      password: password || randomBytes(32).toString('base64url'),
      userMetadata: optionalObject(body, 'user_metadata') ?? {},
      appMetadata: optionalObject(body, 'app_metadata') ?? {},
      confirmed: body.email_confirm === true,
      role: optionalString(body, 'role') || 'authenticated',
    });
    if (banDuration !== undefined) await setBan(db, created.id, banDuration);
    return (await findUserById(db, created.id)) ?? created;
  });
  return { status: 200, body: userJson(user) };
}

export async function getUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await ctx.requireAdmin(r.req);
  return { status: 200, body: userJson(await loadUserParam(ctx.pool, r)) };
}

/** PUT /admin/users/:id: the address at once (no link), password, confirmation, role, metadata, ban. */
export async function updateUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await ctx.requireAdmin(r.req);
  const body = await r.body();
  const email = optionalString(body, 'email');
  const password = typeof body.password === 'string' ? body.password : undefined;
  if (password !== undefined) checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  const banDuration = parseBanDuration(body.ban_duration);

  const user = await ctx.transaction(async (db) => {
    const user = await loadUserParam(db, r);
    if (email && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
      const normalized = validateEmail(email);
      if (await findUserByEmail(db, normalized)) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, normalized]);
    }
    if (password !== undefined) await setPassword(db, user.id, password);
    if (body.email_confirm === true) {
      await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
        user.id,
      ]);
    }
    const role = optionalString(body, 'role');
    if (role) await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [user.id, role]);
    const userMetadata = optionalObject(body, 'user_metadata');
    if (userMetadata) await mergeMetadata(db, user.id, 'raw_user_meta_data', userMetadata);
    const appMetadata = optionalObject(body, 'app_metadata');
    if (appMetadata) await mergeMetadata(db, user.id, 'raw_app_meta_data', appMetadata);
    if (banDuration !== undefined) await setBan(db, user.id, banDuration);
    return (await findUserById(db, user.id)) ?? user;
  });
  return { status: 200, body: userJson(user) };
}

export async function deleteUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const admin = await ctx.requireAdmin(r.req);
  const user = await loadUserParam(ctx.pool, r);
  // `should_soft_delete` is accepted but the user is removed outright (deleted_at stays unused).
  // Rows referencing the user without ON DELETE CASCADE make this fail.
  try {
    await ctx.transaction(async (db) => {
      await db.query('delete from auth.users where id = $1', [user.id]);
      await recordAudit(db, r.req, 'user_deleted', adminActor(admin), {
        user_id: user.id,
        user_email: user.email ?? '',
        user_phone: '',
      });
    });
  } catch (err) {
    ctx.log(`auth: deleting user ${user.id} failed: ${(err as Error).message}`);
    throw authError(500, 'unexpected_failure', 'Database error deleting user');
  }
  return { status: 200, body: {} };
}

async function loadUserParam(db: Queryable, r: AuthRequest): Promise<UserRow> {
  const id = r.params[0] ?? '';
  if (!UUID_FORMAT.test(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, id);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user;
}
