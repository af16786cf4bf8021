import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startPlatform } from '../../supabase/local/platform';
import { buildSite } from '../prerender/build';
import { serveStatic } from '../prerender/static-server';
import { ensureChromium } from './browser';

/**
 * A throw-away seeded platform and the production build of this checkout served from it, for the
 * browser tests (tests/e2e/global-setup.ts) and `npm run screenshots`. Sets E2E_BASE_URL and the
 * E2E_* variables the browser tests read; resolves to the teardown.
 */
export async function startSeededSite(): Promise<() => Promise<void>> {
  await ensureChromium();
  const platform = await startPlatform({
    apiPort: 0,
    dataDir: null,
    databaseUrl: process.env.SUPABASE_DB_URL || undefined,
    seed: true,
    signInRateLimit: 100_000,
    // sign-up confirmation on, as a project can switch it on in config.toml: the browser tests follow the e-mailed link
    auth: { enableConfirmations: true },
    echo: process.env.PLATFORM_LOG ? (line) => console.log(line) : undefined,
  });
  process.env.VITE_SUPABASE_URL = platform.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = platform.anonKey;
  // A folder of this run's own: a second run must not replace the build this one serves.
  const outDir = join(REPO_ROOT, '.local', `e2e-dist-${process.pid}`);
  // The production build as `npm run build` makes it (client, SSR, prerendered pages), served as a
  // static host serves it: a file per page, the SPA shell for the rest.
  await buildSite({ outDir, logLevel: 'warn' });
  const site = await serveStatic(outDir);

  process.env.E2E_BASE_URL = site.url;
  process.env.E2E_API_URL = platform.apiUrl;
  process.env.E2E_DB_URL = platform.dbUrl;
  process.env.E2E_ANON_KEY = platform.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = platform.serviceRoleKey;

  return async () => {
    await site.close();
    await platform.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
