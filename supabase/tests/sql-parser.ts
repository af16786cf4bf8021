// SQL read with PostgreSQL's own parser (libpg-query: the server's grammar and PL/pgSQL compiler
// built to WASM), for checks that a regular expression cannot make: which statements a function
// runs, which functions it calls, which UPDATE or DELETE has no WHERE clause.
import { loadModule, parsePlPgSQLSync, parseSync } from 'libpg-query';

await loadModule();

type Node = Record<string, unknown>;

/** One top-level statement of a SQL text: its source and its parse tree. */
export interface Statement {
  text: string;
  node: Node;
}

/** What a function body (or a DO block) does, as far as the parser can see. */
export interface BodyFacts {
  /** each UPDATE or DELETE without WHERE, as 'DELETE private.deploy_hook' */
  unboundedWrites: string[];
  /** each function it calls, as written: 'private.require_admin', 'now' */
  calls: string[];
  /** EXECUTE of a string built at run time: not checked (a constant string is) */
  dynamicSql: number;
}

/** Splits and parses a SQL text (a migration file, a function's source); throws on a syntax error. */
export function parseStatements(sql: string): Statement[] {
  const bytes = Buffer.from(sql);
  const { stmts } = parseSync(sql) as { stmts: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  return stmts.map(({ stmt, stmt_location = 0, stmt_len }) => ({
    text: bytes
      .subarray(stmt_location, stmt_len ? stmt_location + stmt_len : undefined)
      .toString()
      .trim(),
    node: stmt,
  }));
}

/** Every node of a parse tree with its type name ('DeleteStmt', 'FuncCall', 'PLpgSQL_expr', …). */
function* nodes(tree: unknown): Generator<[string, Node]> {
  if (Array.isArray(tree)) {
    for (const item of tree) yield* nodes(item);
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      if (/^[A-Z]/.test(key) && value && typeof value === 'object' && !Array.isArray(value)) {
        yield [key, value as Node];
      }
      yield* nodes(value);
    }
  }
}

const names = (list: unknown) => ((list as { String: { sval: string } }[]) ?? []).map((part) => part.String.sval);

function relationName(relation: unknown): string {
  const { schemaname, relname } = relation as { schemaname?: string; relname: string };
  return schemaname ? `${schemaname}.${relname}` : relname;
}

/** Facts of SQL parse trees: UPDATE/DELETE without WHERE (in CTEs too) and function calls. */
function sqlFacts(trees: unknown[], facts: BodyFacts) {
  for (const [type, node] of nodes(trees)) {
    if ((type === 'UpdateStmt' || type === 'DeleteStmt') && !node.whereClause) {
      facts.unboundedWrites.push(`${type === 'UpdateStmt' ? 'UPDATE' : 'DELETE'} ${relationName(node.relation)}`);
    }
    if (type === 'FuncCall') facts.calls.push(names(node.funcname).join('.'));
  }
}

/** A PL/pgSQL expression or statement, parsed as SQL (expressions as `select <expr>`). */
function expressionTrees(expr: { query: string; parseMode?: number }): Node[] {
  const mode = expr.parseMode ?? 0;
  if (mode === 0) return parseStatements(expr.query).map((statement) => statement.node);
  // assignments ('v := expr', modes 3-5) keep their target in the text
  const source = mode >= 3 ? expr.query.slice(expr.query.search(/:?=/)).replace(/^:?=/, '') : expr.query;
  return parseStatements(`select ${source}`).map((statement) => statement.node);
}

/**
 * The PL/pgSQL compiler runs without a catalog, so it takes an array of a type of ours (an enum's
 * array) for `record[]` and refuses it; the body reads the same with any other array type.
 */
function compilePlpgsql(createFunction: string) {
  try {
    return parsePlPgSQLSync(createFunction);
  } catch (error) {
    if (!/cannot return type record\[\]/.test((error as Error).message)) throw error;
    return parsePlPgSQLSync(createFunction.replace(/returns\s+[\w."]+\[\]/i, 'returns text[]'));
  }
}

/** Facts of a PL/pgSQL function, given as its whole CREATE FUNCTION statement (or a DO block's body). */
function plpgsqlFacts(createFunction: string, facts: BodyFacts) {
  const tree = compilePlpgsql(createFunction);
  for (const [type, node] of nodes(tree)) {
    if (type === 'PLpgSQL_stmt_dynexecute') {
      const query = (node.query as { PLpgSQL_expr: { query: string } }).PLpgSQL_expr.query;
      const literal = /^'((?:[^']|'')*)'$/s.exec(query.trim());
      if (literal) sqlFacts([parseStatements(literal[1].replaceAll("''", "'"))], facts);
      else facts.dynamicSql += 1;
    } else if (type === 'PLpgSQL_expr') {
      sqlFacts(expressionTrees(node as { query: string; parseMode?: number }), facts);
    }
  }
}

const emptyFacts = (): BodyFacts => ({ unboundedWrites: [], calls: [], dynamicSql: 0 });

/**
 * Facts of a function as pg_get_functiondef prints it (or as a migration writes it): its
 * PL/pgSQL statements, or its SQL body (a string or `begin atomic … end`).
 */
export function functionFacts(createFunction: string): BodyFacts {
  const facts = emptyFacts();
  const [statement] = parseStatements(createFunction);
  const create = statement?.node.CreateFunctionStmt as Node | undefined;
  if (!create) throw new Error(`not a CREATE FUNCTION: ${createFunction.slice(0, 80)}`);
  const option = (name: string) =>
    ((create.options as { DefElem: { defname: string; arg: unknown } }[]) ?? []).find(
      (element) => element.DefElem.defname === name,
    )?.DefElem.arg;
  const language = (option('language') as { String: { sval: string } } | undefined)?.String.sval;
  if (language === 'plpgsql') {
    plpgsqlFacts(createFunction, facts);
  } else if (language === 'sql') {
    const source = (option('as') as { List: { items: { String: { sval: string } }[] } } | undefined)?.List.items[0]
      ?.String.sval;
    sqlFacts(source !== undefined ? parseStatements(source).map((s) => s.node) : [create.sql_body], facts);
  }
  return facts;
}

/** Facts of a DO block's PL/pgSQL body. */
export function doBlockFacts(body: string): BodyFacts {
  const facts = emptyFacts();
  plpgsqlFacts(doBlockAsFunction(body), facts);
  return facts;
}

/** PL/pgSQL compiles functions only: a DO block's body as one. */
const doBlockAsFunction = (body: string) =>
  `create function pg_temp.do_block() returns void language plpgsql as $do_block_body$${body}$do_block_body$`;

/** The body of a DO statement's parse tree. */
export function doBlockBody(node: Node): string | undefined {
  const options = (node.DoStmt as { args: { DefElem: { defname: string; arg: { String: { sval: string } } } }[] })
    ?.args;
  return options?.find((option) => option.DefElem.defname === 'as')?.DefElem.arg.String.sval;
}

/** Every call to `cron.schedule(name, schedule, command)` in a parse tree (DO blocks included). */
export function cronSchedules(statement: Statement): { name: string; schedule: string; command: string }[] {
  const found: { name: string; schedule: string; command: string }[] = [];
  const visit = (trees: unknown[]) => {
    for (const [type, node] of nodes(trees)) {
      if (type !== 'FuncCall' || names(node.funcname).join('.') !== 'cron.schedule') continue;
      const args = (node.args as { A_Const?: { sval?: { sval: string } } }[]).map((arg) => arg.A_Const?.sval?.sval);
      if (args.length === 3 && args.every((arg) => arg !== undefined)) {
        found.push({ name: args[0]!, schedule: args[1]!, command: args[2]! });
      } else {
        throw new Error(`cron.schedule with arguments that are not string constants: ${statement.text.slice(0, 120)}`);
      }
    }
  };
  const body = doBlockBody(statement.node);
  if (body === undefined) {
    visit([statement.node]);
  } else {
    const tree = parsePlPgSQLSync(doBlockAsFunction(body));
    for (const [type, node] of nodes(tree)) {
      if (type === 'PLpgSQL_expr') visit(expressionTrees(node as { query: string; parseMode?: number }));
    }
  }
  return found;
}

/** A parse tree without source positions, to compare two texts by meaning. */
export function withoutLocations(tree: unknown): unknown {
  if (Array.isArray(tree)) return tree.map(withoutLocations);
  if (tree && typeof tree === 'object') {
    return Object.fromEntries(
      Object.entries(tree)
        .filter(([key]) => key !== 'location' && key !== 'stmt_location' && key !== 'stmt_len')
        .map(([key, value]) => [key, withoutLocations(value)]),
    );
  }
  return tree;
}
