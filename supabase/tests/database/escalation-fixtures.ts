// The shared half of the escalation files (escalation-*.test.ts): attempts through supabase-js, each
// refused by the database, and each checked with the superuser afterwards: nothing changed. Here:
// the two checks, the clients (staff, admin, a new user with no role) and the set-up each file runs;
// the users a file creates are deleted after it.
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, deleteUsers, newUserClient, signedInClient, type CallResult, type Client } from '../support';

/** A refused write: a permission error, or row-level security let no row through. */
export function expectRefused(result: CallResult) {
  if (result.error) expect(result.error.code, result.error.message).toBe('42501');
  else expect(result.data).toEqual([]);
}

/** Runs `attempt`, then checks that the rows it aimed at are exactly as before. */
export async function expectUnchanged(rows: () => Promise<unknown>, attempt: () => Promise<void>) {
  const before = await rows();
  await attempt();
  expect(await rows()).toEqual(before);
}

export let staff: Client;
export let admin: Client;
export let user: { client: Client; userId: string };
/** users to delete after the file */
export const created: string[] = [];

/** The calling file's set-up: staff and admin signed in, a user with no role created. */
export function setUpEscalation() {
  beforeAll(async () => {
    [staff, admin] = await Promise.all([
      signedInClient(DEMO.staff.email, DEMO.staff.password),
      signedInClient(DEMO.admin.email, DEMO.admin.password),
    ]);
    user = await newUserClient('escalation');
    created.push(user.userId);
  });

  afterAll(async () => {
    await deleteUsers(...created);
  });
}
