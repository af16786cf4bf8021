// The permission matrix of ARCHITECTURE.md section 5 for a stay's records (bookings, guests' identity
// data, check-ins, police filings and the portal's code tables, the city-tax register, payments
// and extras), run through
// supabase-js against the local platform as anon, a signed-in user with no role, staff and admin,
// trying select, insert, update and delete. Each attempt works on rows of its own (created and
// removed by the superuser); refused writes are checked to have changed nothing. The shared
// actors, fixtures and checks: permission-matrix-fixtures.ts.
import { randomUUID } from 'node:crypto';
import { SEED, dbDate, sql } from '../support';
import {
  FULL,
  NONE,
  READ_ALL,
  READ_AND_UPDATE,
  describeMatrix,
  fixtureRoom,
  insertAsOwner,
  ownedRow,
  tableCheck,
  tag,
  matrixActors,
  type Fixture,
  type Perms,
  type Role,
  type TableSpec,
} from './permission-matrix-fixtures';

type Resource =
  | 'bookings'
  | 'booking_guests'
  | 'booking_check_ins'
  | 'police_filings'
  | 'alloggiati_comuni'
  | 'alloggiati_documenti'
  | 'alloggiati_imports'
  | 'alloggiati_stati_iso'
  | 'city_tax_rates'
  | 'city_tax_exemptions'
  | 'city_tax_house_categories'
  | 'city_tax_remittances'
  | 'payments'
  | 'booking_extras';

/** ARCHITECTURE.md section 5 as the migrations implement it ("staff" includes admin). */
const MATRIX: Record<Resource, Record<Role, Perms>> = {
  // anon/users create requests only through request_booking() (booking-rules-*.test.ts)
  bookings: { anon: NONE, user: NONE, staff: READ_AND_UPDATE /* status only */, admin: FULL },
  // guests' identity data: no role reads or writes the table; staff read it through audited
  // functions, a guest through its link (checkin-*.test.ts, checkin-functions.test.ts)
  booking_guests: { anon: NONE, user: NONE, staff: NONE, admin: NONE },
  // written by check_in_booking() and mark_police_file_filed() only
  booking_check_ins: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  police_filings: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // the portal's code tables: replaced by import_alloggiati_table() (admins) only
  alloggiati_comuni: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  alloggiati_documenti: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  alloggiati_imports: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // the countries' ISO codes: data of a migration; a guest reaches them through search_checkin_places()
  alloggiati_stati_iso: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // the city-tax register (city-tax-register-*.test.ts): rates are the admins', exemptions the
  // desk's; the city tax collected is on the folio (public.payments below; its view
  // city_tax_collections: folio-desk.test.ts)
  city_tax_rates: { anon: NONE, user: NONE, staff: READ_ALL, admin: FULL },
  city_tax_exemptions: { anon: NONE, user: NONE, staff: FULL, admin: FULL },
  // the house's category changes through set_city_tax_category() (admins) only; what was paid over
  // to Roma Capitale is recorded through record_city_tax_remittance() (admins), removed by admins
  // (city-tax-declared.test.ts)
  city_tax_house_categories: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  city_tax_remittances: { anon: NONE, user: NONE, staff: READ_ALL, admin: { ...READ_ALL, delete: true } },
  // written by the payment functions and the staff's RPCs only (payment-money.test.ts, payments-*.test.ts);
  // the ledger is append-only even for its owner. The payment policy: payment-money.test.ts.
  payments: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  booking_extras: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
};

let nextBookingDay = 100;

/** A booking of the fixture room (removed with the room's bookings after the run). */
async function fixtureBooking(): Promise<string> {
  return insertAsOwner('bookings', {
    room_id: fixtureRoom(),
    guest_name: 'Matrix Guest',
    guest_email: 'matrix@test.example.com',
    guests: 1,
    status: 'confirmed',
    ...(await bookingDates()),
  });
}
const digits9 = () => String(Math.floor(100_000_000 + Math.random() * 800_000_000));
let nextRateDay = -45_000;
/** A rate period of its own (rates never overlap): around 1900, before every real rate. */
async function rateDates() {
  const start = nextRateDay;
  nextRateDay += 10;
  return { valid_from: await dbDate(start), valid_to: await dbDate(start + 5) };
}

/** A booking of its own, removed with what refers to it. */
async function bookingFixture(): Promise<Fixture> {
  const id = await insertAsOwner('bookings', {
    room_id: fixtureRoom(),
    guest_name: 'Matrix Tax Guest',
    guest_email: 'matrix-tax@test.example.com',
    guests: 2,
    status: 'checked_out',
    ...(await bookingDates()),
  });
  return {
    id,
    cleanup: () => removeBooking(id),
  };
}

/** A row of `table` for a booking of its own; removing it removes the booking too. */
async function bookingRow(table: string, values: Record<string, unknown>): Promise<Fixture> {
  const booking = await bookingFixture();
  const id = await insertAsOwner(table, { booking_id: booking.id, ...values });
  return { id, cleanup: booking.cleanup };
}

async function bookingDates() {
  const start = nextBookingDay;
  nextBookingDay += 3;
  return { check_in_date: await dbDate(start), check_out_date: await dbDate(start + 2) };
}

const TABLES: Record<Resource, TableSpec> = {
  bookings: {
    key: 'id',
    create: async () =>
      ownedRow('bookings', {
        room_id: fixtureRoom(),
        guest_name: 'Matrix Guest',
        guest_email: 'matrix@test.example.com',
        guests: 1,
        ...(await bookingDates()),
      }),
    newRow: async () => ({
      row: {
        id: randomUUID(),
        room_id: fixtureRoom(),
        guest_name: 'Inserted',
        guest_email: 'ins@test.example.com',
        guests: 1,
        ...(await bookingDates()),
      },
    }),
    // the one change staff may make (pending -> confirmed)
    patch: { status: 'confirmed' },
  },
  booking_guests: {
    key: 'id',
    create: async () =>
      ownedRow('booking_guests', { booking_id: await fixtureBooking(), position: 1, surname: 'Matrix' }),
    newRow: async () => ({
      row: { id: randomUUID(), booking_id: await fixtureBooking(), position: 1, surname: 'Forged' },
    }),
    patch: { document_number: 'TAMPERED1' },
  },
  booking_check_ins: {
    key: 'booking_id',
    create: async () =>
      ownedRow('booking_check_ins', { booking_id: await fixtureBooking(), checked_in_at: new Date() }, 'booking_id'),
    newRow: async () => ({ row: { booking_id: await fixtureBooking(), checked_in_at: new Date().toISOString() } }),
    patch: { checked_in_at: '2020-01-01T00:00:00Z' },
  },
  police_filings: {
    key: 'id',
    create: async () =>
      ownedRow('police_filings', { arrival_day: await dbDate(-1), guest_count: 1, filed_by: SEED.users.staff }),
    newRow: async () => ({
      row: { id: randomUUID(), arrival_day: await dbDate(-1), guest_count: 1, filed_by: SEED.users.staff },
    }),
    patch: { guest_count: 99 },
  },
  alloggiati_comuni: {
    key: 'code',
    create: () => ownedRow('alloggiati_comuni', { code: digits9(), name: 'MATRIX', province: 'RM' }, 'code'),
    newRow: async () => ({ row: { code: digits9(), name: 'FORGED', province: 'RM' } }),
    patch: { name: 'TAMPERED' },
  },
  alloggiati_documenti: {
    key: 'code',
    create: () => ownedRow('alloggiati_documenti', { code: `Q${tag().slice(0, 4)}`, name: 'MATRIX' }, 'code'),
    newRow: async () => ({ row: { code: `Z${tag().slice(0, 4)}`, name: 'FORGED' } }),
    patch: { name: 'TAMPERED' },
  },
  alloggiati_imports: {
    key: 'id',
    create: () =>
      ownedRow('alloggiati_imports', { table_name: 'stati', rows_read: 1, rows_rejected: 0, succeeded: true }),
    newRow: async () => ({
      row: { id: randomUUID(), table_name: 'stati', rows_read: 1, rows_rejected: 0, succeeded: true },
    }),
    patch: { succeeded: false },
  },
  alloggiati_stati_iso: {
    key: 'code',
    create: () => ownedRow('alloggiati_stati_iso', { code: digits9(), iso_code: 'QQ' }, 'code'),
    newRow: async () => ({ row: { code: digits9(), iso_code: 'QZ' } }),
    patch: { iso_code: 'XX' },
  },
  city_tax_rates: {
    key: 'id',
    create: async () => ownedRow('city_tax_rates', { amount_cents: 600, ...(await rateDates()) }),
    newRow: async () => ({ row: { id: randomUUID(), amount_cents: 700, ...(await rateDates()) } }),
    patch: { amount_cents: 1 },
  },
  city_tax_exemptions: {
    key: 'id',
    create: () => bookingRow('city_tax_exemptions', { reason: 'patient_companion', persons: 1 }),
    newRow: async () => {
      const booking = await bookingFixture();
      return {
        row: { id: randomUUID(), booking_id: booking.id, reason: 'police_armed_forces', persons: 1 },
        cleanup: booking.cleanup,
      };
    },
    patch: { persons: 2 },
  },
  city_tax_house_categories: {
    key: 'valid_from',
    create: async () => ownedRow('city_tax_house_categories', await categoryRow(), 'valid_from'),
    newRow: async () => ({ row: await categoryRow() }),
    patch: { category: 'affittacamere_3' },
  },
  city_tax_remittances: {
    key: 'id',
    create: () => ownedRow('city_tax_remittances', REMITTANCE_ROW),
    newRow: async () => ({ row: { id: randomUUID(), ...REMITTANCE_ROW } }),
    patch: { amount_cents: 1 },
  },
  payments: {
    key: 'id',
    create: () => bookingWith('payments', PAYMENT_ROW),
    newRow: async () => {
      const booking = await TABLES.bookings.create();
      return {
        row: { id: randomUUID(), booking_id: booking.id, ...PAYMENT_ROW },
        cleanup: () => removeBooking(booking.id),
      };
    },
    patch: { amount_cents: 1 },
  },
  booking_extras: {
    key: 'id',
    create: () => bookingWith('booking_extras', EXTRA_ROW),
    newRow: async () => {
      const booking = await TABLES.bookings.create();
      return {
        row: { id: randomUUID(), booking_id: booking.id, ...EXTRA_ROW },
        cleanup: () => removeBooking(booking.id),
      };
    },
    patch: { line_total_cents: 1 },
  },
};

/** A booking of its own for a payment or an extra; the ledger's rows go with it (triggers off). */
async function bookingWith(table: 'payments' | 'booking_extras', values: Record<string, unknown>): Promise<Fixture> {
  const booking = await TABLES.bookings.create();
  const id = await insertAsOwner(table, { booking_id: booking.id, ...values });
  return { id, cleanup: () => removeBooking(booking.id) };
}

async function removeBooking(bookingId: string) {
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id = '${bookingId}';
    delete from public.bookings where id = '${bookingId}';
  end $$`);
}

let nextCategoryDay = 50_000;
/** A change of the house's category on a day of its own, far ahead (no stay is on it). */
async function categoryRow() {
  nextCategoryDay += 1;
  return { valid_from: await dbDate(nextCategoryDay), category: 'bed_and_breakfast' };
}
const REMITTANCE_ROW = { period_start: '2099-01-01', paid_on: '2099-01-20', amount_cents: 100, reference: 'MATRIX' };
const PAYMENT_ROW = { kind: 'balance', amount_cents: 5000, method: 'cash', actor: 'staff' };
const EXTRA_ROW = {
  service_name: 'Matrix extra',
  pricing_unit: 'per_stay',
  quantity: 1,
  unit_price_cents: 100,
  line_total_cents: 100,
};

// ---------------------------------------------------------------- run
describeMatrix(MATRIX, matrixActors(), tableCheck(TABLES));
