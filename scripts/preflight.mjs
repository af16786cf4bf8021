// Runs before `npm start` and `npm test` (npm's prestart/pretest): on a fresh clone, or when
// package-lock.json pins other versions than node_modules holds, it installs exactly what the
// lockfile pins (`npm ci`). Plain Node on purpose: tsx and everything else come from that install.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installed = join(root, 'node_modules', '.package-lock.json');

/** Why node_modules does not match package-lock.json, or null when it does. */
function staleness() {
  if (!existsSync(installed)) return 'node_modules is missing';
  const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
  const present = JSON.parse(readFileSync(installed, 'utf8')).packages;
  for (const [path, pin] of Object.entries(wanted)) {
    if (!path) continue;
    const found = present[path];
    // optional packages are another platform's builds (deno, esbuild, …), absent here by design
    if (!found && !pin.optional && !pin.devOptional) return `${path} is not installed`;
    if (found && found.version !== pin.version) return `${path} is ${found.version}, the lockfile pins ${pin.version}`;
  }
  return null;
}

const reason = staleness();
if (reason) {
  console.log(`${reason}: installing what package-lock.json pins (npm ci)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
