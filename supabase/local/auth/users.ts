// Users, sessions' refresh tokens and GoTrue's JSON form of a user, in SQL on auth.*.
import { randomBytes } from 'node:crypto';
import type { Json } from '../shared/http';
import type { Queryable } from '../shared/transaction';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/**
 * The token columns GoTrue writes as '' (never NULL) when it creates a user, and reads as strings:
 * auth.users has no default for them (nor for id, aud, role, the metadata or the timestamps).
 */
const GOTRUE_STRINGS = 'confirmation_token, recovery_token, email_change_token_new, email_change';
const GOTRUE_EMPTY = "'', '', '', ''";
/** GoTrue's bcrypt cost. */
export const BCRYPT_COST = 10;

/** The columns of a user row, its e-mail identities as GoTrue's JSON among them. */
export const USER_COLUMNS = `id, aud, role, email, encrypted_password is not null as has_password,
  email_confirmed_at, confirmed_at, confirmation_sent_at, recovery_sent_at, invited_at, email_change, email_change_sent_at,
  reauthentication_sent_at, phone, phone_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  is_anonymous, banned_until, created_at, updated_at,
  (select coalesce(jsonb_agg(jsonb_build_object(
            'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
            'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
            'updated_at', i.updated_at, 'email', i.email) order by i.created_at), '[]'::jsonb)
     from auth.identities i where i.user_id = users.id) as identities,
  (select coalesce(jsonb_agg(jsonb_build_object(
            'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
            'created_at', ${utc('f.created_at')}, 'updated_at', ${utc('f.updated_at')},
            'last_challenged_at', ${utc('f.last_challenged_at')}) order by f.created_at), '[]'::jsonb)
     from auth.mfa_factors f where f.user_id = users.id) as factors`;

/** A timestamp as GoTrue's JSON writes it (RFC 3339, UTC). */
function utc(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  has_password: boolean;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  invited_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  is_anonymous: boolean;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
  identities: Json[];
  /** MFA factors, GoTrue's JSON (the secret never in it) */
  factors: Json[];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id])).rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`, [email]))
    .rows[0];
}

export interface NewUser {
  id?: string;
  email: string;
  /** null for an invited user, who sets one after following the link */
  password: string | null;
  userMetadata: Json;
  appMetadata: Json;
  confirmed: boolean;
  role: string;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const inserted = await db.query(
    `insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, ${GOTRUE_STRINGS}, created_at, updated_at)
     values (coalesce($1::uuid, gen_random_uuid()), $2, 'authenticated', $3, $4,
             case when $5::text is not null then extensions.crypt($5, extensions.gen_salt('bf', ${BCRYPT_COST})) end,
             case when $6 then now() end, $7, $8, ${GOTRUE_EMPTY}, now(), now())
     returning id`,
    [
      user.id ?? null,
      NIL_UUID,
      user.role,
      user.email,
      user.password,
      user.confirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  );
  const id = (inserted.rows[0] as { id: string }).id;
  await insertEmailIdentity(db, id, user.email, user.confirmed, user.userMetadata);
  return (await findUserById(db, id)) as UserRow;
}

/** signInAnonymously's user: no e-mail address, no identity, no provider in app_metadata (as GoTrue). */
export async function insertAnonymousUser(db: Queryable, userMetadata: Json): Promise<UserRow> {
  const inserted = await db.query<{ id: string }>(
    `insert into auth.users (id, instance_id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data,
                             ${GOTRUE_STRINGS}, created_at, updated_at)
     values (gen_random_uuid(), $1, 'authenticated', 'authenticated', true, '{}', $2, ${GOTRUE_EMPTY}, now(), now())
     returning id`,
    [NIL_UUID, JSON.stringify(userMetadata)],
  );
  return (await findUserById(db, inserted.rows[0]!.id)) as UserRow;
}

/**
 * An anonymous user whose e-mail address is now confirmed becomes a permanent e-mail user, as in
 * GoTrue: `is_anonymous` off, the `email` provider and identity added.
 */
export async function makePermanent(db: Queryable, userId: string): Promise<void> {
  const updated = await db.query<{ email: string; raw_user_meta_data: Json }>(
    `update auth.users set is_anonymous = false, updated_at = now(),
            raw_app_meta_data = raw_app_meta_data || '{"provider": "email", "providers": ["email"]}'
      where id = $1 and is_anonymous returning email, raw_user_meta_data`,
    [userId],
  );
  const user = updated.rows[0];
  if (user) await insertEmailIdentity(db, userId, user.email, true, user.raw_user_meta_data);
}

/** The `email` identity GoTrue gives every e-mail user: provider_id is the user's id. */
export async function insertEmailIdentity(
  db: Queryable,
  userId: string,
  email: string,
  verified: boolean,
  metadata: Json,
): Promise<void> {
  // GoTrue copies the sign-up metadata into identity_data under its own claims.
  const claims = { sub: userId, email, email_verified: verified, phone_verified: false };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [userId, JSON.stringify({ ...metadata, ...claims })],
  );
}

export async function setPassword(db: Queryable, userId: string, password: string): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', ${BCRYPT_COST})), updated_at = now()
      where id = $1`,
    [userId, password],
  );
}

export async function passwordMatches(db: Queryable, userId: string, password: string): Promise<boolean> {
  const found = await db.query(
    'select 1 from auth.users where id = $1 and encrypted_password = extensions.crypt($2, encrypted_password)',
    [userId, password],
  );
  return (found.rowCount ?? 0) > 0;
}

/** GoTrue's metadata update: keys are merged in, a key set to null is removed. */
export async function mergeMetadata(
  db: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  changes: Json,
): Promise<void> {
  const removed = Object.keys(changes).filter((key) => changes[key] === null);
  await db.query(
    `update auth.users set ${column} = (${column} || $2::jsonb) - $3::text[], updated_at = now() where id = $1`,
    [userId, JSON.stringify(changes), removed],
  );
}

export async function setBan(db: Queryable, userId: string, seconds: number): Promise<void> {
  await db.query(
    `update auth.users set banned_until = case when $2::float8 > 0 then now() + make_interval(secs => $2::float8) end,
            updated_at = now() where id = $1`,
    [userId, seconds],
  );
}

export async function createRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomBytes(12).toString('base64url');
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
    token,
    userId,
    sessionId,
    parent,
  ]);
  return token;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** A user as GoTrue serialises it; unset timestamps are left out, as GoTrue's omitempty does. */
export function userJson(user: UserRow): Json {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities,
    // GoTrue's `factors,omitempty`: left out while the user has none.
    factors: user.factors.length > 0 ? user.factors : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

function iso(value: Date | null): string | undefined {
  return value ? value.toISOString() : undefined;
}
