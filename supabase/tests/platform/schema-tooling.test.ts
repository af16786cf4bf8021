// The Supabase CLI's view of the schema: generated types are current, and its database linter
// (splinter, as `supabase db advisors` runs it) finds nothing in the project's schema.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/platform';
import { generateDatabaseTypes, TYPES_FILE } from '../../local/generate-types';
import { platform } from '../support';

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'node_modules', 'supabase', 'dist', 'supabase.js');

interface Advice {
  name: string;
  level: string;
  detail: string;
}

describe('schema tooling', () => {
  it('src/types/database.ts matches the migrations (run `npm run db:types` when this fails)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await generateDatabaseTypes());
  }, 120_000);

  it('supabase db advisors reports no security finding and no performance warning', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        CLI,
        'db',
        'advisors',
        `--remote=${platform().dbUrl}`,
        '--type',
        'all',
        '--level',
        'info',
        '--output-format',
        'json',
      ],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const advice = parseAdvice(stdout);
    // A fresh database has never used its indexes, so "unused index" notes say nothing yet.
    const findings = advice.filter(
      (item) => item.name !== 'unused_index' && (item.level !== 'INFO' || isSecurity(item)),
    );
    expect(findings.map((item) => `${item.level} ${item.name}: ${item.detail}`)).toEqual([]);
  }, 120_000);
});

function isSecurity(item: Advice & { categories?: string[] }) {
  return (item.categories ?? []).includes('SECURITY');
}

function parseAdvice(stdout: string): Array<Advice & { categories?: string[] }> {
  const start = stdout.search(/[[{]/);
  if (start === -1) return [];
  const parsed = JSON.parse(stdout.slice(start));
  const list = Array.isArray(parsed) ? parsed : (parsed.results ?? []);
  return list.map((item: Record<string, unknown>) => ({
    name: String(item.name ?? item.title ?? ''),
    level: String(item.level ?? '').toUpperCase(),
    detail: String(item.detail ?? item.description ?? ''),
    categories: item.categories as string[] | undefined,
  }));
}
