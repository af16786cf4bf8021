import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectConfig } from '../../supabase/local/config';
import { freePort, startPglite } from '../../supabase/local/database-server';
import { migrate } from '../../supabase/local/migrations';
import { REPO_ROOT } from '../../supabase/local/platform';
import { schemaSnapshot } from './snapshot';

export const SCHEMA_DIR = join(REPO_ROOT, 'supabase', 'schema');

/** The snapshot of a throw-away PGlite database holding exactly the migrations (no seed). */
export async function migratedSchemaSnapshot(): Promise<Map<string, string>> {
  const supabaseDir = join(REPO_ROOT, 'supabase');
  const database = await startPglite(await freePort(), undefined);
  try {
    await migrate(database.url, supabaseDir, { seed: false, buckets: readProjectConfig(supabaseDir).buckets });
    return await schemaSnapshot(database.url);
  } finally {
    await database.stop();
  }
}

/** The files in supabase/schema/ now. */
export function committedSchema(): Map<string, string> {
  return new Map(
    readdirSync(SCHEMA_DIR)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => [file, readFileSync(join(SCHEMA_DIR, file), 'utf8')]),
  );
}
