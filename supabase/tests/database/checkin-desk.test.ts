// The arrivals desk and the police file (issue 34 §3): verification in person gates check-in and
// the report, filing records who and when, and code table imports replace a table only when they
// succeed. Set-up and helpers: checkin-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, sql } from '../support';
import { setUpCheckin, staff, admin, confirmedStay, save, setToday, guestRows } from './checkin-fixtures';
import { head, member, single } from './checkin-guests-fixtures';

setUpCheckin();

describe('the desk and the police file', () => {
  it('checks in only verified, complete guests; files the day; the pending action drops', async () => {
    const stay = await confirmedStay(2, 1);
    expect((await save(stay, [head, { ...member, citizenship_code: null }])).error).toBeNull();
    await setToday(stay.checkIn);

    const checkIn = () => staff.rpc('check_in_booking', { p_booking_id: stay.bookingId });
    expect((await checkIn()).error?.message).toBe("Some guests' details are missing.");
    const ids = (await guestRows(stay.bookingId)).map((g) => g.id as string);
    const fixed = await staff.rpc('staff_save_booking_guests', {
      p_booking_id: stay.bookingId,
      p_guests: [
        { ...head, id: ids[0] },
        { ...member, id: ids[1] },
      ] as never,
    });
    expect(fixed.error).toBeNull();
    expect((await checkIn()).error?.message).toBe("Every guest's identity must be verified in person first.");
    for (const id of ids) {
      expect((await staff.rpc('verify_booking_guest', { p_guest_id: id, p_verified: true })).error).toBeNull();
    }
    expect((await checkIn()).error).toBeNull();
    const [booking] = await sql<{ status: string }>('select status from public.bookings where id = $1', [
      stay.bookingId,
    ]);
    expect(booking.status).toBe('checked_in');

    // one night: 6 hours to report
    const pending = await staff.rpc('unreported_check_ins');
    const row = pending.data?.find((r) => r.booking_id === stay.bookingId);
    expect(row).toMatchObject({ unreported_guests: 2, hours_left: 5 });

    const file = await staff.rpc('police_file_day', { p_day: stay.checkIn });
    const guests = (
      file.data as { guests: { guest_id: string; problems: string[]; guest_type: number }[] }
    ).guests.filter((g) => ids.includes(g.guest_id));
    expect(guests.map((g) => [g.guest_type, g.problems])).toEqual([
      [17, []],
      [19, []],
    ]);

    // the guest's link no longer changes anything
    expect((await save(stay, [single])).error?.hint).toBe('checkin_closed');

    const filed = await staff.rpc('mark_police_file_filed', { p_day: stay.checkIn, p_guest_ids: ids });
    expect(filed.error).toBeNull();
    const [filing] = await sql<{ filed_by: string; guest_count: number }>(
      'select filed_by::text, guest_count from public.police_filings where id = $1',
      [filed.data],
    );
    expect(filing).toEqual({ filed_by: SEED.users.staff, guest_count: 2 });
    expect((await staff.rpc('unreported_check_ins')).data?.some((r) => r.booking_id === stay.bookingId)).toBe(false);
    // filed once only
    const twice = await staff.rpc('mark_police_file_filed', { p_day: stay.checkIn, p_guest_ids: ids });
    expect(twice.error?.code).toBe('P0001');
  });
});

describe('code table imports', () => {
  it('reports rows read and rejected, and keeps the previous table unless the import succeeds', async () => {
    const [{ shipped }] = await sql<{ shipped: unknown }>(
      'select jsonb_agg(to_jsonb(d)) as shipped from public.alloggiati_documenti d',
    );
    const before = await sql<{ n: number }>('select count(*)::int as n from public.alloggiati_documenti');
    const good = [
      ['IDENT', "CARTA DI IDENTITA'"],
      ['PASOR', 'PASSAPORTO ORDINARIO'],
      ...Array.from({ length: 20 }, (_, i) => [`T${i}`, `TEST ${i}`]),
    ];
    try {
      const failed = await admin.rpc('import_alloggiati_table', {
        p_table: 'documenti',
        p_rows: [...good.slice(0, 3), ['TOO-LONG', 'X'], ['', 'Y']] as never,
        p_file_name: 'documenti.csv',
      });
      expect(failed.data).toMatchObject({
        succeeded: false,
        rows_read: 5,
        rows_rejected: 2,
        rejected: [
          { line: 5, reason: 'the code is not 1 to 5 letters or digits' },
          { line: 6, reason: 'the code is not 1 to 5 letters or digits' },
        ],
      });
      expect(await sql('select count(*)::int as n from public.alloggiati_documenti')).toEqual(before);

      const ok = await admin.rpc('import_alloggiati_table', {
        p_table: 'documenti',
        p_rows: [...good, ['IDENT', 'DUPLICATE']] as never,
        p_file_name: 'documenti.csv',
      });
      expect(ok.data).toMatchObject({ succeeded: true, rows_read: 23, rows_rejected: 1 });
      expect(await sql('select count(*)::int as n from public.alloggiati_documenti')).toEqual([{ n: 22 }]);

      const byStaff = await staff.rpc('import_alloggiati_table', { p_table: 'documenti', p_rows: good as never });
      expect(byStaff.error?.code).toBe('42501');
    } finally {
      // the shipped table back
      await sql('delete from public.alloggiati_documenti where true');
      await sql(
        'insert into public.alloggiati_documenti select * from jsonb_populate_recordset(null::public.alloggiati_documenti, $1)',
        [JSON.stringify(shipped)],
      );
    }
  });
});
