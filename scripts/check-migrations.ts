// CI check: no migration that existed before this change was edited, renamed or deleted.
//   npm run check:migrations              (compares with the base chosen below)
//   MIGRATIONS_BASE=<commit> npm run check:migrations
// The base is MIGRATIONS_BASE when set; on a branch other than main, its merge-base with main (the
// migrations main already had); on main itself (a clean CI clone has only main), the first parent
// of HEAD, so a merge commit is compared with main as it was before the merge. The working tree is
// compared, so uncommitted edits count too. New files are fine.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = 'supabase/migrations';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function tryGit(cwd: string, ...args: string[]): string | undefined {
  try {
    return git(cwd, ...args);
  } catch {
    return undefined;
  }
}

/** The commit whose migrations must stay as they are, or undefined when there is none to compare with. */
export function migrationsBase(cwd: string, explicit = process.env.MIGRATIONS_BASE): string | undefined {
  if (explicit) return git(cwd, 'rev-parse', '--verify', `${explicit}^{commit}`);
  const branch = tryGit(cwd, 'rev-parse', '--abbrev-ref', 'HEAD');
  const main =
    tryGit(cwd, 'rev-parse', '--verify', 'refs/heads/main') ??
    tryGit(cwd, 'rev-parse', '--verify', 'refs/remotes/origin/main');
  const head = git(cwd, 'rev-parse', 'HEAD');
  if (branch !== 'main' && main && main !== head) return tryGit(cwd, 'merge-base', 'HEAD', main);
  return tryGit(cwd, 'rev-parse', '--verify', 'HEAD^1');
}

/** Migrations of `base` that differ in the working tree: "M file", "D file" or "R old -> new". */
export function changedMigrations(cwd: string, base: string): string[] {
  const output = git(cwd, 'diff', '--name-status', '-M', base, '--', MIGRATIONS_DIR);
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .filter(([status]) => !status?.startsWith('A'))
    .map(([status, ...paths]) => `${status?.[0]} ${paths.join(' -> ')}`);
}

function main() {
  const cwd = git(process.cwd(), 'rev-parse', '--show-toplevel');
  const base = migrationsBase(cwd);
  if (!base) {
    console.log('check:migrations: no earlier commit to compare with (a first commit or a shallow clone); skipped.');
    return;
  }
  const changed = changedMigrations(cwd, base);
  if (changed.length === 0) {
    console.log(`check:migrations: no landed migration changed since ${base.slice(0, 12)}.`);
    return;
  }
  console.error(
    `check:migrations: these migrations existed at ${base.slice(0, 12)} and were changed (M), deleted (D) or renamed (R):\n` +
      changed.map((line) => `  ${line}`).join('\n') +
      '\nA landed migration never changes: databases that applied it would keep the old text. Restore it and put the change in a new migration.',
  );
  process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
