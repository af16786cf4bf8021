// The permission matrix of the paperwork sent by the house itself (issue 41): the police
// submissions table (staff read, nobody writes through the API), the portals' credentials (a
// private table no API role reads; admins see them masked and save them), and the police-filing
// function's service-role calls, which no API role may make. The shared actors:
// permission-matrix-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dbDate, sql } from '../support';
import {
  NONE,
  READ_ALL,
  ROLES,
  describeMatrix,
  fixtureRoom,
  insertAsOwner,
  label,
  matrixActors,
  ownedRow,
  tableCheck,
  type Fixture,
  type Perms,
  type Role,
  type TableSpec,
} from './permission-matrix-fixtures';

const actors = matrixActors();
let nextDay = 1900;

/** A checked-in guest of a booking of its own, removed with it. */
async function guestFixture(): Promise<{ guestId: string; bookingId: string; cleanup: () => Promise<void> }> {
  const start = nextDay;
  nextDay += 3;
  const bookingId = await insertAsOwner('bookings', {
    room_id: fixtureRoom(),
    guest_name: 'Matrix Police Guest',
    guest_email: 'matrix-police@test.example.com',
    guests: 1,
    status: 'checked_in',
    check_in_date: await dbDate(start),
    check_out_date: await dbDate(start + 2),
  });
  const guestId = await insertAsOwner('booking_guests', { booking_id: bookingId, position: 1, surname: 'Matrix' });
  return {
    guestId,
    bookingId,
    cleanup: async () => {
      await sql('delete from public.police_submissions where booking_id = $1', [bookingId]);
      await sql('delete from public.booking_guests where booking_id = $1', [bookingId]);
      await sql('delete from public.bookings where id = $1', [bookingId]);
    },
  };
}

const submissionRow = async (guest: { guestId: string; bookingId: string }) => ({
  guest_id: guest.guestId,
  booking_id: guest.bookingId,
  arrival_day: await dbDate(nextDay),
  deadline_at: new Date().toISOString(),
  status: 'refused',
  error_code: 'DOCUMENTO',
  error_text: 'Documento non valido',
  last_attempt_at: new Date().toISOString(),
});

const MATRIX: Record<'police_submissions' | 'police_receipts' | 'istat_days', Record<Role, Perms>> = {
  // written by record_istat_day() (the istat-filing function, service role) only
  istat_days: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // written by record_police_submissions() (the police-filing function, service role) only
  police_submissions: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // written by record_police_receipt() and expire_police_receipts() (service role) only
  police_receipts: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
};

let receiptDay = 0;
/** A receipt row of its own day, in 1990 (no real receipt is that old). */
const receiptRow = () => {
  const day = new Date(Date.UTC(1990, 0, 1 + receiptDay++)).toISOString().slice(0, 10);
  return { day, object_path: `${day.slice(0, 4)}/${day}.pdf`, size_bytes: 100, stored_at: new Date().toISOString() };
};

let istatDay = 0;
/** An ISTAT day of its own, in 1991 (before any account's first day). */
const istatRow = () => ({
  day: new Date(Date.UTC(1991, 0, 1 + istatDay++)).toISOString().slice(0, 10),
  status: 'refused',
  error_code: 'STATO_RESIDENZA',
  error_text: 'Stato di residenza mancante o non valido',
});

const TABLES: Record<'police_submissions' | 'police_receipts' | 'istat_days', TableSpec> = {
  istat_days: {
    key: 'day',
    create: () => ownedRow('istat_days', istatRow(), 'day'),
    newRow: async () => ({ row: istatRow() }),
    patch: { status: 'sent', sent_at: new Date().toISOString(), error_code: null },
  },
  police_receipts: {
    key: 'day',
    create: () => ownedRow('police_receipts', receiptRow(), 'day'),
    newRow: async () => ({ row: receiptRow() }),
    patch: { size_bytes: 999 },
  },
  police_submissions: {
    key: 'guest_id',
    create: async (): Promise<Fixture> => {
      const guest = await guestFixture();
      await insertAsOwner('police_submissions', await submissionRow(guest), 'guest_id');
      return { id: guest.guestId, cleanup: guest.cleanup };
    },
    newRow: async () => {
      const guest = await guestFixture();
      return { row: await submissionRow(guest), cleanup: guest.cleanup };
    },
    patch: { status: 'sent', sent_at: new Date().toISOString(), error_code: null },
  },
};

describeMatrix(MATRIX, actors, tableCheck(TABLES));

// ---------------------------------------------------------------- the portals' credentials
const SECRET = { user: 'RM-MATRIX-USER', password: 'matrix-password-42', key: 'MATRIX-WSKEY-4242' };
const ROSS = { user: 'RM-ROSS-MATRIX', password: 'ross-matrix-password-42', key: '058091-AFF-MATRIX' };
const stored = async () =>
  (
    await sql<{ alloggiati_user: string; alloggiati_password: string; ross1000_user: string }>(
      'select alloggiati_user, alloggiati_password, ross1000_user from private.paperwork_credentials',
    )
  )[0] ?? null;

describe("the portals' credentials", () => {
  beforeEach(() =>
    sql(
      `insert into private.paperwork_credentials (id, alloggiati_user, alloggiati_password, alloggiati_wskey,
         ross1000_user, ross1000_password, ross1000_structure)
       values (true, $1, $2, $3, $4, $5, $6) on conflict (id) do update
       set alloggiati_user = $1, alloggiati_password = $2, alloggiati_wskey = $3,
         ross1000_user = $4, ross1000_password = $5, ross1000_structure = $6`,
      [SECRET.user, SECRET.password, SECRET.key, ROSS.user, ROSS.password, ROSS.key],
    ),
  );
  afterAll(() => sql('delete from private.paperwork_credentials'));

  for (const role of ROLES) {
    const admin = role === 'admin';
    it(`${role} reads them: ${admin ? 'masked only' : 'refused'}`, async () => {
      const { client } = actors[role];
      const direct = await client
        .schema('private' as 'public')
        .from('paperwork_credentials' as never)
        .select('*');
      expect(direct.error).not.toBeNull();
      const { data, error } = await client.rpc('paperwork_credentials_settings');
      for (const secret of [...Object.values(SECRET), ROSS.user, ROSS.password])
        expect(JSON.stringify(data ?? '')).not.toContain(secret);
      if (admin)
        expect(data).toMatchObject({
          alloggiati_set: true,
          alloggiati_user_masked: 'RM…ER',
          ross1000_set: true,
          ross1000_user_masked: 'RM…IX',
        });
      else expect(error?.code).toBe('42501');
    });
    it(`${role} saves them: ${label(admin)}`, async () => {
      const { error } = await actors[role].client.rpc('set_paperwork_credentials', {
        p_service: 'alloggiati',
        p_user: `user-${role}`,
        p_password: 'new-password',
        p_key: 'NEW-KEY',
      });
      if (admin) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect((await stored())?.alloggiati_user).toBe(admin ? `user-${role}` : SECRET.user);
    });
    it(`${role} saves the Ross1000 account: ${label(admin)}`, async () => {
      const { error } = await actors[role].client.rpc('set_paperwork_credentials', {
        p_service: 'ross1000',
        p_user: `ross-${role}`,
        p_password: 'new-password',
        p_key: '058091-AFF-00001',
      });
      if (admin) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect((await stored())?.ross1000_user).toBe(admin ? `ross-${role}` : ROSS.user);
    });
    it(`${role} calls the istat-filing function's service-role functions: refused`, async () => {
      const { client } = actors[role];
      const day = await dbDate(0);
      const calls = [
        client.rpc('istat_filing_credentials'),
        client.rpc('istat_filing_due'),
        client.rpc('record_istat_day', { p_day: day, p_outcome: 'sent', p_record: {}, p_record_hash: 'x' }),
        client.rpc('raise_istat_unsent_alerts'),
      ];
      for (const result of await Promise.all(calls)) {
        expect(result.error?.code).toBe('42501');
        expect(JSON.stringify(result.data ?? '')).not.toContain(ROSS.password);
      }
    });
    it(`${role} asks an ISTAT day again: ${label(role === 'staff' || admin)}`, async () => {
      const row = istatRow();
      await sql('insert into public.istat_days (day, status, error_code) values ($1, $2, $3)', [
        row.day,
        row.status,
        row.error_code,
      ]);
      try {
        const { error } = await actors[role].client.rpc('retry_istat_day', { p_day: row.day });
        const [after] = await sql<{ retry: boolean }>(
          'select retry_requested_at is not null as retry from public.istat_days where day = $1',
          [row.day],
        );
        if (role === 'staff' || admin) {
          expect(error).toBeNull();
          expect(after.retry).toBe(true);
        } else {
          expect(error?.code).toBe('42501');
          expect(after.retry).toBe(false);
        }
      } finally {
        await sql('delete from public.istat_days where day = $1', [row.day]);
      }
    });
    it(`${role} calls the police-filing function's service-role functions: refused`, async () => {
      const { client } = actors[role];
      const calls = [
        client.rpc('police_filing_credentials'),
        client.rpc('police_filing_queue'),
        client.rpc('police_filing_keep_token', { p_token: 'forged', p_expires_at: new Date().toISOString() }),
        client.rpc('record_police_submissions', { p_results: [{ guest_id: randomUUID(), ok: true }] }),
      ];
      for (const result of await Promise.all(calls)) {
        expect(result.error?.code).toBe('42501');
        expect(JSON.stringify(result.data ?? '')).not.toContain(SECRET.password);
      }
    });
    it(`${role} reads a day's submissions: ${label(role === 'staff' || admin)}`, async () => {
      const { data, error } = await actors[role].client.rpc('police_submissions_day', { p_day: await dbDate(0) });
      if (role === 'staff' || admin) expect(data).toMatchObject({ refused: expect.any(Number) });
      else expect(error?.code).toBe('42501');
    });
  }
});
