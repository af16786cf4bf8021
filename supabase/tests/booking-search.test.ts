// The admin bookings search on trigram indexes, the extensions the platform offers, and the copy of
// the room number that lets the search's OR use one table's indexes.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BOOKING_SEARCH_COLUMNS, bookingSearchFilter } from '../../src/features/admin-bookings/booking-logic';
import { DEMO, platform, signedInClient, sql } from './support';

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: platform().dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    return await work(db);
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
}

describe('extensions', () => {
  it('creates the extensions hosted Supabase offers in the extensions schema', async () => {
    const rows = await rolledBack(async (db) => {
      for (const name of ['uuid-ossp', 'citext', 'btree_gist']) {
        await db.query(`create extension if not exists "${name}" with schema extensions`);
      }
      return (
        await db.query(
          `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
            where e.extname in ('pg_trgm', 'uuid-ossp', 'citext', 'btree_gist') order by e.extname`,
        )
      ).rows;
    });
    expect(rows).toEqual(
      ['btree_gist', 'citext', 'pg_trgm', 'uuid-ossp'].map((extname) => ({ extname, nspname: 'extensions' })),
    );
  });
});

describe('bookings search', () => {
  it('answers the screen search from the trigram indexes of bookings, all three columns', async () => {
    const filter = bookingSearchFilter('guest 12')!;
    expect(BOOKING_SEARCH_COLUMNS).toEqual(['guest_name', 'guest_email', 'room_number']);
    // the SQL PostgREST makes of the screen's `or` filter on the view
    const where = filter
      .split(',')
      .map((part) => {
        const [column] = part.split('.ilike.');
        return `${column} ilike '%guest 12%'`;
      })
      .join(' or ');
    const plan = await rolledBack(async (db) => {
      // with a handful of rows a scan is cheaper; forbid it to see which indexes the query can use
      await db.query('set local enable_seqscan = off; set local enable_indexscan = off');
      const { rows } = await db.query(`explain select count(*) from public.booking_list where ${where}`);
      return rows.map((row) => row['QUERY PLAN'] as string).join('\n');
    });
    expect(plan).toContain('bookings_guest_name_trgm_idx');
    expect(plan).toContain('bookings_guest_email_trgm_idx');
    expect(plan).toContain('bookings_room_number_trgm_idx');
  });

  it("keeps each booking's room number when a booking moves and when staff renumber a room", async () => {
    const [booking] = await sql<{ id: string; room_id: string; room_number: string; actual: string }>(
      `select b.id, b.room_id, b.room_number, r.room_number as actual
         from public.bookings b join public.rooms r on r.id = b.room_id limit 1`,
    );
    expect(booking).toBeDefined();
    expect(booking!.room_number).toBe(booking!.actual);

    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const renamed = `T${Math.floor(Math.random() * 1e6)}`;
    try {
      const { error } = await staff.from('rooms').update({ room_number: renamed }).eq('id', booking!.room_id);
      expect(error).toBeNull();
      const [after] = await sql<{ room_number: string }>('select room_number from public.bookings where id = $1', [
        booking!.id,
      ]);
      expect(after?.room_number).toBe(renamed);
      const { data } = await staff
        .from('booking_list')
        .select('id')
        .or(bookingSearchFilter(renamed)!)
        .eq('id', booking!.id);
      expect(data).toEqual([{ id: booking!.id }]);
    } finally {
      await sql('update public.rooms set room_number = $2 where id = $1', [booking!.room_id, booking!.actual]);
    }
  });
});
