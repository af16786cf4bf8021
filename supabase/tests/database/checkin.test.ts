// Online check-in, the arrivals desk and the police file (issue 34, sections 1-3), through
// supabase-js against the local platform: the guest's link reads and writes only its own stay's
// guests, bad input changes nothing, anon and unprivileged users read nothing, staff reads are
// audited (without the data), verification in person gates check-in and the report, filing
// records who and when, code table imports replace a table only when they succeed, and document
// numbers are erased N days after departure (the database clock is moved instead of waiting).
// Stays use dates from current_date + 800 on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  anonClient,
  dbDate,
  deleteUsers,
  newUserClient,
  serviceClient,
  signedInClient,
  sql,
  type Client,
} from '../support';
import type { BookingEmailData } from '../../functions/emails/catalog.ts';
import { renderEmail } from '../../functions/emails/templates.ts';

const ROMA = '412058091';
const ITALIA = '100000100';
const FRANCIA = '100000215';

const head = {
  guest_type: 17,
  surname: "D'Angelo",
  given_names: 'Maria Chiara',
  sex: 'F',
  birth_date: '1985-04-12',
  birth_state_code: ITALIA,
  birth_comune_code: ROMA,
  citizenship_code: ITALIA,
  residence_state_code: ITALIA,
  residence_comune_code: ROMA,
  document_type_code: 'IDENT',
  document_number: 'CA12345AB',
  document_issue_place_code: ROMA,
};
const member = {
  guest_type: 19,
  surname: "D'Angelo",
  given_names: 'Luca',
  sex: 'M',
  birth_date: '2015-06-01',
  birth_state_code: ITALIA,
  birth_comune_code: ROMA,
  citizenship_code: ITALIA,
  residence_state_code: ITALIA,
  residence_comune_code: ROMA,
};
const single = {
  guest_type: 16,
  surname: 'Lefèvre',
  given_names: 'Élodie',
  sex: 'F',
  birth_date: '1990-02-03',
  birth_state_code: FRANCIA,
  citizenship_code: FRANCIA,
  residence_state_code: FRANCIA,
  document_type_code: 'PASOR',
  document_number: '18AB12345',
  document_issue_place_code: FRANCIA,
};

let staff: Client;
let admin: Client;
let nextDay = 800;
const created: string[] = [];
const users: string[] = [];

interface Stay {
  bookingId: string;
  reference: string;
  token: string;
  checkIn: string;
}

/** A confirmed stay of its own, `nights` long, starting `startOffset` days from today, and a link token. */
async function confirmedStay(guests = 2, nights = 3): Promise<Stay> {
  const start = nextDay;
  nextDay += nights + 1;
  const checkIn = await dbDate(start);
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Maria D''Angelo', 'checkin@test.example.com', $2, $3, $4, 'confirmed') returning id::text, reference`,
    [SEED.room(3), checkIn, await dbDate(start + nights), guests],
  );
  created.push(row.id);
  const [token] = await sql<{ token: string }>(
    'select private.issue_booking_token(b) as token from public.bookings b where b.id = $1',
    [row.id],
  );
  return { bookingId: row.id, reference: row.reference, token: token.token, checkIn };
}

const view = (stay: Stay, client: Client = anonClient()) =>
  client.rpc('checkin_by_link', { p_reference: stay.reference, p_token: stay.token });
const save = (stay: Stay, guests: unknown[], client: Client = anonClient()) =>
  client.rpc('save_checkin_by_link', { p_reference: stay.reference, p_token: stay.token, p_guests: guests as never });

/** Moves the database clock so that "today" in Rome is `date` at noon. */
async function setToday(date: string): Promise<void> {
  await sql(
    `update private.clock_offset set offset_by =
       (($1::date + time '12:00') at time zone 'Europe/Rome') - now()`,
    [date],
  );
}
const resetClock = () => sql("update private.clock_offset set offset_by = interval '0'");

const guestRows = (bookingId: string) =>
  sql<Record<string, unknown>>('select * from public.booking_guests where booking_id = $1 order by position', [
    bookingId,
  ]);

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
});

beforeEach(resetClock);

afterAll(async () => {
  await resetClock();
  await sql('delete from public.booking_guests where booking_id = any($1::uuid[])', [created]);
  await sql('delete from public.police_filings where guest_count > 0 and arrival_day >= current_date + 800');
  await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
  await deleteUsers(...users);
});

describe('the guest link', () => {
  it('saves and reads back its own stay’s guests, with what is missing', async () => {
    const stay = await confirmedStay(3);
    const before = await view(stay);
    expect(before.error).toBeNull();
    expect(before.data).toMatchObject({ editable: true, guests_expected: 3, guests: [], retention_days: 30 });

    const saved = await save(stay, [head, { ...member, birth_comune_code: null }]);
    expect(saved.error).toBeNull();
    const data = saved.data as { guests: Record<string, unknown>[]; complete: boolean; missing_count: number };
    expect(data.complete).toBe(false);
    // one comune missing, one guest not entered
    expect(data.missing_count).toBe(2);
    expect(data.guests[0]).toMatchObject({
      surname: "D'Angelo",
      birth_comune: { code: ROMA, name: 'ROMA', province: 'RM' },
      birth_province: 'RM',
      document_number: 'CA12345AB',
      missing: [],
    });
    expect(data.guests[1]).toMatchObject({ given_names: 'Luca', missing: ['birth_comune'] });

    // corrections keep the rows (same ids)
    const ids = data.guests.map((g) => g.id);
    const again = await save(stay, [
      { ...head, id: ids[0], document_number: 'ca 99999 zz' },
      { ...member, id: ids[1] },
      { ...member, given_names: 'Giulia', sex: 'F' },
    ]);
    expect(again.error).toBeNull();
    const rows = await guestRows(stay.bookingId);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual(ids);
    expect(rows[0].document_number).toBe('CA99999ZZ');
    expect((again.data as { complete: boolean }).complete).toBe(true);
  });

  it('reads and writes nothing of another stay, and a wrong link gets nothing', async () => {
    const mine = await confirmedStay(1);
    const theirs = await confirmedStay(1);
    expect((await save(theirs, [single])).error).toBeNull();

    const crossed = { ...mine, token: theirs.token };
    expect((await view(crossed)).data).toBeNull();
    expect((await save(crossed, [single])).error?.hint).toBe('link_not_valid');
    expect((await view({ ...mine, token: 'not-a-token' })).data).toBeNull();

    // another stay's guest id cannot be taken over
    const [theirGuest] = await guestRows(theirs.bookingId);
    const hijack = await save(mine, [{ ...single, id: theirGuest.id, surname: 'Hacker' }]);
    expect(hijack.error?.code).toBe('22023');
    expect((await guestRows(theirs.bookingId))[0].surname).toBe('Lefèvre');
    expect(await guestRows(mine.bookingId)).toEqual([]);
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const stay = await confirmedStay(2);
    expect((await save(stay, [head, member])).error).toBeNull();
    const before = await guestRows(stay.bookingId);

    const bad = await save(stay, [
      { ...head, surname: 'R0ssi', birth_date: '2999-01-01', birth_comune_code: '999999999' },
      { ...member, document_number: 'X123', sex: 'X' },
    ]);
    expect(bad.error?.code).toBe('22023');
    expect(bad.error?.hint).toBe('checkin_invalid');
    expect(JSON.parse(bad.error?.details ?? '{}')).toEqual({
      '0.surname': 'invalid',
      '0.birth_date': 'future',
      '0.birth_comune': 'unknown_code',
      '1.sex': 'invalid',
      '1.document_number': 'not_for_members',
    });
    expect(await guestRows(stay.bookingId)).toEqual(before);

    // members follow a head of their kind; one head per kind; no more guests than the stay's
    const orphan = await save(stay, [{ ...member, guest_type: 20 }]);
    expect(JSON.parse(orphan.error?.details ?? '{}')).toEqual({ '0.guest_type': 'head_missing' });
    const twoHeads = await save(stay, [head, head]);
    expect(JSON.parse(twoHeads.error?.details ?? '{}')).toEqual({ '1.guest_type': 'one_head' });
    const tooMany = await save(stay, [head, member, member]);
    expect(JSON.parse(tooMany.error?.details ?? '{}')).toEqual({ guests: 'too_many' });
    expect(await guestRows(stay.bookingId)).toEqual(before);
  });

  it('closes after the day of arrival and for stays not confirmed', async () => {
    const stay = await confirmedStay(1);
    await setToday(await dbDate(nextDay + 5));
    expect((await view(stay)).data).toBeNull();
    expect((await save(stay, [single])).error?.hint).toBe('checkin_closed');
    await resetClock();
    await sql("update public.bookings set status = 'cancelled' where id = $1", [stay.bookingId]);
    expect((await view(stay)).data).toBeNull();
  });

  it('finds comuni and states for the pickers, only with a valid link or as staff', async () => {
    const stay = await confirmedStay(1);
    const search = (client: Client, kind: string, query: string, token = stay.token) =>
      client.rpc('search_checkin_places', {
        p_kind: kind,
        p_query: query,
        p_reference: stay.reference,
        p_token: token,
      });
    const { data } = await search(anonClient(), 'comune', 'roma');
    expect(data?.[0]).toMatchObject({ code: ROMA, name: 'ROMA', province: 'RM', kind: 'comune' });
    expect((await search(anonClient(), 'stato', 'franc')).data?.[0]).toMatchObject({ code: FRANCIA });
    expect((await search(anonClient(), 'comune', 'roma', 'wrong')).data).toEqual([]);
    expect((await search(staff, 'place', 'italia', '')).data?.[0]).toMatchObject({ code: ITALIA, kind: 'stato' });
  });
});

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

describe('the arrival reminder', () => {
  it('says how many details are missing and links to the form, without identity data', async () => {
    const stay = await confirmedStay(3);
    expect((await save(stay, [head])).error).toBeNull();
    await sql("update public.bookings set guest_language = 'it' where id = $1", [stay.bookingId]);
    await setToday(await dbDate(nextDay - 4 - 3));
    expect((await serviceClient().rpc('run_booking_timers')).error).toBeNull();
    const [row] = await sql<{ data: BookingEmailData }>(
      "select data from public.email_outbox where booking_id = $1 and kind = 'arrival_reminder'",
      [stay.bookingId],
    );
    expect(row.data.checkin).toEqual({ complete: false, missing: 2 });
    expect(JSON.stringify(row.data)).not.toMatch(/Maria Chiara|CA12345AB|1985-04-12|412058091/);
    const mail = renderEmail('arrival_reminder', 'it', row.data, 'https://example.com');
    expect(mail.text).toContain('mancano ancora 2 dati');
    expect(mail.html).toContain('Fai il check-in online');
    expect(mail.html).toContain(`/it/booking/${stay.reference}?token=`);
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
