// What hosted Supabase refuses, caught here. API logins there run under pg-safeupdate, which
// rejects an UPDATE or DELETE without a WHERE clause ("DELETE requires a WHERE clause"); the local
// platform cannot load that module, so this suite reads the SQL with PostgreSQL's own parser
// (libpg-query) instead: every migration statement, and every function of the migrated database
// an API role can reach, directly or through the functions, triggers, policies and defaults it runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/platform';
import { sql } from '../support';
import {
  doBlockBody,
  doBlockFacts,
  functionFacts,
  parseStatements,
  type BodyFacts,
  type Statement,
} from '../sql-parser';

const MIGRATIONS = join(REPO_ROOT, 'supabase', 'migrations');
const API_ROLES = ['anon', 'authenticated', 'service_role'];
/** Schemas the platform (or an extension) owns; everything else is the product's. */
const PLATFORM_SCHEMAS = [
  'auth',
  'storage',
  'extensions',
  'supabase_migrations',
  'cron',
  'net',
  'vault',
  'graphql',
  'graphql_public',
  'realtime',
  'pgsodium',
  'information_schema',
];

interface DbFunction {
  oid: number;
  signature: string;
  schema: string;
  name: string;
  definition: string;
  /** an API role may execute it (and use its schema) */
  callable: boolean;
  trigger: boolean;
}

function migrationStatements(): { file: string; statement: Statement }[] {
  return readdirSync(MIGRATIONS)
    .sort()
    .flatMap((file) =>
      parseStatements(readFileSync(join(MIGRATIONS, file), 'utf8')).map((statement) => ({ file, statement })),
    );
}

/** The product's own functions in SQL and PL/pgSQL, as the migrated database holds them now. */
async function productFunctions(): Promise<DbFunction[]> {
  const roles = API_ROLES.map(
    (role) => `(has_function_privilege('${role}', p.oid, 'execute')
      and has_schema_privilege('${role}', n.oid, 'usage'))`,
  ).join(' or ');
  return sql<DbFunction>(
    `select p.oid::int as oid, p.oid::regprocedure::text as signature, n.nspname as schema, p.proname as name,
            pg_get_functiondef(p.oid) as definition, (${roles}) as callable,
            p.prorettype = 'trigger'::regtype as trigger
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_language l on l.oid = p.prolang
      where l.lanname in ('sql', 'plpgsql') and p.prokind in ('f', 'p')
        and n.nspname <> all ($1) and n.nspname not like 'pg\\_%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                          and d.deptype = 'e')
      order by 2`,
    [PLATFORM_SCHEMAS],
  );
}

/** SQL the API's queries run besides functions: policies, column defaults, views. */
async function implicitSql(): Promise<string[]> {
  const rows = await sql<{ expression: string }>(
    `select 'select ' || qual as expression from pg_policies where qual is not null and schemaname <> all ($1)
     union all
     select 'select ' || with_check from pg_policies where with_check is not null and schemaname <> all ($1)
     union all
     select 'select ' || pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
       join pg_class c on c.oid = d.adrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname <> all ($1) and n.nspname not like 'pg\\_%'
     union all
     select pg_get_viewdef(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname <> all ($1) and n.nspname not like 'pg\\_%'`,
    [PLATFORM_SCHEMAS],
  );
  return rows.map((row) => row.expression);
}

/** The functions a name as written in SQL may mean (unqualified: any schema's, to be safe). */
function resolve(call: string, functions: DbFunction[]): DbFunction[] {
  const [schema, name] = call.includes('.') ? call.split('.') : [undefined, call];
  return functions.filter((fn) => fn.name === name && (schema === undefined || fn.schema === schema));
}

/** Every function an API role can reach: the callable ones, triggers, what policies/defaults/views call, and their callees. */
function reachable(functions: DbFunction[], facts: Map<number, BodyFacts>, implicitCalls: string[]): Set<number> {
  const reached = new Set<number>();
  const queue = [
    ...functions.filter((fn) => fn.callable || fn.trigger),
    ...implicitCalls.flatMap((call) => resolve(call, functions)),
  ];
  while (queue.length) {
    const fn = queue.pop()!;
    if (reached.has(fn.oid)) continue;
    reached.add(fn.oid);
    for (const call of facts.get(fn.oid)!.calls) queue.push(...resolve(call, functions));
  }
  return reached;
}

describe('what hosted Supabase refuses', () => {
  it('every migration statement parses with PostgreSQL 18’s parser, every DO block and function compiles as written', () => {
    const statements = migrationStatements();
    expect(statements.length).toBeGreaterThan(500);
    let compiled = 0;
    for (const { file, statement } of statements) {
      const body = doBlockBody(statement.node);
      try {
        if (body !== undefined) doBlockFacts(body);
        else if (statement.node.CreateFunctionStmt) functionFacts(statement.text);
        else continue;
        compiled += 1;
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}\n${statement.text.slice(0, 200)}`, { cause: error });
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });

  it('no UPDATE or DELETE without WHERE in a function an API role can reach (pg-safeupdate refuses it)', async () => {
    const functions = await productFunctions();
    const facts = new Map(functions.map((fn) => [fn.oid, functionFacts(fn.definition)]));
    const implicitCalls = (await implicitSql()).flatMap((text) => {
      const found: string[] = [];
      for (const statement of parseStatements(text)) {
        const wrapped = `create function pg_temp.f() returns void language sql as $f$${statement.text}$f$`;
        found.push(...functionFacts(wrapped).calls);
      }
      return found;
    });
    const reached = reachable(functions, facts, implicitCalls);
    // the walk sees what it must: an admin RPC, a trigger function, a helper only policies call
    const names = functions.filter((fn) => reached.has(fn.oid)).map((fn) => `${fn.schema}.${fn.name}`);
    expect(names).toEqual(expect.arrayContaining(['public.remove_deploy_hook', 'private.require_admin']));
    expect(reached.size).toBeGreaterThan(50);

    const refused = functions
      .filter((fn) => reached.has(fn.oid))
      .flatMap((fn) => facts.get(fn.oid)!.unboundedWrites.map((write) => `${fn.signature}: ${write}`));
    expect(refused).toEqual([]);
  });

  it('catches the deploy hook’s removal as first written (20261126020000), and not as it stands now', () => {
    const definitionIn = (file: string) =>
      parseStatements(readFileSync(join(MIGRATIONS, file), 'utf8')).find(
        (statement) =>
          (statement.node.CreateFunctionStmt as { funcname?: { String: { sval: string } }[] } | undefined)?.funcname
            ?.map((part) => part.String.sval)
            .join('.') === 'public.remove_deploy_hook',
      )!.text;
    expect(functionFacts(definitionIn('20261126020000_deploy_hook.sql')).unboundedWrites).toEqual([
      'DELETE private.deploy_hook',
    ]);
    expect(functionFacts(definitionIn('20261127010000_remove_deploy_hook_where.sql')).unboundedWrites).toEqual([]);
  });

  it('finds unbounded writes wherever SQL puts them, and only those', () => {
    const plpgsql = (body: string) =>
      functionFacts(`create function f() returns void language plpgsql as $$ declare n int; begin ${body} end $$`)
        .unboundedWrites;
    expect(plpgsql('update public.rooms set status = status;')).toEqual(['UPDATE public.rooms']);
    expect(plpgsql('with gone as (delete from private.t returning 1) select count(*) into n from gone;')).toEqual([
      'DELETE private.t',
    ]);
    expect(plpgsql(`execute 'delete from private.t';`)).toEqual(['DELETE private.t']);
    expect(plpgsql('delete from private.t where id = 1; update public.rooms set x = 1 where true;')).toEqual([]);
    expect(
      functionFacts(`create function f() returns void language sql as 'truncate x; delete from public.t'`)
        .unboundedWrites,
    ).toEqual(['DELETE public.t']);
    expect(
      functionFacts('create function f() returns void language sql begin atomic update public.t set a = 1; end')
        .unboundedWrites,
    ).toEqual(['UPDATE public.t']);
  });
});
