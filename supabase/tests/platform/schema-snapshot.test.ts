// supabase/schema/ is the database as the migrations leave it (`npm run db:schema`): readable SQL,
// one file per area. It is generated, so it must never be stale.
import { describe, expect, it } from 'vitest';
import { committedSchema, migratedSchemaSnapshot } from '../../../scripts/db-schema/generate';
import { schemaSnapshot } from '../../../scripts/db-schema/snapshot';
import { platform } from '../support';

/**
 * PostgreSQL 15 prints a one-table view's columns with their table's alias (`r.rating`), 16 and
 * later (PGlite's 17) without; view bodies are compared without table aliases.
 */
const VIEW = /^create (?:materialized )?view [\s\S]*?(?=\n\n|\n$)/gm;
const ALIAS = /\b(?!(?:public|private|auth|extensions|storage)\.)[a-z_][a-z0-9_]*\.(?=[a-z_"])/g;
const sameViews = (text: string) => text.replace(VIEW, (view) => view.replace(ALIAS, ''));

describe('schema snapshot', () => {
  it('supabase/schema/ matches the migrations (run `npm run db:schema` when this fails)', async () => {
    const generated = await migratedSchemaSnapshot();
    const committed = committedSchema();
    expect([...committed.keys()].sort()).toEqual([...generated.keys()].sort());
    for (const [file, text] of generated) expect(committed.get(file), file).toBe(text);
  }, 120_000);

  it('the database under test (PGlite or PostgreSQL) gives the same snapshot', async () => {
    const live = await schemaSnapshot(platform().dbUrl);
    const committed = committedSchema();
    expect([...live.keys()].sort()).toEqual([...committed.keys()].sort());
    for (const [file, text] of live) expect(sameViews(text), file).toBe(sameViews(committed.get(file)!));
  });
});
