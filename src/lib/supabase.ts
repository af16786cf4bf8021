import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { AUTH_STORAGE_KEY, SUPABASE_ANON_KEY, SUPABASE_URL } from './env';
import { monitoredFetch } from './security-events';

export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true },
  global: { fetch: monitoredFetch },
});

export type SupabaseClient = typeof supabase;
