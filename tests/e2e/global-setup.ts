import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { REPO_ROOT, startPlatform } from '../../supabase/local/platform';
import { ensureChromium } from './browser';

export default async function globalSetup() {
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
  await build({ root: REPO_ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root: REPO_ROOT,
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address() as { port: number };

  process.env.E2E_BASE_URL = `http://127.0.0.1:${address.port}`;
  process.env.E2E_API_URL = platform.apiUrl;
  process.env.E2E_DB_URL = platform.dbUrl;
  process.env.E2E_ANON_KEY = platform.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = platform.serviceRoleKey;

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await platform.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
