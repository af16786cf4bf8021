import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/types/database';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env';

/**
 * Anonymous PostgREST client for the public pages. It is a few KB, while the full supabase-js
 * client (auth, storage, realtime) is ~50 KB gzip, so the home page reads its data with this one
 * and loads supabase-js only when someone signs in or staff tools are needed (see `loadSupabase`).
 */
export const publicDb = new PostgrestClient<Database>(`${SUPABASE_URL}/rest/v1`, {
  headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
});

/**
 * A function's refusal: its `error` text, and its `code` as the hint, as PostgREST's errors carry a
 * refusal's code (so src/lib/refusals reads both alike).
 */
export class FunctionRefusal extends Error {
  constructor(
    message: string,
    readonly hint: string | null,
  ) {
    super(message);
    this.name = 'FunctionRefusal';
  }
}

/** Invokes an edge function as the anonymous visitor; throws its `error` text and `code` (FunctionRefusal). */
export async function invokePublicFunction<T>(name: string, body: unknown): Promise<T> {
  const response = await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: SUPABASE_ANON_KEY,
      Authorization: `Bearer ${SUPABASE_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new FunctionRefusal(
      typeof payload.error === 'string' ? payload.error : `Request failed (${response.status})`,
      typeof payload.code === 'string' ? payload.code : null,
    );
  }
  return payload as T;
}
