// The production build: the client bundle (dist/), the server bundle of `src/entry-server.tsx`
// (a temporary folder), then every public page in every language written as static HTML
// (`./prerender-pages.ts`). `npm run build` runs it after the type check.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type LogLevel } from 'vite';
import { REPO_ROOT } from '../../supabase/local/platform';
import { prerenderPages } from './prerender-pages';

export interface BuildSiteOptions {
  /** where the site goes (default dist/) */
  outDir?: string;
  logLevel?: LogLevel;
}

export async function buildSite(options: BuildSiteOptions = {}): Promise<void> {
  const outDir = resolve(REPO_ROOT, options.outDir ?? 'dist');
  const logLevel = options.logLevel ?? 'info';
  // Inside the repository, so the server bundle resolves its packages from node_modules.
  const ssrDir = join(REPO_ROOT, '.local', `ssr-${process.pid}-${Date.now()}`);
  await build({ root: REPO_ROOT, logLevel, build: { outDir, emptyOutDir: true } });
  try {
    await build({
      root: REPO_ROOT,
      logLevel: logLevel === 'info' ? 'warn' : logLevel,
      build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    });
    await prerenderPages({ outDir, serverEntry: join(ssrDir, 'entry-server.js') });
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
