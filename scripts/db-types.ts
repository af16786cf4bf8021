// `npm run db:types`: regenerates src/types/database.ts from the migrations with the Supabase CLI.
import { writeFileSync } from 'node:fs';
import { generateDatabaseTypes, TYPES_FILE } from '../supabase/local/generate-types';

writeFileSync(TYPES_FILE, await generateDatabaseTypes());
console.log(`Wrote ${TYPES_FILE}`);
