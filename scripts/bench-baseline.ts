// The last landed build for the benches that compare (`npm run bench:lighthouse`, `bench:admin`):
// a git ref (BENCH_BASELINE_REF, default `main`) checked out as a throw-away worktree in a temp
// folder, sharing this checkout's node_modules, and built there by its own build script
// (`scripts/prerender/build.ts` of that ref) against the API the bench started.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../supabase/local/platform';

export const BASELINE_REF = process.env.BENCH_BASELINE_REF || 'main';

export interface BaselineCheckout {
  ref: string;
  commit: string;
  dir: string;
  /** builds the site (client, SSR, prerendered pages) into outDir with these VITE_* variables */
  build(outDir: string, env: Record<string, string>): Promise<void>;
  remove(): void;
}

export function checkoutBaseline(ref = BASELINE_REF): BaselineCheckout {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO_ROOT })
    .toString()
    .trim();
  const parent = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  const dir = join(parent, 'checkout');
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, commit], { cwd: REPO_ROOT });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const remove = () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: REPO_ROOT, stdio: 'ignore' });
    } catch {
      // already gone
    }
    rmSync(parent, { recursive: true, force: true });
    try {
      execFileSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT, stdio: 'ignore' });
    } catch {
      // nothing to prune
    }
  };
  return {
    ref,
    commit,
    dir,
    remove,
    build(outDir, env) {
      const script = join(dir, '.bench-build.mts');
      writeFileSync(
        script,
        `import { buildSite } from './scripts/prerender/build.ts';\n` +
          `await buildSite({ outDir: process.argv[2], logLevel: 'warn' });\nprocess.exit(0);\n`,
      );
      const tsx = join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      if (!existsSync(tsx)) throw new Error(`no tsx in ${dir}/node_modules`);
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [tsx, script, outDir], {
          cwd: dir,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`the build of ${ref} (${commit.slice(0, 8)}) exited with ${code}`)),
        );
      });
    },
  };
}
