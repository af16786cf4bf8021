// Supabase clients for edge functions: the service role's, and the caller's own (its JWT, so that
// row-level security and the SQL functions' role checks apply to what it does).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { errorResponse } from './cors.ts';

export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const options = { auth: { persistSession: false, autoRefreshToken: false } };

export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), options);
}

/** A client that acts as the caller: its requests carry the caller's bearer token. */
export function callerClient(token: string): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

export interface AdminCaller {
  token: string;
  db: SupabaseClient;
}

/**
 * The signed-in admin's token and client, or the response to send: 401 without a valid user token,
 * 403 for a user who is not an admin. `action` completes "Sign in as an admin to …".
 */
export async function adminCaller(request: Request, action: string): Promise<AdminCaller | Response> {
  const token = bearerToken(request);
  if (!token) return errorResponse(`Sign in as an admin to ${action}.`, 401);
  const db = callerClient(token);
  const { data: user } = await db.auth.getUser(token);
  if (!user.user) return errorResponse(`Sign in as an admin to ${action}.`, 401);
  const { data: isAdmin, error } = await db.rpc('is_admin');
  if (error || isAdmin !== true) return errorResponse(`Only admins can ${action}.`, 403);
  return { token, db };
}
