// The permission matrix of ARCHITECTURE.md section 5, run through supabase-js against the local
// platform: every table and the room-images bucket, as anon, a signed-in user with no role, staff
// and admin, trying select, insert, update and delete. Each attempt works on rows of its own
// (created and removed by the superuser); refused writes are checked to have changed nothing.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  anonClient,
  createBareUser,
  dbDate,
  deleteUsers,
  newUserClient,
  rowAsJson,
  serviceClient,
  signedInClient,
  sql,
  type Client,
  SEED,
} from '../support';

// ---------------------------------------------------------------- the expected matrix
type Role = 'anon' | 'user' | 'staff' | 'admin';
type Op = 'select' | 'insert' | 'update' | 'delete';
/** all: every row; public: only the public subset (hidden rows absent); own: only the caller's rows; none: nothing. */
type Read = 'all' | 'public' | 'own' | 'none';
type Perms = { select: Read; insert: boolean; update: boolean; delete: boolean };

const ROLES: Role[] = ['anon', 'user', 'staff', 'admin'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

const NONE: Perms = { select: 'none', insert: false, update: false, delete: false };
const READ_ALL: Perms = { ...NONE, select: 'all' };
const READ_OWN: Perms = { ...NONE, select: 'own' };
const FULL: Perms = { select: 'all', insert: true, update: true, delete: true };
const READ_AND_UPDATE: Perms = { ...READ_ALL, update: true };

type Resource =
  | 'rooms'
  | 'room_images'
  | 'room_promo_codes'
  | 'room_rate_seasons'
  | 'amenities'
  | 'services'
  | 'reviews'
  | 'bookings'
  | 'site_content'
  | 'profiles'
  | 'user_roles'
  | 'security_logs'
  | 'security_alerts'
  | 'audit_logs'
  | 'contact_messages'
  | 'webhook_endpoints'
  | 'webhook_deliveries'
  | 'booking_guests'
  | 'booking_check_ins'
  | 'police_filings'
  | 'alloggiati_comuni'
  | 'alloggiati_documenti'
  | 'alloggiati_imports'
  | 'privacy_requests'
  | 'city_tax_rates'
  | 'city_tax_exemptions'
  | 'city_tax_collections'
  | 'payments'
  | 'booking_extras'
  | 'storage:room-images';

const catalogue = (read: Read): Record<Role, Perms> => ({
  anon: { ...NONE, select: read },
  user: { ...NONE, select: read },
  staff: FULL,
  admin: FULL,
});

/** ARCHITECTURE.md section 5 as the migrations implement it ("staff" includes admin). */
const MATRIX: Record<Resource, Record<Role, Perms>> = {
  rooms: catalogue('all'),
  room_images: catalogue('all'),
  room_promo_codes: catalogue('public'), // active codes only
  room_rate_seasons: catalogue('all'), // the city tax row: room-rates.test.ts
  amenities: catalogue('public'), // active only
  services: catalogue('public'), // available only
  // approved only for the public; staff enter reviews by hand and moderate, only admins delete.
  // Guests write theirs only through submit_review() and a stay's link (reviews.test.ts).
  reviews: { ...catalogue('public'), staff: { ...FULL, delete: false } },
  site_content: catalogue('all'),
  // anon/users create requests only through request_booking() (booking-rules.test.ts)
  bookings: { anon: NONE, user: NONE, staff: READ_AND_UPDATE /* status only */, admin: FULL },
  profiles: { anon: NONE, user: READ_OWN, staff: READ_ALL, admin: FULL },
  user_roles: { anon: NONE, user: READ_OWN, staff: READ_ALL, admin: FULL },
  // written by the send-contact-email function (service role) only
  contact_messages: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // written by the security-logger function / audit trigger only
  security_logs: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  security_alerts: {
    anon: NONE,
    user: NONE,
    staff: NONE,
    admin: READ_ALL /* resolves through resolve_security_alert() */,
  },
  audit_logs: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  // created and edited through the webhooks function (URL checked first); deliveries written by the server only
  webhook_endpoints: { anon: NONE, user: NONE, staff: NONE, admin: { ...READ_ALL, delete: true } },
  webhook_deliveries: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  // guests' identity data: no role reads or writes the table; staff read it through audited
  // functions, a guest through its link (checkin.test.ts, checkin-functions.test.ts)
  booking_guests: { anon: NONE, user: NONE, staff: NONE, admin: NONE },
  // written by check_in_booking() and mark_police_file_filed() only
  booking_check_ins: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  police_filings: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // the portal's code tables: replaced by import_alloggiati_table() (admins) only
  alloggiati_comuni: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  alloggiati_documenti: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  alloggiati_imports: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  // written by privacy_guest_export/erase and the retention job only (privacy-retention.test.ts);
  // compliance_settings is one row: privacy-retention.test.ts
  privacy_requests: { anon: NONE, user: NONE, staff: NONE, admin: READ_ALL },
  // the city-tax register (city-tax-register.test.ts): rates are the admins', exemptions the
  // desk's, collections append-only for everyone
  city_tax_rates: { anon: NONE, user: NONE, staff: READ_ALL, admin: FULL },
  city_tax_exemptions: { anon: NONE, user: NONE, staff: FULL, admin: FULL },
  city_tax_collections: {
    anon: NONE,
    user: NONE,
    staff: { ...READ_ALL, insert: true },
    admin: { ...READ_ALL, insert: true },
  },
  // written by the payment functions and the staff's RPCs only (payment-money.test.ts, payments.test.ts);
  // the ledger is append-only even for its owner. The payment policy: payment-money.test.ts.
  payments: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  booking_extras: { anon: NONE, user: NONE, staff: READ_ALL, admin: READ_ALL },
  'storage:room-images': {
    anon: READ_ALL,
    user: READ_ALL,
    staff: FULL,
    admin: FULL,
  },
};

// ---------------------------------------------------------------- fixtures per table
interface Actor {
  role: Role;
  client: Client;
  userId: string | null;
}

/** A row created for one attempt; `cleanup` removes it and whatever it needed. */
interface Fixture {
  id: string;
  cleanup?: () => Promise<void>;
}

interface TableSpec {
  key: 'id' | 'key' | 'code' | 'booking_id';
  /** a row every reader may see */
  create(): Promise<Fixture>;
  /** a row outside the public subset (tables with a public filter only) */
  createHidden?(): Promise<Fixture>;
  /** the public subset as SQL, for comparing what anon sees with what exists */
  publicFilter?: string;
  /** the caller's own rows, for `own` reads */
  ownerColumn?: string;
  /** a new row for an insert attempt (its key is chosen here so the superuser can look for it) */
  newRow(): Promise<{ row: Record<string, unknown>; cleanup?: () => Promise<void> }>;
  /** a change for an update attempt */
  patch: Record<string, unknown>;
}

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
let fixtureRoomId: string;
let nextBookingDay = 100;

/** Inserts one row as the superuser and returns its key. */
async function insertAsOwner(table: string, values: Record<string, unknown>, key = 'id'): Promise<string> {
  const columns = Object.keys(values);
  const [row] = await sql<{ k: string }>(
    `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning ${key}::text as k`,
    Object.values(values),
  );
  return row.k;
}

/** A fixture row of `table` removed again by the superuser. */
async function ownedRow(table: string, values: Record<string, unknown>, key = 'id'): Promise<Fixture> {
  const id = await insertAsOwner(table, values, key);
  return { id, cleanup: async () => void (await sql(`delete from public.${table} where ${key}::text = $1`, [id])) };
}

/** An account of its own (profile made by the trigger), removed again afterwards. */
async function userFixture(role?: 'guest'): Promise<{ userId: string; cleanup: () => Promise<void> }> {
  const userId = await createBareUser('matrix', role);
  return { userId, cleanup: () => deleteUsers(userId) };
}

let nextSeasonDay = 1000;
/** A season of its own (seasons of one room may not overlap). */
async function seasonDates() {
  const start = nextSeasonDay;
  nextSeasonDay += 10;
  return { starts_on: await dbDate(start), ends_on: await dbDate(start + 5) };
}

/** A booking of the fixture room (removed with the room's bookings after the run). */
async function fixtureBooking(): Promise<string> {
  return insertAsOwner('bookings', {
    room_id: fixtureRoomId,
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
    room_id: fixtureRoomId,
    guest_name: 'Matrix Tax Guest',
    guest_email: 'matrix-tax@test.example.com',
    guests: 2,
    status: 'checked_out',
    ...(await bookingDates()),
  });
  return {
    id,
    cleanup: async () => {
      await sql('delete from public.city_tax_collections where booking_id = $1', [id]);
      await sql('delete from public.bookings where id = $1', [id]);
    },
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

const TABLES: Record<Exclude<Resource, 'storage:room-images'>, TableSpec> = {
  rooms: {
    key: 'id',
    create: () => ownedRow('rooms', { name: 'Matrix room', room_number: `M-${tag()}`, room_type: 'single' }),
    newRow: async () => ({
      row: { id: randomUUID(), name: 'Inserted room', room_number: `I-${tag()}`, room_type: 'twin' },
    }),
    patch: { name: 'Renamed room' },
  },
  room_images: {
    key: 'id',
    create: () =>
      ownedRow('room_images', { room_id: fixtureRoomId, image_url: 'https://img.test/matrix.jpg', display_order: 5 }),
    newRow: async () => ({
      row: { id: randomUUID(), room_id: fixtureRoomId, image_url: 'https://img.test/new.jpg', display_order: 6 },
    }),
    patch: { alt_text: 'Changed alt text' },
  },
  room_promo_codes: {
    key: 'id',
    create: () =>
      ownedRow('room_promo_codes', { room_id: fixtureRoomId, promo_code: `MX${tag()}`, discount_percentage: 10 }),
    createHidden: () =>
      ownedRow('room_promo_codes', { room_id: fixtureRoomId, promo_code: `MXOFF${tag()}`, is_active: false }),
    publicFilter: 'is_active',
    newRow: async () => ({
      row: { id: randomUUID(), room_id: fixtureRoomId, promo_code: `NEW${tag()}`, discount_percentage: 5 },
    }),
    patch: { discount_percentage: 99 },
  },
  room_rate_seasons: {
    key: 'id',
    create: async () =>
      ownedRow('room_rate_seasons', {
        room_id: fixtureRoomId,
        name: 'Matrix season',
        price_per_night: 100,
        ...(await seasonDates()),
      }),
    newRow: async () => ({
      row: {
        id: randomUUID(),
        room_id: fixtureRoomId,
        name: 'Inserted season',
        price_per_night: 90,
        ...(await seasonDates()),
      },
    }),
    patch: { price_per_night: 1 },
  },
  amenities: {
    key: 'id',
    create: () => ownedRow('amenities', { name: 'Matrix amenity' }),
    createHidden: () => ownedRow('amenities', { name: 'Hidden amenity', is_active: false }),
    publicFilter: 'is_active',
    newRow: async () => ({ row: { id: randomUUID(), name: 'Inserted amenity' } }),
    patch: { name: 'Renamed amenity' },
  },
  services: {
    key: 'id',
    create: () => ownedRow('services', { name: 'Matrix service' }),
    createHidden: () => ownedRow('services', { name: 'Hidden service', available: false }),
    publicFilter: 'available',
    newRow: async () => ({ row: { id: randomUUID(), name: 'Inserted service', price: 1 } }),
    patch: { price: 999 },
  },
  reviews: {
    key: 'id',
    create: () => ownedRow('reviews', { guest_name: 'Matrix', rating: 5, comment: 'Approved', approved: true }),
    createHidden: () =>
      ownedRow('reviews', { guest_name: 'Matrix', rating: 1, comment: 'Unapproved', approved: false }),
    publicFilter: 'approved',
    newRow: async () => ({
      row: { id: randomUUID(), guest_name: 'Forged', rating: 5, comment: 'Self-approved', approved: true },
    }),
    patch: { approved: false, comment: 'Edited' },
  },
  site_content: {
    key: 'key',
    create: () => ownedRow('site_content', { key: `matrix_${tag().toLowerCase()}`, value: 'original' }, 'key'),
    newRow: async () => ({ row: { key: `matrix_new_${tag().toLowerCase()}`, value: 'inserted' } }),
    patch: { value: 'changed' },
  },
  bookings: {
    key: 'id',
    create: async () =>
      ownedRow('bookings', {
        room_id: fixtureRoomId,
        guest_name: 'Matrix Guest',
        guest_email: 'matrix@test.example.com',
        guests: 1,
        ...(await bookingDates()),
      }),
    newRow: async () => ({
      row: {
        id: randomUUID(),
        room_id: fixtureRoomId,
        guest_name: 'Inserted',
        guest_email: 'ins@test.example.com',
        guests: 1,
        ...(await bookingDates()),
      },
    }),
    // the one change staff may make (pending -> confirmed)
    patch: { status: 'confirmed' },
  },
  profiles: {
    key: 'id',
    ownerColumn: 'user_id',
    create: async () => {
      const user = await userFixture();
      const [profile] = await sql<{ id: string }>('select id::text from public.profiles where user_id = $1', [
        user.userId,
      ]);
      return { id: profile.id, cleanup: user.cleanup };
    },
    newRow: async () => {
      // an account whose profile is gone, so a new one may be inserted
      const user = await userFixture();
      await sql('delete from public.profiles where user_id = $1', [user.userId]);
      return {
        row: { id: randomUUID(), user_id: user.userId, email: 'new@test.example.com', name: 'New' },
        cleanup: user.cleanup,
      };
    },
    patch: { name: 'Edited by someone else' },
  },
  user_roles: {
    key: 'id',
    ownerColumn: 'user_id',
    create: async () => {
      const user = await userFixture('guest');
      const [role] = await sql<{ id: string }>('select id::text from public.user_roles where user_id = $1', [
        user.userId,
      ]);
      return { id: role.id, cleanup: user.cleanup };
    },
    newRow: async () => {
      const user = await userFixture();
      return { row: { id: randomUUID(), user_id: user.userId, role: 'guest' }, cleanup: user.cleanup };
    },
    patch: { role: 'staff' },
  },
  contact_messages: {
    key: 'id',
    create: () => ownedRow('contact_messages', { name: 'Matrix', email: 'm@test.example.com', message: 'Hello' }),
    newRow: async () => ({ row: { id: randomUUID(), name: 'Forged', email: 'f@test.example.com', message: 'Hi' } }),
    patch: { email_status: 'sent' },
  },
  security_logs: {
    key: 'id',
    create: () => ownedRow('security_logs', { event_type: 'matrix', description: 'Matrix event' }),
    newRow: async () => ({ row: { id: randomUUID(), event_type: 'forged', description: 'Forged event' } }),
    patch: { risk_score: 9 },
  },
  security_alerts: {
    key: 'id',
    create: () => ownedRow('security_alerts', { description: 'Matrix alert' }),
    newRow: async () => ({ row: { id: randomUUID(), description: 'Forged alert' } }),
    // resolving is the one change admins make
    patch: { status: 'resolved' },
  },
  audit_logs: {
    key: 'id',
    create: () => ownedRow('audit_logs', { action: 'INSERT', table_name: 'matrix' }),
    newRow: async () => ({ row: { id: randomUUID(), action: 'DELETE', table_name: 'forged' } }),
    patch: { table_name: 'tampered' },
  },
  webhook_endpoints: {
    key: 'id',
    create: () =>
      ownedRow('webhook_endpoints', { url: 'https://hooks.example.com/matrix', event_types: ['booking.requested'] }),
    newRow: async () => ({
      row: { id: randomUUID(), url: 'https://hooks.example.com/forged', event_types: ['booking.requested'] },
    }),
    patch: { url: 'https://attacker.example.com/hook' },
  },
  webhook_deliveries: {
    key: 'id',
    create: async () => {
      const endpoint = await ownedRow('webhook_endpoints', {
        url: 'https://hooks.example.com/matrix',
        event_types: ['booking.requested'],
      });
      const id = await insertAsOwner('webhook_deliveries', {
        endpoint_id: endpoint.id,
        message_id: 'msg_matrix',
        event_type: 'booking.requested',
        payload: {},
      });
      return { id, cleanup: endpoint.cleanup };
    },
    newRow: async () => {
      const endpoint = await ownedRow('webhook_endpoints', {
        url: 'https://hooks.example.com/matrix',
        event_types: ['booking.requested'],
      });
      return {
        row: {
          id: randomUUID(),
          endpoint_id: endpoint.id,
          message_id: 'msg_forged',
          event_type: 'booking.requested',
          payload: {},
        },
        cleanup: endpoint.cleanup,
      };
    },
    patch: { status: 'delivered' },
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
  privacy_requests: {
    key: 'id',
    create: () => ownedRow('privacy_requests', { kind: 'export', bookings: 1 }),
    newRow: async () => ({ row: { id: randomUUID(), kind: 'erasure', bookings: 3 } }),
    patch: { bookings: 99 },
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
  city_tax_collections: {
    key: 'id',
    create: () => bookingRow('city_tax_collections', { amount_cents: 1200, method: 'cash' }),
    newRow: async () => {
      const booking = await bookingFixture();
      return {
        row: { id: randomUUID(), booking_id: booking.id, amount_cents: 600, method: 'card' },
        cleanup: booking.cleanup,
      };
    },
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

const PAYMENT_ROW = { kind: 'balance', amount_cents: 5000, method: 'cash', actor: 'staff' };
const EXTRA_ROW = {
  service_name: 'Matrix extra',
  pricing_unit: 'per_stay',
  quantity: 1,
  unit_price_cents: 100,
  line_total_cents: 100,
};

// ---------------------------------------------------------------- checks
const qualified = (table: string) => `public.${table}`;
/** The table-driven checks name tables by string, so they use the client without the generated types. */
const from = (client: Client, table: string) => (client as unknown as SupabaseClient).from(table);

async function withFixtures<T>(fixtures: (Fixture | undefined)[], body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } finally {
    for (const fixture of fixtures) await fixture?.cleanup?.();
  }
}

/** A refused write: either an explicit permission error, or RLS let no row through. */
function expectRefused(result: { error: { code?: string; message: string } | null; data: unknown }) {
  if (result.error) {
    expect(result.error.code, result.error.message).toBe('42501');
  } else {
    expect(result.data).toEqual([]);
  }
}

async function checkTableSelect(table: keyof typeof TABLES, actor: Actor, expected: Read) {
  const spec = TABLES[table];
  const visible = await spec.create();
  const hidden = await spec.createHidden?.();
  await withFixtures([visible, hidden], async () => {
    // newest first, so the fixtures are on the first page even past PostgREST's max_rows (1000)
    const { data, error, count } = await from(actor.client, table)
      .select('*', { count: 'exact' })
      .order('created_at', { ascending: false });
    if (expected === 'none') {
      // no privilege at all (42501) or no row passes the policy
      if (error) expect(error.code).toBe('42501');
      else expect(data).toEqual([]);
      return;
    }
    expect(error).toBeNull();
    const rows = data as Record<string, unknown>[];
    const keys = rows.map((row) => String(row[spec.key]));
    const filter =
      expected === 'public'
        ? spec.publicFilter
        : expected === 'own'
          ? `${spec.ownerColumn} = '${actor.userId}'`
          : 'true';
    expect(filter, `${table} needs a filter for ${expected} reads`).toBeTruthy();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from ${qualified(table)} where ${filter}`);
    expect(count).toBe(n);
    if (rows.length < n) expect(rows).toHaveLength(1000);
    if (expected === 'all') {
      expect(keys).toContain(visible.id);
      if (hidden) expect(keys).toContain(hidden.id);
    } else if (expected === 'public') {
      expect(keys).toContain(visible.id);
      expect(keys).not.toContain(hidden!.id);
    } else {
      // own: someone else's row is absent, every row returned is the caller's, and the caller's profile is there
      expect(keys).not.toContain(visible.id);
      expect(rows.every((row) => row[spec.ownerColumn!] === actor.userId)).toBe(true);
      if (table === 'profiles') expect(rows.map((row) => row.user_id)).toEqual([actor.userId]);
    }
  });
}

async function checkTableInsert(table: keyof typeof TABLES, actor: Actor, allowed: boolean) {
  const spec = TABLES[table];
  const { row, cleanup } = await spec.newRow();
  const key = String(row[spec.key]);
  await withFixtures([{ id: key, cleanup }], async () => {
    try {
      const result = await from(actor.client, table).insert(row);
      const stored = await rowAsJson(qualified(table), spec.key, key);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(stored).not.toBeNull();
      } else {
        expect(result.error?.code, result.error?.message).toBe('42501');
        expect(stored).toBeNull();
      }
    } finally {
      await sql(`delete from ${qualified(table)} where ${spec.key}::text = $1`, [key]);
    }
  });
}

async function checkTableUpdate(table: keyof typeof TABLES, actor: Actor, allowed: boolean) {
  const spec = TABLES[table];
  const target = await spec.create();
  await withFixtures([target], async () => {
    const before = await rowAsJson(qualified(table), spec.key, target.id);
    const result = await from(actor.client, table).update(spec.patch).eq(spec.key, target.id).select();
    const after = await rowAsJson(qualified(table), spec.key, target.id);
    if (allowed) {
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(1);
      expect(after).toMatchObject(spec.patch);
    } else {
      expectRefused(result);
      expect(after).toEqual(before);
    }
  });
}

async function checkTableDelete(table: keyof typeof TABLES, actor: Actor, allowed: boolean) {
  const spec = TABLES[table];
  const target = await spec.create();
  await withFixtures([target], async () => {
    const before = await rowAsJson(qualified(table), spec.key, target.id);
    const result = await from(actor.client, table).delete().eq(spec.key, target.id).select();
    const after = await rowAsJson(qualified(table), spec.key, target.id);
    if (allowed) {
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(1);
      expect(after).toBeNull();
    } else {
      expectRefused(result);
      expect(after).toEqual(before);
    }
  });
}

// ---------------------------------------------------------------- storage bucket room-images
const BUCKET = 'room-images';
const png = (byte: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, byte, byte, byte]);

async function storedObject(name: string) {
  const [row] = await sql<{ id: string; updated_at: string; metadata: unknown }>(
    'select id::text, updated_at::text, metadata from storage.objects where bucket_id = $1 and name = $2',
    [BUCKET, name],
  );
  return row ?? null;
}

async function objectFixture(): Promise<Fixture> {
  const name = `matrix/${tag().toLowerCase()}.png`;
  const { error } = await serviceClient().storage.from(BUCKET).upload(name, png(1), { contentType: 'image/png' });
  if (error) throw error;
  return { id: name, cleanup: async () => void (await serviceClient().storage.from(BUCKET).remove([name])) };
}

async function downloadBytes(client: Client, name: string) {
  const { data, error } = await client.storage.from(BUCKET).download(name);
  return error ? null : new Uint8Array(await data.arrayBuffer());
}

const STORAGE: Record<Op, (actor: Actor, expected: Read | boolean) => Promise<void>> = {
  async select(actor, expected) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const listed = await actor.client.storage.from(BUCKET).list('matrix', { search: object.id.split('/')[1] });
      const bytes = await downloadBytes(actor.client, object.id);
      if (expected === 'all') {
        expect(listed.data?.map((file) => `matrix/${file.name}`)).toEqual([object.id]);
        expect(bytes).toEqual(png(1));
      } else {
        expect(listed.data ?? []).toEqual([]);
        expect(bytes).toBeNull();
      }
    });
  },
  async insert(actor, allowed) {
    const name = `matrix/new-${tag().toLowerCase()}.png`;
    await withFixtures(
      [{ id: name, cleanup: async () => void (await serviceClient().storage.from(BUCKET).remove([name])) }],
      async () => {
        const result = await actor.client.storage.from(BUCKET).upload(name, png(2), { contentType: 'image/png' });
        if (allowed) {
          expect(result.error).toBeNull();
          expect(await storedObject(name)).not.toBeNull();
          expect(await downloadBytes(serviceClient(), name)).toEqual(png(2));
        } else {
          expect(result.error).not.toBeNull();
          expect(await storedObject(name)).toBeNull();
        }
      },
    );
  },
  async update(actor, allowed) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const before = await storedObject(object.id);
      const result = await actor.client.storage.from(BUCKET).update(object.id, png(3), { contentType: 'image/png' });
      const bytes = await downloadBytes(serviceClient(), object.id);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(bytes).toEqual(png(3));
      } else {
        expect(result.error).not.toBeNull();
        expect(bytes).toEqual(png(1));
        expect(await storedObject(object.id)).toEqual(before);
      }
    });
  },
  async delete(actor, allowed) {
    const object = await objectFixture();
    await withFixtures([object], async () => {
      const before = await storedObject(object.id);
      const result = await actor.client.storage.from(BUCKET).remove([object.id]);
      if (allowed) {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(1);
        expect(await storedObject(object.id)).toBeNull();
        expect(await downloadBytes(serviceClient(), object.id)).toBeNull();
      } else {
        // Storage answers a refused removal with an empty list (RLS hides the row) or an error
        expect(result.data ?? []).toEqual([]);
        expect(await storedObject(object.id)).toEqual(before);
        expect(await downloadBytes(serviceClient(), object.id)).toEqual(png(1));
      }
    });
  },
};

// ---------------------------------------------------------------- run
const actors = {} as Record<Role, Actor>;
const cleanupUsers: string[] = [];
/** outcome of every verified attempt, for the summary */
const verified = new Map<string, string>();

beforeAll(async () => {
  const user = await newUserClient('matrix-user');
  cleanupUsers.push(user.userId);
  const [staff, admin] = await Promise.all([
    signedInClient(DEMO.staff.email, DEMO.staff.password),
    signedInClient(DEMO.admin.email, DEMO.admin.password),
  ]);
  actors.anon = { role: 'anon', client: anonClient(), userId: null };
  actors.user = { role: 'user', client: user.client, userId: user.userId };
  actors.staff = { role: 'staff', client: staff, userId: '00000000-0000-4000-8000-0000000000a2' };
  actors.admin = { role: 'admin', client: admin, userId: '00000000-0000-4000-8000-0000000000a1' };
  fixtureRoomId = await insertAsOwner('rooms', {
    name: 'Matrix fixture room',
    room_number: `MX-${tag()}`,
    room_type: 'suite',
  });
});

afterAll(async () => {
  if (fixtureRoomId) {
    await sql('delete from public.bookings where room_id = $1', [fixtureRoomId]);
    await sql('delete from public.rooms where id = $1', [fixtureRoomId]);
  }
  await deleteUsers(...cleanupUsers);
  printSummary();
});

const label = (expected: Read | boolean) =>
  expected === true || expected === 'all'
    ? 'allowed'
    : expected === false || expected === 'none'
      ? 'refused'
      : `allowed (${expected} rows only)`;

const RESOURCES = Object.keys(MATRIX) as Resource[];

describe.each(RESOURCES)('%s', (resource) => {
  for (const role of ROLES) {
    for (const op of OPS) {
      const expected = MATRIX[resource][role][op];
      it(`${role} ${op}: ${label(expected)}`, async () => {
        const actor = actors[role];
        if (resource === 'storage:room-images') {
          await STORAGE[op](actor, expected);
        } else if (op === 'select') {
          await checkTableSelect(resource, actor, expected as Read);
        } else {
          const check = { insert: checkTableInsert, update: checkTableUpdate, delete: checkTableDelete }[op];
          await check(resource, actor, expected as boolean);
        }
        verified.set(`${resource}|${role}|${op}`, label(expected));
      });
    }
  }
});

// ---------------------------------------------------------------- the deploy hook URL
// Not a table of the API (private.deploy_hook): read through deploy_hook_settings() (masked: host
// and last 4 characters), set and removed through set_deploy_hook() / remove_deploy_hook().
type HookPerms = { read: 'none' | 'masked'; set: boolean; remove: boolean };
const DEPLOY_HOOK: Record<Role, HookPerms> = {
  anon: { read: 'none', set: false, remove: false },
  user: { read: 'none', set: false, remove: false },
  staff: { read: 'none', set: false, remove: false },
  admin: { read: 'masked', set: true, remove: true },
};
const MATRIX_HOOK = 'https://api.netlify.com/build_hooks/matrix00000000000000000042';
const storedHook = async () => (await sql<{ url: string }>('select url from private.deploy_hook'))[0]?.url ?? null;

describe('deploy hook URL', () => {
  beforeEach(() =>
    sql('insert into private.deploy_hook (id, url) values (true, $1) on conflict (id) do update set url = $1', [
      MATRIX_HOOK,
    ]),
  );
  afterAll(async () => {
    await sql('delete from private.deploy_hook');
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
  });

  for (const role of ROLES) {
    const expected = DEPLOY_HOOK[role];
    it(`${role} read: ${expected.read === 'none' ? 'refused' : 'masked only'}`, async () => {
      const { client } = actors[role];
      const direct = await client
        .schema('private' as 'public')
        .from('deploy_hook' as never)
        .select('*');
      expect(direct.error).not.toBeNull();
      const { data, error } = await client.rpc('deploy_hook_settings');
      expect(JSON.stringify(data ?? '')).not.toContain('matrix0000');
      if (expected.read === 'none') expect(error?.code).toBe('42501');
      else expect(data).toMatchObject({ configured: true, masked_url: 'https://api.netlify.com/…0042' });
    });
    it(`${role} set: ${label(expected.set)}`, async () => {
      const url = `https://hooks.example.com/build/${role}`;
      const { error } = await actors[role].client.rpc('set_deploy_hook', { p_url: url });
      if (expected.set) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect(await storedHook()).toBe(expected.set ? url : MATRIX_HOOK);
    });
    it(`${role} remove: ${label(expected.remove)}`, async () => {
      const { error } = await actors[role].client.rpc('remove_deploy_hook');
      if (expected.remove) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect(await storedHook()).toBe(expected.remove ? null : MATRIX_HOOK);
    });
  }
});

// ---------------------------------------------------------------- reports
// The Reports screen's functions: staff and admins get rows; anon and a user with no role get an
// error and no data.
const REPORT_FUNCTIONS = [
  'report_occupancy',
  'report_pace',
  'report_stay_patterns',
  'report_outcomes',
  'report_sources',
  'report_guest_countries',
] as const;

describe('report functions', () => {
  for (const role of ROLES) {
    const allowed = role === 'staff' || role === 'admin';
    it(`${role} calls every report: ${label(allowed)}`, async () => {
      for (const fn of REPORT_FUNCTIONS) {
        const { data, error } = await actors[role].client.rpc(fn, { p_from: '2026-01-01', p_to: '2027-01-01' });
        if (allowed) {
          expect(error).toBeNull();
          expect(Array.isArray(data)).toBe(true);
        } else {
          expect(error?.code).toBe('42501');
          expect(data).toBeNull();
        }
      }
    });
  }
});

// ---------------------------------------------------------------- compliance functions
// Who may call the privacy and city-tax functions (issue 34): allowed means the call ran (a
// missing booking is P0002, past the role check); refused means 42501.
const STAFF_ONLY: Record<Role, boolean> = { anon: false, user: false, staff: true, admin: true };
const ADMIN_ONLY: Record<Role, boolean> = { anon: false, user: false, staff: false, admin: true };
const NOBODY: Record<Role, boolean> = { anon: false, user: false, staff: false, admin: false };
const EVERYONE: Record<Role, boolean> = { anon: true, user: true, staff: true, admin: true };
const COMPLIANCE_FUNCTIONS: { name: string; args: Record<string, unknown>; who: Record<Role, boolean> }[] = [
  { name: 'site_compliance', args: {}, who: EVERYONE },
  { name: 'run_privacy_retention', args: {}, who: NOBODY },
  { name: 'privacy_guest_export', args: { p_email: 'nobody@matrix.test.example.com' }, who: ADMIN_ONLY },
  { name: 'privacy_guest_erase', args: { p_email: 'nobody@matrix.test.example.com' }, who: ADMIN_ONLY },
  { name: 'booking_city_tax', args: { p_booking_id: '00000000-0000-4000-8000-00000000dead' }, who: STAFF_ONLY },
  { name: 'city_tax_register', args: { p_from: '2099-01-01', p_to: '2099-01-31' }, who: STAFF_ONLY },
  { name: 'city_tax_periods', args: { p_from: '2099-01-01', p_to: '2099-03-31', p_period: 'month' }, who: STAFF_ONLY },
  { name: 'istat_movement', args: { p_month: '2099-01-01' }, who: STAFF_ONLY },
];

describe('compliance functions', () => {
  for (const fn of COMPLIANCE_FUNCTIONS) {
    for (const role of ROLES) {
      it(`${role} calls ${fn.name}: ${fn.who[role] ? 'allowed' : 'refused'}`, async () => {
        const { error } = await (actors[role].client as unknown as SupabaseClient).rpc(fn.name, fn.args);
        if (fn.who[role]) expect(error === null || error.code === 'P0002', error?.message).toBe(true);
        else expect(error?.code, error?.message).toBe('42501');
      });
    }
  }
});

// ---------------------------------------------------------------- summary
const SYMBOL = (outcome: string | undefined) =>
  outcome === undefined
    ? '?'
    : outcome === 'allowed'
      ? 'Y'
      : outcome === 'refused'
        ? '-'
        : outcome.includes('public')
          ? 'p'
          : 'o';

function printSummary() {
  const lines: string[] = [];
  const width = Math.max(...RESOURCES.map((r) => r.length));
  lines.push('Permission matrix as run (per cell: select insert update delete)');
  lines.push('Y allowed, p public subset only, o own rows only, - refused, ? not verified');
  lines.push(`${''.padEnd(width)}  ${ROLES.map((r) => r.padEnd(7)).join(' ')}`);
  const totals = new Map<Role, { allowed: number; filtered: number; refused: number; unverified: number }>();
  for (const role of ROLES) totals.set(role, { allowed: 0, filtered: 0, refused: 0, unverified: 0 });
  for (const resource of RESOURCES) {
    const cells = ROLES.map((role) => {
      const symbols = OPS.map((op) => {
        const outcome = verified.get(`${resource}|${role}|${op}`);
        const total = totals.get(role)!;
        if (outcome === undefined) total.unverified += 1;
        else if (outcome === 'allowed') total.allowed += 1;
        else if (outcome === 'refused') total.refused += 1;
        else total.filtered += 1;
        return SYMBOL(outcome);
      });
      return symbols.join('').padEnd(7);
    });
    lines.push(`${resource.padEnd(width)}  ${cells.join(' ')}`);
  }
  lines.push('');
  let all = { allowed: 0, filtered: 0, refused: 0, unverified: 0 };
  for (const role of ROLES) {
    const t = totals.get(role)!;
    all = {
      allowed: all.allowed + t.allowed,
      filtered: all.filtered + t.filtered,
      refused: all.refused + t.refused,
      unverified: all.unverified + t.unverified,
    };
    lines.push(
      `${role.padEnd(6)} allowed ${t.allowed}, filtered reads ${t.filtered}, refused ${t.refused}${t.unverified ? `, NOT VERIFIED ${t.unverified}` : ''}`,
    );
  }
  lines.push(
    `total  ${RESOURCES.length} resources x ${ROLES.length} roles x ${OPS.length} operations = ${RESOURCES.length * ROLES.length * OPS.length} checks: ` +
      `allowed ${all.allowed}, filtered reads ${all.filtered}, refused ${all.refused}${all.unverified ? `, NOT VERIFIED ${all.unverified}` : ''}`,
  );
  console.log(lines.join('\n'));
}
