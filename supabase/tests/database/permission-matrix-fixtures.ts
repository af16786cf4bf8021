// The shared half of the permission matrix (ARCHITECTURE.md section 5): the roles and what each
// may do, the four actors signed in once per file, the rows an attempt works on, the checks of
// select, insert, update and delete on a table, and the summary printed after each file. Each
// permission-matrix-<area>.test.ts holds the expected rows of its area and runs them through describeMatrix().
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, anonClient, deleteUsers, newUserClient, rowAsJson, signedInClient, sql, type Client } from '../support';

export type Role = 'anon' | 'user' | 'staff' | 'admin';
export type Op = 'select' | 'insert' | 'update' | 'delete';
/** all: every row; public: only the public subset (hidden rows absent); own: only the caller's rows; none: nothing. */
export type Read = 'all' | 'public' | 'own' | 'none';
export type Perms = { select: Read; insert: boolean; update: boolean; delete: boolean };

export const ROLES: Role[] = ['anon', 'user', 'staff', 'admin'];
export const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

export const NONE: Perms = { select: 'none', insert: false, update: false, delete: false };
export const READ_ALL: Perms = { ...NONE, select: 'all' };
export const READ_OWN: Perms = { ...NONE, select: 'own' };
export const FULL: Perms = { select: 'all', insert: true, update: true, delete: true };
export const READ_AND_UPDATE: Perms = { ...READ_ALL, update: true };

export const catalogue = (read: Read): Record<Role, Perms> => ({
  anon: { ...NONE, select: read },
  user: { ...NONE, select: read },
  staff: FULL,
  admin: FULL,
});

// ---------------------------------------------------------------- fixtures per table
export interface Actor {
  role: Role;
  client: Client;
  userId: string | null;
}

/** A row created for one attempt; `cleanup` removes it and whatever it needed. */
export interface Fixture {
  id: string;
  cleanup?: () => Promise<void>;
}

export interface TableSpec {
  key: 'id' | 'key' | 'code' | 'booking_id' | 'guest_id' | 'day' | 'valid_from';
  /** a row every reader may see */
  create(): Promise<Fixture>;
  /** a row outside the public subset (tables with a public filter only) */
  createHidden?(): Promise<Fixture>;
  /** the public subset as SQL, for comparing what anon sees with what exists */
  publicFilter?: string;
  /** the caller's own rows, for `own` reads */
  ownerColumn?: string;
  /** a new row for an insert attempt (its key is chosen here so the superuser can look for it) */
  newRow(): Promise<{ row: Record<string, unknown>; cleanup?: () => Promise<void> }>;
  /** a change for an update attempt */
  patch: Record<string, unknown>;
}

export const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
let fixtureRoomId: string;
/** The room of this file's fixtures (made before the file's tests, removed with its bookings after). */
export const fixtureRoom = () => fixtureRoomId;

/** Inserts one row as the superuser and returns its key. */
export async function insertAsOwner(table: string, values: Record<string, unknown>, key = 'id'): Promise<string> {
  const columns = Object.keys(values);
  const [row] = await sql<{ k: string }>(
    `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning ${key}::text as k`,
    Object.values(values),
  );
  return row.k;
}

/** A fixture row of `table` removed again by the superuser. */
export async function ownedRow(table: string, values: Record<string, unknown>, key = 'id'): Promise<Fixture> {
  const id = await insertAsOwner(table, values, key);
  return { id, cleanup: async () => void (await sql(`delete from public.${table} where ${key}::text = $1`, [id])) };
}

// ---------------------------------------------------------------- checks
const qualified = (table: string) => `public.${table}`;
/** The table-driven checks name tables by string, so they use the client without the generated types. */
const from = (client: Client, table: string) => (client as unknown as SupabaseClient).from(table);

export async function withFixtures<T>(fixtures: (Fixture | undefined)[], body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } finally {
    for (const fixture of fixtures) await fixture?.cleanup?.();
  }
}

/** A refused write: either an explicit permission error, or RLS let no row through. */
function expectRefused(result: { error: { code?: string; message: string } | null; data: unknown }) {
  if (result.error) {
    expect(result.error.code, result.error.message).toBe('42501');
  } else {
    expect(result.data).toEqual([]);
  }
}

async function checkTableSelect(table: string, spec: TableSpec, actor: Actor, expected: Read) {
  const visible = await spec.create();
  const hidden = await spec.createHidden?.();
  await withFixtures([visible, hidden], async () => {
    // newest first: the rows an 'own' read returns are checked on this first page
    const { data, error, count } = await from(actor.client, table)
      .select('*', { count: 'exact' })
      .order('created_at', { ascending: false });
    if (expected === 'none') {
      // no privilege at all (42501) or no row passes the policy
      if (error) expect(error.code).toBe('42501');
      else expect(data).toEqual([]);
      return;
    }
    expect(error).toBeNull();
    const rows = data as Record<string, unknown>[];
    // the fixtures looked up by their keys: other tests' rows may outnumber the first page
    const fixtureKeys = [visible.id, ...(hidden ? [hidden.id] : [])];
    const found = await from(actor.client, table).select(spec.key).in(spec.key, fixtureKeys);
    expect(found.error).toBeNull();
    const keys = (found.data as Record<string, unknown>[]).map((row) => String(row[spec.key]));
    const filter =
      expected === 'public'
        ? spec.publicFilter
        : expected === 'own'
          ? `${spec.ownerColumn} = '${actor.userId}'`
          : 'true';
    expect(filter, `${table} needs a filter for ${expected} reads`).toBeTruthy();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from ${qualified(table)} where ${filter}`);
    expect(count).toBe(n);
    if (rows.length < n) expect(rows).toHaveLength(1000);
    if (expected === 'all') {
      expect(keys).toContain(visible.id);
      if (hidden) expect(keys).toContain(hidden.id);
    } else if (expected === 'public') {
      expect(keys).toContain(visible.id);
      expect(keys).not.toContain(hidden!.id);
    } else {
      // own: someone else's row is absent, every row returned is the caller's, and the caller's profile is there
      expect(keys).not.toContain(visible.id);
      expect(rows.every((row) => row[spec.ownerColumn!] === actor.userId)).toBe(true);
      if (table === 'profiles') expect(rows.map((row) => row.user_id)).toEqual([actor.userId]);
    }
  });
}

async function checkTableInsert(table: string, spec: TableSpec, actor: Actor, allowed: boolean) {
  const { row, cleanup } = await spec.newRow();
  const key = String(row[spec.key]);
  await withFixtures([{ id: key, cleanup }], async () => {
    try {
      const result = await from(actor.client, table).insert(row);
      const stored = await rowAsJson(qualified(table), spec.key, key);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(stored).not.toBeNull();
      } else {
        expect(result.error?.code, result.error?.message).toBe('42501');
        expect(stored).toBeNull();
      }
    } finally {
      await sql(`delete from ${qualified(table)} where ${spec.key}::text = $1`, [key]);
    }
  });
}

async function checkTableUpdate(table: string, spec: TableSpec, actor: Actor, allowed: boolean) {
  const target = await spec.create();
  await withFixtures([target], async () => {
    const before = await rowAsJson(qualified(table), spec.key, target.id);
    const result = await from(actor.client, table).update(spec.patch).eq(spec.key, target.id).select();
    const after = await rowAsJson(qualified(table), spec.key, target.id);
    if (allowed) {
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(1);
      expect(after).toMatchObject(spec.patch);
    } else {
      expectRefused(result);
      expect(after).toEqual(before);
    }
  });
}

async function checkTableDelete(table: string, spec: TableSpec, actor: Actor, allowed: boolean) {
  const target = await spec.create();
  await withFixtures([target], async () => {
    const before = await rowAsJson(qualified(table), spec.key, target.id);
    const result = await from(actor.client, table).delete().eq(spec.key, target.id).select();
    const after = await rowAsJson(qualified(table), spec.key, target.id);
    if (allowed) {
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(1);
      expect(after).toBeNull();
    } else {
      expectRefused(result);
      expect(after).toEqual(before);
    }
  });
}

/** The attempts on tables for describeMatrix(): each resource's spec in `tables`, tried as `actor`. */
export function tableCheck(tables: Record<string, TableSpec>): MatrixCheck {
  return async (table, op, actor, expected) => {
    const spec = tables[table];
    if (op === 'select') {
      await checkTableSelect(table, spec, actor, expected as Read);
    } else {
      const check = { insert: checkTableInsert, update: checkTableUpdate, delete: checkTableDelete }[op];
      await check(table, spec, actor, expected as boolean);
    }
  };
}

// ---------------------------------------------------------------- run
export type MatrixCheck = (resource: string, op: Op, actor: Actor, expected: Read | boolean) => Promise<void>;

/**
 * The four actors (anon, a signed-in user with no role, the seed's staff and admin) and the
 * fixture room, made before the calling file's tests and removed after them.
 */
export function matrixActors(): Record<Role, Actor> {
  const actors = {} as Record<Role, Actor>;
  const cleanupUsers: string[] = [];
  beforeAll(async () => {
    const user = await newUserClient('matrix-user');
    cleanupUsers.push(user.userId);
    const [staff, admin] = await Promise.all([
      signedInClient(DEMO.staff.email, DEMO.staff.password),
      signedInClient(DEMO.admin.email, DEMO.admin.password),
    ]);
    actors.anon = { role: 'anon', client: anonClient(), userId: null };
    actors.user = { role: 'user', client: user.client, userId: user.userId };
    actors.staff = { role: 'staff', client: staff, userId: '00000000-0000-4000-8000-0000000000a2' };
    actors.admin = { role: 'admin', client: admin, userId: '00000000-0000-4000-8000-0000000000a1' };
    fixtureRoomId = await insertAsOwner('rooms', {
      name: 'Matrix fixture room',
      room_number: `MX-${tag()}`,
      room_type: 'suite',
    });
  });
  afterAll(async () => {
    if (fixtureRoomId) {
      await sql('delete from public.bookings where room_id = $1', [fixtureRoomId]);
      await sql('delete from public.rooms where id = $1', [fixtureRoomId]);
    }
    await deleteUsers(...cleanupUsers);
  });
  return actors;
}

export const label = (expected: Read | boolean) =>
  expected === true || expected === 'all'
    ? 'allowed'
    : expected === false || expected === 'none'
      ? 'refused'
      : `allowed (${expected} rows only)`;

/**
 * One test per resource, role and operation of `matrix`, each run through `check`; the matrix as
 * run is printed after the file.
 */
export function describeMatrix<R extends string>(
  matrix: Record<R, Record<Role, Perms>>,
  actors: Record<Role, Actor>,
  check: MatrixCheck,
) {
  const resources = Object.keys(matrix) as R[];
  /** outcome of every verified attempt, for the summary */
  const verified = new Map<string, string>();
  afterAll(() => printSummary(resources, verified));

  describe.each(resources)('%s', (resource) => {
    for (const role of ROLES) {
      for (const op of OPS) {
        const expected = matrix[resource][role][op];
        it(`${role} ${op}: ${label(expected)}`, async () => {
          await check(resource, op, actors[role], expected);
          verified.set(`${resource}|${role}|${op}`, label(expected));
        });
      }
    }
  });
}

// ---------------------------------------------------------------- summary
const SYMBOL = (outcome: string | undefined) =>
  outcome === undefined
    ? '?'
    : outcome === 'allowed'
      ? 'Y'
      : outcome === 'refused'
        ? '-'
        : outcome.includes('public')
          ? 'p'
          : 'o';

function printSummary(resources: string[], verified: Map<string, string>) {
  const lines: string[] = [];
  const width = Math.max(...resources.map((r) => r.length));
  lines.push('Permission matrix as run (per cell: select insert update delete)');
  lines.push('Y allowed, p public subset only, o own rows only, - refused, ? not verified');
  lines.push(`${''.padEnd(width)}  ${ROLES.map((r) => r.padEnd(7)).join(' ')}`);
  const totals = new Map<Role, { allowed: number; filtered: number; refused: number; unverified: number }>();
  for (const role of ROLES) totals.set(role, { allowed: 0, filtered: 0, refused: 0, unverified: 0 });
  for (const resource of resources) {
    const cells = ROLES.map((role) => {
      const symbols = OPS.map((op) => {
        const outcome = verified.get(`${resource}|${role}|${op}`);
        const total = totals.get(role)!;
        if (outcome === undefined) total.unverified += 1;
        else if (outcome === 'allowed') total.allowed += 1;
        else if (outcome === 'refused') total.refused += 1;
        else total.filtered += 1;
        return SYMBOL(outcome);
      });
      return symbols.join('').padEnd(7);
    });
    lines.push(`${resource.padEnd(width)}  ${cells.join(' ')}`);
  }
  lines.push('');
  let all = { allowed: 0, filtered: 0, refused: 0, unverified: 0 };
  for (const role of ROLES) {
    const t = totals.get(role)!;
    all = {
      allowed: all.allowed + t.allowed,
      filtered: all.filtered + t.filtered,
      refused: all.refused + t.refused,
      unverified: all.unverified + t.unverified,
    };
    lines.push(
      `${role.padEnd(6)} allowed ${t.allowed}, filtered reads ${t.filtered}, refused ${t.refused}${t.unverified ? `, NOT VERIFIED ${t.unverified}` : ''}`,
    );
  }
  lines.push(
    `total  ${resources.length} resources x ${ROLES.length} roles x ${OPS.length} operations = ${resources.length * ROLES.length * OPS.length} checks: ` +
      `allowed ${all.allowed}, filtered reads ${all.filtered}, refused ${all.refused}${all.unverified ? `, NOT VERIFIED ${all.unverified}` : ''}`,
  );
  console.log(lines.join('\n'));
}
