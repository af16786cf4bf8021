import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/types/database';

export const platform = () => inject('platform');

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
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const connection = new pg.Client({ connectionString: platform().dbUrl });
  await connection.connect();
  try {
    return (await connection.query<T>(text, params)).rows;
  } finally {
    await connection.end();
  }
}

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
  staff: { email: 'staff@example.com', password: 'staff-demo-2026' },
  guest: { email: 'guest@example.com', password: 'guest-demo-2026' },
} as const;
