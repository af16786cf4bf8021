import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { parse } from 'libpg-query';
import * as pgcrypto from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const snap = process.argv[2];
let t = performance.now();
const db = await PGlite.create({ extensions: { pgcrypto: pgcrypto.pgcrypto, pg_trgm, btree_gist, uuid_ossp, citext, unaccent }, loadDataDir: new Blob([readFileSync(snap)]) });
console.log('create+load', (performance.now() - t).toFixed(0));
const sql = readFileSync('/work/wt/platstart/supabase/seed.sql', 'utf8');
const tree: any = await parse(sql);
await db.exec('begin; set local search_path to "$user", public, extensions;');
const times: [number, string][] = [];
for (const s of tree.stmts) {
  const loc = s.stmt_location ?? 0;
  const text = Buffer.from(sql).subarray(loc, loc + (s.stmt_len || 1e9)).toString();
  t = performance.now();
  await db.exec(text);
  times.push([performance.now() - t, text.trim().replace(/\s+/g, ' ').slice(0, 100)]);
}
await db.exec('commit');
const total = times.reduce((a, b) => a + b[0], 0);
console.log('total', total.toFixed(0));
for (const [ms, s] of times.sort((a, b) => b[0] - a[0]).slice(0, 15)) console.log(ms.toFixed(0).padStart(6), s);
