import type { TestProject } from 'vitest/node';
import { startPlatform } from '../local/platform';

export interface PlatformInfo {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  stripeUrl: string;
  paperworkUrl: string;
  ross1000Url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    platform: PlatformInfo;
  }
}

/**
 * One throw-away platform for the platform suites: free ports, an in-memory PGlite (or a new
 * database on the server in SUPABASE_DB_URL), migrations and seed applied. Never touches the data
 * of `npm start`.
 */
export default async function setup(project: TestProject) {
  const platform = await startPlatform({
    apiPort: 0,
    dataDir: null,
    databaseUrl: process.env.SUPABASE_DB_URL || undefined,
    seed: true,
    // suites call the scheduled functions themselves, when they choose
    schedule: false,
    // every suite signs in from 127.0.0.1; the limit itself is tested in platform-contract.test.ts
    signInRateLimit: 100_000,
    // and so do the MFA challenges and verifies; their limit is tested in auth-mfa.test.ts
    mfaRateLimit: 100_000,
    // the Stripe stand-in retries a refused webhook after 0.5 s, then 1 s, 2 s
    stripeRetryDelaysMs: [500, 1_000, 2_000],
    echo: process.env.PLATFORM_LOG ? (line) => console.log(line) : undefined,
  });
  project.provide('platform', {
    apiUrl: platform.apiUrl,
    dbUrl: platform.dbUrl,
    anonKey: platform.anonKey,
    serviceRoleKey: platform.serviceRoleKey,
    jwtSecret: platform.jwtSecret,
    stripeUrl: platform.stripeUrl,
    paperworkUrl: platform.paperworkUrl,
    ross1000Url: platform.ross1000Url,
  });
  return () => platform.stop();
}
