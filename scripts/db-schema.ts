// `npm run db:schema`: writes supabase/schema/, the database as the migrations leave it, one file
// per area (scripts/db-schema/areas.ts), from a throw-away database built from the migrations.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR, migratedSchemaSnapshot } from './db-schema/generate';

const files = await migratedSchemaSnapshot();
mkdirSync(SCHEMA_DIR, { recursive: true });
for (const old of readdirSync(SCHEMA_DIR)) if (old.endsWith('.sql') && !files.has(old)) rmSync(join(SCHEMA_DIR, old));
for (const [file, text] of files) writeFileSync(join(SCHEMA_DIR, file), text);
console.log(`Wrote ${[...files.keys()].join(', ')} to ${SCHEMA_DIR}`);
