import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { REPO_ROOT, startPlatform, type Platform, type PlatformOptions } from '../local/platform';
import type { Database } from '../../src/types/database';
import { readInbox, type InboxMessage } from './inbox';

export const platform = () => inject('platform');

/**
 * A platform of a test file's own for the project in supabase/tests/fixtures/<fixture>: free
 * ports, throw-away data, no seed, PostgreSQL when SUPABASE_DB_URL is set. Stop it in afterAll.
 */
export function startFixturePlatform(fixture: string, options: PlatformOptions = {}): Promise<Platform> {
  return startPlatform({
    apiPort: 0,
    dataDir: null,
    databaseUrl: process.env.SUPABASE_DB_URL || undefined,
    seed: false,
    supabaseDir: join(REPO_ROOT, 'supabase', 'tests', 'fixtures', fixture),
    ...options,
  });
}

export type Client = SupabaseClient<Database>;

function client(key: string): Client {
  return createClient<Database>(platform().apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

export const anonClient = () => client(platform().anonKey);
export const serviceClient = () => client(platform().serviceRoleKey);

/** A client signed in with e-mail and password (throws if the sign-in fails). */
export async function signedInClient(email: string, password: string): Promise<Client> {
  const supabase = anonClient();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return supabase;
}

/** Creates a confirmed account through the admin API and signs it in. */
export async function newUserClient(prefix = 'user'): Promise<{ client: Client; userId: string; email: string }> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
  const password = 'test-password-123';
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { client: await signedInClient(email, password), userId: data.user.id, email };
}

/** Runs SQL as the database superuser (setup, cleanup and checks only; never what a role may do). */
export function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return sqlOn<T>(platform().dbUrl, text, params);
}

/** `sql` on another database: the one of a platform a test file started for itself. */
export async function sqlOn<T extends pg.QueryResultRow = pg.QueryResultRow>(
  dbUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const connection = new pg.Client({ connectionString: dbUrl });
  await connection.connect();
  try {
    return (await connection.query<T>(text, params)).rows;
  } finally {
    await connection.end();
  }
}

/**
 * Runs one statement as anon, in a transaction where the client address is `address`, as the
 * gateway would report it (null: no address at all).
 */
export async function asAnon<T extends pg.QueryResultRow>(
  statement: string,
  params: unknown[],
  address: string | null,
): Promise<T[]> {
  const connection = new pg.Client({ connectionString: platform().dbUrl });
  await connection.connect();
  try {
    await connection.query('begin');
    if (address) {
      await connection.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'x-forwarded-for': address }),
      ]);
    }
    await connection.query('set local role anon');
    const { rows } = await connection.query<T>(statement, params);
    await connection.query('commit');
    return rows;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await connection.end();
  }
}

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
  staff: { email: 'staff@example.com', password: 'staff-demo-2026' },
  guest: { email: 'guest@example.com', password: 'guest-demo-2026' },
  mfaAdmin: { email: 'mfa-admin@example.com', password: 'mfa-admin-demo-2026' },
} as const;

// ---------------------------------------------------------------- helpers for the RLS / rules suites

/** `current_date + offset` in the database's calendar, as 'YYYY-MM-DD'. */
export async function dbDate(offset: number): Promise<string> {
  const [row] = await sql<{ d: string }>('select (current_date + $1::int)::text as d', [offset]);
  return row.d;
}

/** One row as the superuser sees it (jsonb, so dates and numbers compare as plain JSON), or null. */
export async function rowAsJson(table: string, key: string, value: string): Promise<Record<string, unknown> | null> {
  const [row] = await sql<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) as row from ${table} t where t.${key}::text = $1`,
    [value],
  );
  return row?.row ?? null;
}

/**
 * Creates an account straight in auth.users (the profile trigger runs; it cannot sign in).
 * Cheaper than newUserClient for rows that only need an owner.
 */
export async function createBareUser(prefix = 'bare', role?: 'guest' | 'staff' | 'admin'): Promise<string> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
  const [row] = await sql<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at,
                             updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
             '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '')
     returning id`,
    [email],
  );
  if (role) await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [row.id, role]);
  return row.id;
}

/** Deletes accounts created by a test (cascades to profiles and roles). */
export async function deleteUsers(...ids: string[]): Promise<void> {
  if (ids.length) await sql('delete from auth.users where id = any($1::uuid[])', [ids]);
}

export const SEED = {
  users: {
    admin: '00000000-0000-4000-8000-0000000000a1',
    staff: '00000000-0000-4000-8000-0000000000a2',
    guest: '00000000-0000-4000-8000-0000000000a3',
    /** mfa-admin@example.com, an admin with a verified TOTP factor (DEMO_TOTP_SECRET) */
    mfaAdmin: '00000000-0000-4000-8000-0000000000a4',
  },
  /** every seeded admin's id, sorted as adminIds() sorts */
  admins: ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a4'],
  room: (n: number) => `10000000-0000-4000-8000-00000000000${n}`,
} as const;

/** The e-mails the platform sent to an address, newest first. */
export const inboxFor = (address: string) => readInbox(platform().apiUrl, address);

/** The newest e-mail to `address` (throws when there is none). */
export async function latestMail(address: string): Promise<InboxMessage> {
  const [message] = await inboxFor(address);
  if (!message) throw new Error(`no e-mail to ${address}`);
  return message;
}

/** The access token of a signed-in client, to call an edge function as that user. */
export async function accessToken(client: Client): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** POSTs `body` to the edge function `name` with a bearer token (none: signed out); its status and JSON. */
export async function callFunction(name: string, token: string | null, body: Record<string, unknown>) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Runs the e-mail dispatcher once, as the scheduler does; its answer is shown if it is not 200. */
export async function dispatchEmails(): Promise<void> {
  const result = await callFunction('emails', platform().serviceRoleKey, { action: 'dispatch' });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

/** An account's roles, sorted. */
export async function rolesOf(userId: string): Promise<string[]> {
  const rows = await sql<{ role: string }>(
    'select role::text from public.user_roles where user_id = $1 order by role',
    [userId],
  );
  return rows.map((r) => r.role);
}

/** The ids of every admin, sorted. */
export async function adminIds(): Promise<string[]> {
  const rows = await sql<{ user_id: string }>(
    `select user_id::text from public.user_roles where role = 'admin' order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

export type CallResult = { error: { code?: string; message: string } | null; data?: unknown };

/** The call failed with this SQLSTATE (and message, when given). */
export function expectError(result: CallResult, code: string, message?: string | RegExp) {
  expect(result.error, 'expected an error').not.toBeNull();
  expect(result.error!.code, result.error!.message).toBe(code);
  if (typeof message === 'string') expect(result.error!.message).toBe(message);
  else if (message) expect(result.error!.message).toMatch(message);
}
