// Listing a bucket's objects as the caller sees them: Storage's search (`/object/list`, offset
// pages, folders first) and list-v2 (`/object/list-v2`, cursor pages, folders and objects apart).
import type { Reply } from '../shared/http';
import { readJson, type StorageContext, type StorageRequest } from './context';
import { storageError } from './errors';

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'];
const V2_SORT_COLUMNS = ['name', 'updated_at', 'created_at'];
const V2_MAX_KEYS = 1000;

/** Storage's search(): folders first (names one level below the prefix), then files. */
export async function listObjects(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const body = await readJson(r.req);
  if (typeof body.prefix !== 'string') {
    throw storageError(400, 'InvalidRequest', "body must have required property 'prefix'", 'Bad Request');
  }
  const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const search = typeof body.search === 'string' ? body.search : '';
  const limit = Number.isInteger(body.limit) && (body.limit as number) > 0 ? (body.limit as number) : 100;
  const offset = Number.isInteger(body.offset) && (body.offset as number) >= 0 ? (body.offset as number) : 0;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = SORT_COLUMNS.includes(String(sortBy.column)) ? String(sortBy.column) : 'name';
  const order = String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc';
  const level = `${prefix}${search}`.split('/').length;

  const rows = await ctx.asCaller(caller, (db) =>
    db.query(
      `with matching as (
         select * from storage.objects
          where bucket_id = $2 and name ilike $3 || '%'
       ), folders as (
         select path_tokens[$1::int] as folder from matching
          where array_length(path_tokens, 1) <> $1::int
          group by folder order by folder ${order}
       )
       (select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
               null::timestamptz as last_accessed_at, null::jsonb as metadata
          from folders)
       union all
       (select path_tokens[$1::int] as name, id, updated_at, created_at, last_accessed_at, metadata
          from matching where array_length(path_tokens, 1) = $1::int
         order by ${column} ${order})
       limit $4 offset $5`,
      [level, r.bucket, `${prefix}${search}`, limit, offset],
    ),
  );
  return { status: 200, body: rows.rows };
}

/** Where the next page starts: the last entry's sort value and name, and the page's sort. */
interface Cursor {
  column: string;
  order: 'asc' | 'desc';
  /** the sort value (a microsecond UTC timestamp) of the last entry; null when sorting by name */
  after: string | null;
  name: string;
}

/**
 * list-v2: full object names under `prefix` (taken literally); with `with_delimiter`, names with
 * a further "/" fold into their folder ("a/b/"), which sorts by name or by its oldest object's
 * creation time. Pages are keyset pages: `nextCursor` resumes after the last entry.
 */
export async function listObjectsV2(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const caller = await ctx.caller(r.req);
  const body = await readJson(r.req);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const limit =
    Number.isInteger(body.limit) && (body.limit as number) > 0
      ? Math.min(body.limit as number, V2_MAX_KEYS)
      : V2_MAX_KEYS;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const cursor: Cursor | null = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : null;
  const column = cursor?.column ?? (V2_SORT_COLUMNS.includes(String(sortBy.column)) ? String(sortBy.column) : 'name');
  const order: Cursor['order'] = cursor?.order ?? (String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc');
  const byName = column === 'name';
  const delimited = body.with_delimiter === true;
  // With the delimiter, Storage also names each entry by its path segment at the prefix's level.
  const level = prefix.split('/').length;
  const keyOf = (entry: ListedEntry) => entry.name.split('/')[level - 1] ?? '';
  const [keyColumns, cursorValues] = byName
    ? ['name collate "C"', '$4::text']
    : ['sort_value collate "C", name collate "C"', '$6::text, $4::text'];

  const rows = await ctx.asCaller(caller, (db) =>
    db.query<ListedEntry>(
      `with matching as (
         select *, case when $3::boolean and strpos(substr(name, length($2) + 1), '/') > 0
                        then left(name, length($2) + strpos(substr(name, length($2) + 1), '/')) end as folder
           from storage.objects
          where bucket_id = $1 and left(name, length($2)) = $2
       ), entries as (
         select folder as name, null::uuid as id, null::timestamptz as created_at, null::timestamptz as updated_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata, null::jsonb as user_metadata,
                min(created_at) as sort_at
           from matching where folder is not null group by folder
         union all
         select name, id, created_at, updated_at, last_accessed_at, metadata, user_metadata,
                ${byName ? 'null::timestamptz' : column} as sort_at
           from matching where folder is null
       )
       select name, id, created_at, updated_at, last_accessed_at, metadata, user_metadata, sort_value
         from (select *, to_char(sort_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_value
                 from entries) keyed
        where $4::text is null or (${keyColumns}) ${order === 'asc' ? '>' : '<'} (${cursorValues})
        order by ${keyColumns.replace(/"C"/g, `"C" ${order}`)}
        limit $5`,
      [r.bucket, prefix, delimited, cursor?.name ?? null, limit + 1, ...(byName ? [] : [cursor?.after ?? null])],
    ),
  );

  const page = rows.rows.slice(0, limit);
  const last = page[page.length - 1];
  const hasNext = rows.rows.length > limit && last !== undefined;
  return {
    status: 200,
    body: {
      hasNext,
      folders: page.filter((entry) => entry.id === null).map((entry) => ({ key: keyOf(entry), name: entry.name })),
      objects: page
        .filter((entry) => entry.id !== null)
        .map((entry) => {
          const { sort_value: _sortValue, ...object } = entry;
          return delimited ? { key: keyOf(entry), ...object } : object;
        }),
      ...(hasNext
        ? {
            nextCursor: encodeCursor({ column, order, after: last.sort_value, name: last.name }),
            nextCursorKey: last.name,
          }
        : {}),
    },
  };
}

interface ListedEntry {
  name: string;
  /** null for a folder */
  id: string | null;
  sort_value: string | null;
  [column: string]: unknown;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      V2_SORT_COLUMNS.includes(cursor.column) &&
      (cursor.order === 'asc' || cursor.order === 'desc') &&
      typeof cursor.name === 'string' &&
      (cursor.after === null || typeof cursor.after === 'string')
    ) {
      return cursor;
    }
  } catch {
    // refused below
  }
  throw storageError(400, 'InvalidParameter', 'Invalid Parameter continuation token');
}
