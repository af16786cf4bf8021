// Guests' identity data (issue 34 §2): no role reads the guests table directly, staff reads are
// audited without the data, and document numbers are erased N days after departure (the database
// clock is moved instead of waiting). Set-up and helpers: checkin-fixtures.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { SEED, anonClient, dbDate, deleteUsers, newUserClient, serviceClient, sql } from '../support';
import { setUpCheckin, staff, admin, nextDay, confirmedStay, save, setToday, guestRows } from './checkin-fixtures';
import { single } from './checkin-guests-fixtures';

setUpCheckin();

const users: string[] = [];
afterAll(() => deleteUsers(...users));

describe('who reads identity data', () => {
  it('gives anon, a signed-in user and even staff no direct access to the guests table', async () => {
    const stay = await confirmedStay(1);
    expect((await save(stay, [single])).error).toBeNull();
    const user = await newUserClient('nosy');
    users.push(user.userId);
    for (const client of [anonClient(), user.client, staff, admin]) {
      const { data, error } = await client.from('booking_guests' as never).select('*');
      expect(data ?? []).toEqual([]);
      expect(error?.code).toBe('42501');
    }
    for (const client of [anonClient(), user.client]) {
      expect((await client.rpc('staff_arrivals', { p_day: stay.checkIn })).error?.code).toMatch(/42501/);
      expect((await client.rpc('police_file_day', { p_day: stay.checkIn })).error?.code).toMatch(/42501/);
      const bookings = await client.rpc('booking_checkin_status', { p_booking_ids: [stay.bookingId] });
      expect(bookings.error?.code).toMatch(/42501/);
    }
  });

  it('audits every staff read, and no audit entry holds a document number', async () => {
    const stay = await confirmedStay(1);
    expect((await save(stay, [single])).error).toBeNull();
    const [{ n: before }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.audit_logs where action = 'READ' and record_id = $1",
      [stay.bookingId],
    );
    const { data, error } = await staff.rpc('staff_arrivals', { p_day: stay.checkIn });
    expect(error).toBeNull();
    const booking = data?.bookings?.find((b) => b.booking_id === stay.bookingId);
    expect(booking?.guests?.[0].document_number).toBe('18AB12345');
    const reads = await sql<{ user_id: string; new_values: Record<string, unknown> }>(
      "select user_id::text, new_values from public.audit_logs where action = 'READ' and record_id = $1 order by created_at",
      [stay.bookingId],
    );
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)).toMatchObject({ user_id: SEED.users.staff, new_values: { guests: 1 } });
    const leaks = await sql(
      "select 1 from public.audit_logs where (old_values::text like '%18AB12345%' or new_values::text like '%18AB12345%')",
    );
    expect(leaks).toEqual([]);
  });
});

describe('document numbers are erased after departure', () => {
  it('keeps them until check-out + N days, then erases only the number', async () => {
    const stay = await confirmedStay(1, 2);
    expect((await save(stay, [single])).error).toBeNull();
    await sql('update public.checkin_settings set document_retention_days = 10 where singleton');
    try {
      const checkOut = await dbDate(nextDay - 1);
      const erase = () => serviceClient().rpc('erase_expired_identity_documents');

      await setToday(await dbDate(nextDay - 1 + 9));
      expect((await erase()).error).toBeNull();
      expect((await guestRows(stay.bookingId))[0].document_number).toBe('18AB12345');

      await setToday(await dbDate(nextDay - 1 + 10));
      expect((await erase()).data).toBeGreaterThanOrEqual(1);
      const [row] = await guestRows(stay.bookingId);
      expect(row).toMatchObject({ document_number: null, surname: 'Lefèvre', document_type_code: 'PASOR' });
      expect(row.document_number_erased_at).not.toBeNull();
      expect(checkOut).toBeTruthy();
      // only the service role runs the job
      expect((await staff.rpc('erase_expired_identity_documents')).error?.code).toBe('42501');
    } finally {
      await sql('update public.checkin_settings set document_retention_days = 30 where singleton');
    }
  });
});
