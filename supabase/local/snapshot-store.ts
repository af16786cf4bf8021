// The PGlite snapshots on disk (db-cache.ts): one folder per key holding data.tar (the data
// folder as a tarball) and manifest.json (its size and checksum; a seeded copy's seed record).
// A snapshot is written beside the others and renamed into place, so a reader never sees half of
// one; a damaged one is removed and rebuilt; the most recently used are kept.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** Snapshots kept, the most recently used first (the app's schema, the test fixtures', other branches'). */
const KEEP = 8;

/** When a seeded copy was made (ms since the epoch) and the settings its seed ran with. */
export interface SeedRecord {
  at: number;
  settings: Record<string, string>;
}

interface Manifest {
  sha256: string;
  bytes: number;
  /** present on a seeded copy */
  seed?: SeedRecord;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

/** The snapshot for `key` when it is whole (its size and checksum match its manifest); a damaged one is removed. */
export function findSnapshot(
  cacheDir: string,
  key: string,
  log: (line: string) => void = () => {},
): { key: string; dir: string; file: string; manifest: Manifest } | null {
  const dir = join(cacheDir, key);
  const file = join(dir, 'data.tar');
  if (!existsSync(dir)) return null;
  try {
    const manifest = readManifest(dir);
    if (statSync(file).size !== manifest.bytes || hashFile(file) !== manifest.sha256) {
      throw new Error('its size or checksum does not match its manifest');
    }
    const now = new Date();
    utimesSync(dir, now, now);
    return { key, dir, file, manifest };
  } catch (error) {
    log(`ignored a damaged snapshot ${key.slice(0, 12)} (${(error as Error).message}); it will be rebuilt`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/**
 * Writes the snapshot into a folder of its own and renames that folder into place, so another
 * platform sees either no snapshot or a whole one. When two build the same key, the first rename
 * wins and the other's copy is dropped. A failure here costs the next start time, never this one.
 */
export async function saveSnapshot(
  cacheDir: string,
  key: string,
  write: (file: string) => Promise<void>,
  log: (line: string) => void = () => {},
  seed?: SeedRecord,
) {
  const temp = join(cacheDir, `.tmp-${key.slice(0, 12)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(temp, { recursive: true });
    await write(join(temp, 'data.tar'));
    const file = join(temp, 'data.tar');
    const manifest: Manifest = { sha256: hashFile(file), bytes: statSync(file).size, ...(seed ? { seed } : {}) };
    writeFileSync(join(temp, 'manifest.json'), JSON.stringify(manifest));
    try {
      renameSync(temp, join(cacheDir, key));
      log(
        `saved the ${seed ? 'seeded' : 'migrated'} snapshot ${key.slice(0, 12)} (${(manifest.bytes / 2 ** 20).toFixed(0)} MiB)`,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
    prune(cacheDir);
  } catch (error) {
    log(`could not save the ${seed ? 'seeded' : 'migrated'} snapshot: ${(error as Error).message}`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Keeps the KEEP most recently used snapshots, and drops unfinished ones older than an hour. */
function prune(cacheDir: string) {
  const entries = readdirSync(cacheDir).map((name) => ({ name, mtime: statSync(join(cacheDir, name)).mtimeMs }));
  const finished = entries.filter((entry) => !entry.name.startsWith('.tmp-')).sort((a, b) => b.mtime - a.mtime);
  const abandoned = entries.filter((entry) => entry.name.startsWith('.tmp-') && entry.mtime < Date.now() - 3_600_000);
  for (const entry of [...finished.slice(KEEP), ...abandoned]) {
    rmSync(join(cacheDir, entry.name), { recursive: true, force: true });
  }
}

/** SHA-256 of a file, read a MiB at a time (a snapshot is tens of MiB; the platform keeps its memory). */
function hashFile(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(2 ** 20);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
