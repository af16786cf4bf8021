// Typed answers of the staff screens (issue 29 section 3): the police file, the arrivals desk, the
// code table import, the money received and the deploy hook settings: which fields each answer
// leaves null (the site's `Filled` types, src/lib/rpc-rows.ts, say the same) and that each keeps
// every key its jsonb answer had. Set-up and helpers: typed-answers-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { nullPaths, type Json } from '../json-paths';
import { anonClient, dbDate, sql } from '../support';
import { setUpTypedAnswers, staff, admin, stay, guestsJson, keys } from './typed-answers-fixtures';
import { single } from './checkin-guests-fixtures';

setUpTypedAnswers();

describe('the staff screens', () => {
  it('police_file_day: every field of a checked-in guest but those not entered; the day’s filings', async () => {
    const booking = await stay('confirmed');
    const saved = await staff.rpc('staff_save_booking_guests', {
      p_booking_id: booking.id,
      p_guests: [{ ...single, document_issue_place_code: null }] as never,
    });
    // the desk's save answers nothing: the screen reads the guests again
    expect(saved).toMatchObject({ error: null, data: null });
    await sql(`update public.bookings set status = 'checked_in' where id = $1`, [booking.id]);
    await sql(
      `insert into public.booking_check_ins (booking_id, checked_in_at) values ($1, ($2 || ' 15:00 Europe/Rome')::timestamptz)
       on conflict (booking_id) do update set checked_in_at = excluded.checked_in_at`,
      [booking.id, booking.checkIn],
    );
    const { data, error } = await staff.rpc('police_file_day', { p_day: booking.checkIn });
    expect(error).toBeNull();
    expect(keys(data)).toEqual(['day', 'filings', 'guests']);
    expect(data).toMatchObject({ day: booking.checkIn, filings: [] });
    const guest = data?.guests?.find((g) => g.booking_id === booking.id);
    expect(keys(guest)).toEqual(
      [
        'arrival_date',
        'birth_comune_code',
        'birth_date',
        'birth_province',
        'birth_state_code',
        'booking_id',
        'citizenship_code',
        'departure_date',
        'document_issue_place_code',
        'document_number',
        'document_type_code',
        'filing_id',
        'given_names',
        'guest_id',
        'guest_type',
        'position',
        'problems',
        'reference',
        'room_name',
        'sex',
        'surname',
      ]
        .concat('verified')
        .sort(),
    );
    // born abroad, no place of issue entered, not yet filed: those only are null (PoliceGuest)
    expect(nullPaths(guest as Json).sort()).toEqual([
      'birth_comune_code',
      'birth_province',
      'document_issue_place_code',
      'filing_id',
    ]);
    expect(guest).toMatchObject({
      reference: booking.reference,
      room_name: 'Typed answers room',
      guest_type: 16,
      arrival_date: booking.checkIn,
      surname: 'Lefèvre',
      verified: false,
    });
    expect(guest?.problems).toContain('not_verified');

    const filed = await sql<{ id: string }>(
      `insert into public.police_filings (arrival_day, guest_count, filed_by) values ($1, 1, $2) returning id::text`,
      [booking.checkIn, (await staff.auth.getUser()).data.user?.id],
    );
    const again = await staff.rpc('police_file_day', { p_day: booking.checkIn });
    await sql('delete from public.police_filings where id = $1', [filed[0].id]);
    expect(again.data?.filings).toEqual([
      { id: filed[0].id, filed_at: expect.any(String), guest_count: 1, filed_by: expect.any(String) },
    ]);

    // a day nobody checked in: empty lists, not null
    const empty = await staff.rpc('police_file_day', { p_day: await dbDate(1499) });
    expect(empty.data).toEqual({ day: await dbDate(1499), guests: [], filings: [] });
    expect((await anonClient().rpc('police_file_day', { p_day: booking.checkIn })).error?.code).toBe('42501');
  });

  it('staff_arrivals: every field of a stay but when it was checked in; its guests as saved', async () => {
    const booking = await stay('confirmed');
    await sql('select private.save_booking_guests(b, $2::jsonb, $3) from public.bookings b where b.id = $1', [
      booking.id,
      JSON.stringify([single]),
      'staff',
    ]);
    const { data, error } = await staff.rpc('staff_arrivals', { p_day: booking.checkIn });
    expect(error).toBeNull();
    expect(data?.day).toBe(booking.checkIn);
    const arrival = data?.bookings?.find((b) => b.booking_id === booking.id);
    expect(keys(arrival)).toEqual([
      'balance_due_cents',
      'booking_id',
      'check_in',
      'check_out',
      'checked_in_at',
      'city_tax_open_cents',
      'complete',
      'extras',
      'guest_name',
      'guests',
      'guests_expected',
      'nights',
      'reference',
      'room_name',
      'status',
    ]);
    expect(nullPaths(arrival as Json).filter((path) => !path.startsWith('guests[]'))).toEqual(['checked_in_at']);
    expect(arrival).toMatchObject({ room_name: 'Typed answers room', nights: 2, guests_expected: 1, complete: true });
    expect(arrival?.guests?.map((guest) => guest.surname)).toEqual(['Lefèvre']);
    expect(arrival?.guests).toEqual(await guestsJson(booking.id));
    expect(data?.document_types?.length).toBeGreaterThan(0);
    expect(nullPaths(data?.document_types as Json)).toEqual([]);

    // a day without arrivals: empty lists, not null
    const empty = await staff.rpc('staff_arrivals', { p_day: await dbDate(1499) });
    expect(empty.data?.bookings).toEqual([]);
    expect(nullPaths(empty.data as Json)).toEqual([]);
  });

  it('import_alloggiati_table: every field filled, the rejected lines in order (a refused file changes nothing)', async () => {
    const refused = await admin.rpc('import_alloggiati_table', {
      p_table: 'documenti',
      p_rows: [
        ['IDENT', "CARTA D'IDENTITA'"],
        ['TOO-LONG', 'X'],
        ['', 'Y'],
      ] as never,
      p_file_name: 'typed-answers.csv',
    });
    expect(refused.error).toBeNull();
    expect(keys(refused.data)).toEqual(['message', 'rejected', 'rows_read', 'rows_rejected', 'succeeded']);
    expect(nullPaths(refused.data as Json)).toEqual([]);
    expect(refused.data).toEqual({
      succeeded: false,
      rows_read: 3,
      rows_rejected: 2,
      rejected: [
        { line: 3, reason: 'the code is not 1 to 5 letters or digits' },
        { line: 4, reason: 'the code is not 1 to 5 letters or digits' },
      ],
      message: 'Too many rows were rejected: the current table is unchanged.',
    });
    // no rows: an empty list, not null
    const empty = await admin.rpc('import_alloggiati_table', { p_table: 'documenti', p_rows: [] as never });
    expect(empty.data).toEqual({
      succeeded: false,
      rows_read: 0,
      rows_rejected: 0,
      rejected: [],
      message: 'The file has no rows.',
    });
    expect(
      (await staff.rpc('import_alloggiati_table', { p_table: 'documenti', p_rows: [] as never })).error?.code,
    ).toBe('42501');
  });

  it('money_received: three sums and what is owed, zero when nothing was received, never null', async () => {
    const all = await staff.rpc('money_received');
    expect(all.error).toBeNull();
    expect(keys(all.data)).toEqual(['city_tax_cents', 'owed_cents', 'owed_stays', 'received_cents', 'refunded_cents']);
    expect(nullPaths(all.data as Json)).toEqual([]);
    const none = await staff.rpc('money_received', { p_since: await dbDate(3000) });
    expect(none.data).toMatchObject({ received_cents: 0, refunded_cents: 0, city_tax_cents: 0 });
    expect((await anonClient().rpc('money_received')).error?.code).toBe('42501');
  });

  it('deploy_hook_settings, set_deploy_hook and remove_deploy_hook answer the same masked settings', async () => {
    const set = await admin.rpc('set_deploy_hook', { p_url: 'https://hooks.example.com/build/typed-answers-0007' });
    try {
      expect(set.error).toBeNull();
      expect(keys(set.data)).toEqual(['configured', 'masked_url', 'rebuild_due_at', 'updated_at']);
      expect(set.data).toMatchObject({ configured: true, masked_url: 'https://hooks.example.com/…0007' });
      expect(set.data?.updated_at).toEqual(expect.any(String));
      expect((await admin.rpc('deploy_hook_settings')).data).toEqual(set.data);
    } finally {
      const removed = await admin.rpc('remove_deploy_hook');
      expect(removed.error).toBeNull();
      // none set: only whether one is
      expect(removed.data).toEqual({ configured: false, masked_url: null, updated_at: null, rebuild_due_at: null });
    }
    expect((await staff.rpc('deploy_hook_settings')).error?.code).toBe('42501');
  });
});
