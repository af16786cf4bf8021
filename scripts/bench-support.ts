// What the benchmark scripts share: a throw-away platform on free ports, and signed-in clients.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startPlatform, type Platform, type PlatformOptions } from '../supabase/local/platform';
import type { Database } from '../src/types/database';

/** A throw-away platform (in-memory PGlite, or SUPABASE_DB_URL) on free ports; BENCH_VERBOSE echoes its log. */
export function startBenchPlatform(options: Pick<PlatformOptions, 'seed' | 'schedule'>): Promise<Platform> {
  return startPlatform({
    apiPort: 0,
    dbPort: 0,
    dataDir: null,
    databaseUrl: process.env.SUPABASE_DB_URL || undefined,
    echo: process.env.BENCH_VERBOSE ? (line) => console.log(line) : undefined,
    ...options,
  });
}

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

/** A supabase-js client signed in with e-mail and password (throws when the sign-in fails). */
export async function signedInClient(
  platform: Platform,
  account: { email: string; password: string },
): Promise<SupabaseClient<Database>> {
  const client = createClient<Database>(platform.apiUrl, platform.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // realtime is never used here; Node 20 has no global WebSocket for it
    realtime: { transport: class {} as never },
  });
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return client;
}

/** The middle value (the upper middle for an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
}
