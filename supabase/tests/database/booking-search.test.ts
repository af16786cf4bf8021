import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, DEMO, newUserClient, SEED, signedInClient, sql } from '../support';

// The Bookings screen's list: search_booking_list (staff only, trigram-indexed search).
describe('search_booking_list', () => {
  const tag = Math.random().toString(36).slice(2, 8);
  const ids: string[] = [];

  beforeAll(async () => {
    // far in the past, so they collide with nothing; one guest name holds LIKE wildcards
    const rows = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, total_amount, status)
       values ($1, 'Search ' || $2 || ' Rossi', 'rossi-' || $2 || '@example.com', '1901-01-01', '1901-01-03', 2, 200, 'pending'),
              ($1, 'Search ' || $2 || ' 50%_off', 'wild-' || $2 || '@example.com', '1901-02-01', '1901-02-03', 2, 200, 'cancelled'),
              ($1, 'Search ' || $2 || ' 50 percent', 'plain-' || $2 || '@example.com', '1901-03-01', '1901-03-03', 2, 200, 'pending')
       returning id`,
      [SEED.room(7), tag],
    );
    ids.push(...rows.map((row) => row.id));
  });

  afterAll(async () => {
    await sql('delete from public.bookings where id = any($1::uuid[])', [ids]);
  });

  const search = async (args: Record<string, unknown>) => {
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const { data, error } = await staff.rpc('search_booking_list', args as never);
    if (error) throw error;
    return data as { guest_name: string; total_count: number; room_number: string }[];
  };

  it('finds guests by a case-insensitive part of name or e-mail, with the number of matches', async () => {
    const rows = await search({ p_search: `SEARCH ${tag.toUpperCase()}` });
    expect(rows.map((row) => row.guest_name).sort()).toEqual(
      [`Search ${tag} 50 percent`, `Search ${tag} 50%_off`, `Search ${tag} Rossi`].sort(),
    );
    expect(rows.every((row) => row.total_count === 3)).toBe(true);
    expect((await search({ p_search: `rossi-${tag}@` })).map((row) => row.guest_name)).toEqual([`Search ${tag} Rossi`]);
  });

  it('matches % and _ literally, filters by status and pages', async () => {
    expect((await search({ p_search: `${tag} 50%_` })).map((row) => row.guest_name)).toEqual([`Search ${tag} 50%_off`]);
    const pending = await search({ p_search: `Search ${tag}`, p_status: 'pending' });
    expect(pending).toHaveLength(2);
    const second = await search({ p_search: `Search ${tag}`, p_offset: 2, p_limit: 2 });
    expect(second).toHaveLength(1);
    expect(second[0].total_count).toBe(3);
  });

  it('finds bookings by room number', async () => {
    const [room] = await sql<{ room_number: string }>('select room_number from public.rooms where id = $1', [
      SEED.room(7),
    ]);
    const rows = await search({ p_search: room.room_number, p_limit: 100 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.room_number.includes(room.room_number))).toBe(true);
  });

  it('answers staff only', async () => {
    const { error: anonError } = await anonClient().rpc('search_booking_list', { p_search: tag });
    expect(anonError?.code).toBe('42501');
    const { client: guest } = await newUserClient('search');
    const { error: guestError } = await guest.rpc('search_booking_list', { p_search: tag });
    expect(guestError?.message).toBe('Only staff can list bookings.');
  });

  it('refuses a page size outside 1 to 100', async () => {
    await expect(search({ p_limit: 500 })).rejects.toMatchObject({ code: '22023' });
  });
});
