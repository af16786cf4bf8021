// Generates src/types/database.ts (`npm run db:types`; a test fails when it is stale).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { format } from 'prettier';
import { readProjectConfig } from './config';
import { freePort, startPglite } from './database-server';
import { migrate } from './migrations';
import { REPO_ROOT } from './platform';

export const TYPES_FILE = join(REPO_ROOT, 'src', 'types', 'database.ts');

/**
 * The TypeScript types of the public schema as the Supabase CLI generates them
 * (`supabase gen types typescript --remote=<db url>`), from a throw-away database holding exactly
 * the migrations, formatted with prettier.
 */
export async function generateDatabaseTypes(): Promise<string> {
  const supabaseDir = join(REPO_ROOT, 'supabase');
  const database = await startPglite(await freePort(), undefined);
  try {
    await migrate(database.url, supabaseDir, { seed: false, buckets: readProjectConfig(supabaseDir).buckets });
    const cli = join(REPO_ROOT, 'node_modules', 'supabase', 'dist', 'supabase.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'gen', 'types', 'typescript', `--remote=${database.url}`, '--schema', 'public'],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    return format(stdout, { parser: 'typescript', singleQuote: true, printWidth: 120 });
  } finally {
    await database.stop();
  }
}
