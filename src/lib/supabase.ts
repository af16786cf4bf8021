import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { AUTH_STORAGE_KEY, SUPABASE_ANON_KEY, SUPABASE_URL } from './env';
import { monitoredFetch, setSessionTokenSource } from './security-events';

export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true },
  global: { fetch: monitoredFetch },
});

// security events are sent with the signed-in user's token (the queue does not import this client)
setSessionTokenSource(async () => (await supabase.auth.getSession()).data.session?.access_token);

export type SupabaseClient = typeof supabase;
