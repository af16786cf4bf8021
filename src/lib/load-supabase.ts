import type { SupabaseClient } from './supabase';

/** The full supabase-js client, fetched on first use so public pages do not pay for it up front. */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}
