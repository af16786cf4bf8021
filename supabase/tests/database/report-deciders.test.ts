// Who decided a request, as the Reports screen's outcomes name it, follows the audit trail however
// the trail is written: private.report_request_deciders is kept by triggers on public.audit_logs
// (issue 32: outcomes read it instead of searching the trail per request). Requests made in March
// 2111, a month no other suite uses; no hold is involved, so the movable clock does not matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createBareUser, DEMO, deleteUsers, signedInClient, sql, type Client } from '../support';

const PERIOD = { p_from: '2111-03-01', p_to: '2111-04-01' };
const ids = { room: '', first: '', second: '', staffA: '', staffB: '' };
const names = { staffA: '', staffB: '' };
let staff: Client;

type Outcome = { outcome: string; actor: string; actor_name: string | null; requests: number };

const outcomes = async () => {
  const { data, error } = await staff.rpc('report_outcomes', PERIOD);
  expect(error).toBeNull();
  return (data as Outcome[]).map((r) => `${r.outcome} ${r.actor} ${r.actor_name ?? '-'} ${r.requests}`);
};

// an audit row as the trigger would have written it, at a chosen time (the owner may write them)
const audit = (id: string, user: string | null, from: string | null, to: string, at: string) =>
  sql(
    `insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values, created_at)
     values ($1, 'bookings', $2, $3, $4, $5, $6)`,
    [
      from ? 'UPDATE' : 'INSERT',
      id,
      user,
      from ? JSON.stringify({ status: from }) : null,
      JSON.stringify({ status: to }),
      at,
    ],
  );

beforeAll(async () => {
  ids.staffA = await createBareUser('decider-a', 'staff');
  ids.staffB = await createBareUser('decider-b', 'admin');
  const profiles = await sql<{ user_id: string; label: string }>(
    `select user_id, coalesce(nullif(btrim(name), ''), email) as label from public.profiles where user_id = any($1::uuid[])`,
    [[ids.staffA, ids.staffB]],
  );
  names.staffA = profiles.find((p) => p.user_id === ids.staffA)!.label;
  names.staffB = profiles.find((p) => p.user_id === ids.staffB)!.label;
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  [{ id: ids.room }] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type) values ('Deciders', $1, 'classic') returning id`,
    [`D${tag}`],
  );
  const rows = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, total_amount, status,
       created_at)
     values ($1, 'Decider guest', 'decider@example.com', '2111-04-10', '2111-04-12', 200, 'confirmed', '2111-03-02T09:00:00Z'),
            ($1, 'Decider guest', 'decider@example.com', '2111-04-20', '2111-04-22', 200, 'cancelled', '2111-03-03T09:00:00Z')
     returning id`,
    [ids.room],
  );
  [ids.first, ids.second] = rows.map((r) => r.id);
  // the trail as it happened: both asked for, the first confirmed by A, the second cancelled by B
  await sql(`delete from public.audit_logs where table_name = 'bookings' and record_id = any($1::text[])`, [
    [ids.first, ids.second],
  ]);
  await audit(ids.first, null, null, 'pending', '2111-03-02T09:00:00Z');
  await audit(ids.second, null, null, 'pending', '2111-03-03T09:00:00Z');
  await audit(ids.first, ids.staffA, 'pending', 'confirmed', '2111-03-02T12:00:00Z');
  await audit(ids.second, ids.staffB, 'pending', 'cancelled', '2111-03-04T12:00:00Z');
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

afterAll(async () => {
  await sql('delete from public.bookings where room_id = $1', [ids.room]);
  await sql('delete from public.rooms where id = $1', [ids.room]);
  await deleteUsers(ids.staffA, ids.staffB);
});

describe('who decided a request follows the audit trail', () => {
  it('names the staff account of the audit row that gave each request its status', async () => {
    expect(await outcomes()).toEqual([`cancelled staff ${names.staffB} 1`, `confirmed staff ${names.staffA} 1`]);
  });

  it('names the latest such row, whatever order the rows were written in', async () => {
    await audit(ids.first, ids.staffB, 'pending', 'confirmed', '2111-03-05T08:00:00Z'); // later: B
    await audit(ids.first, ids.staffA, 'pending', 'confirmed', '2111-03-02T10:00:00Z'); // earlier: A again
    expect(await outcomes()).toEqual([`cancelled staff ${names.staffB} 1`, `confirmed staff ${names.staffB} 1`]);
  });

  it('falls back to the rows left when the owner removes audit rows', async () => {
    await sql(
      `delete from public.audit_logs where table_name = 'bookings' and record_id = $1 and user_id = $2
         and new_values ->> 'status' = 'confirmed'`,
      [ids.first, ids.staffB],
    );
    expect(await outcomes()).toEqual([`cancelled staff ${names.staffB} 1`, `confirmed staff ${names.staffA} 1`]);
    await sql(`delete from public.audit_logs where table_name = 'bookings' and record_id = $1 and action = 'UPDATE'`, [
      ids.second,
    ]);
    // no row gives the cancellation now: a cancellation nobody is recorded for is the guest's
    expect(await outcomes()).toEqual(['cancelled guest - 1', `confirmed staff ${names.staffA} 1`]);
  });

  it('no API role reads the deciders themselves', async () => {
    for (const client of [anonClient(), staff]) {
      const { data, error } = await client
        .schema('private' as 'public')
        .from('report_request_deciders' as 'bookings')
        .select('*');
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
    const grants = await sql<{ n: number }>(
      `select count(*)::int as n from information_schema.role_table_grants
       where table_schema = 'private' and table_name = 'report_request_deciders'
         and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')`,
    );
    expect(grants[0].n).toBe(0);
  });
});
