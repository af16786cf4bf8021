// Test data through the local platform: the service role, SQL, rooms, users, bookings, the inbox.
import { expect } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { Database } from '../../../src/types/database';
import { readInbox, verifyLink } from '../../../supabase/tests/inbox';

// supabase-js needs a WebSocket for its realtime client; Node 20 has none built in.
if (!('WebSocket' in globalThis)) {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
}

/** The service-role client, for checking what the browser wrote (never for what the UI does). */
export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
/** A short unique tag for data a test creates (tests share one database and run in parallel). */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}
/** Inserts a room of the test's own (unique number) through the service role. */
export async function createTestRoom(
  tag: string,
  values: Partial<Database['public']['Tables']['rooms']['Insert']> = {},
) {
  const { data, error } = await serviceClient()
    .from('rooms')
    .insert({
      name: `E2E Room ${tag}`,
      room_number: `E2E-${tag}`.slice(0, 20),
      room_type: 'deluxe',
      status: 'available',
      price_per_night: 99,
      max_guests: 2,
      beds: 1,
      bathrooms: 1,
      amenities: [],
      ...values,
    })
    .select('*')
    .single();
  if (error) throw error;
  return data;
}

/** Deletes rooms (promo codes and gallery rows cascade) and their pictures in the image bucket. */
export async function deleteTestRooms(where: { ids?: string[]; names?: string[] }) {
  const client = serviceClient();
  const ids = [...(where.ids ?? [])];
  if (where.names?.length) {
    const { data } = await client.from('rooms').select('id').in('name', where.names);
    ids.push(...(data ?? []).map((row) => row.id));
  }
  for (const id of new Set(ids)) {
    const bucket = client.storage.from('room-images');
    const gallery = (await bucket.list(id)).data ?? [];
    const covers = ((await bucket.list('rooms', { search: `room-${id}-` })).data ?? []).filter((file) =>
      file.name.startsWith(`room-${id}-`),
    );
    const paths = [...gallery.map((file) => `${id}/${file.name}`), ...covers.map((file) => `rooms/${file.name}`)];
    if (paths.length) await bucket.remove(paths);
    const { error } = await client.from('rooms').delete().eq('id', id);
    if (error) throw error;
  }
}

/** Test rooms with their stays, e-mails and payments (the ledger is append-only: replica mode). */
export async function deleteTestRoomsAndStays(roomIds: string[]) {
  await sql(
    `do $$ begin
       set local session_replication_role = replica;
       delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = any('{${roomIds.join(',')}}'::uuid[]));
       delete from public.payments where booking_id in (select id from public.bookings where room_id = any('{${roomIds.join(',')}}'::uuid[]));
     end $$`,
  );
  await sql(`delete from public.bookings where room_id = any($1::uuid[])`, [roomIds]);
  await deleteTestRooms({ ids: roomIds });
}

/** A confirmed account without any role, for tests that change or check roles. */
export async function createTestUser(tag: string) {
  const email = `e2e-${tag.toLowerCase()}@example.com`;
  const password = `pw-${tag}-e2e`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: `E2E User ${tag}` },
  });
  if (error) throw error;
  return { id: data.user.id, email, password, name: `E2E User ${tag}` };
}

export async function deleteTestUser(id: string) {
  const { error } = await serviceClient().auth.admin.deleteUser(id);
  if (error) throw error;
}

/** A unique address for data a test creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * All browser tests come from one address: clear the per-address limits of the booking RPC (its
 * rate and its open requests per address and per e-mail) and the contact function before a test
 * that writes through them.
 */
export async function resetRateLimits() {
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
  await sql("delete from public.contact_messages where client_ip in ('127.0.0.1', '::1', '::ffff:127.0.0.1')");
}

/** The booking row the server stored for a reference (dates as text, amounts as numbers). */
export async function bookingByReference(reference: string) {
  const rows = await sql<{
    room_id: string;
    status: string;
    check_in_date: string;
    check_out_date: string;
    guests: number;
    guest_name: string;
    guest_email: string;
    guest_phone: string | null;
    special_requests: string | null;
    promo_code: string | null;
    total_amount: number;
    discount_amount: number;
  }>(
    `select room_id, status, check_in_date::text, check_out_date::text, guests, guest_name, guest_email, guest_phone,
            special_requests, promo_code, total_amount::float8 as total_amount, discount_amount::float8 as discount_amount
       from public.bookings where reference = $1`,
    [reference],
  );
  return rows[0] ?? null;
}
/**
 * Stores a confirmed booking that holds the room for these dates (test data of its own, rather
 * than the seeded bookings other tests may change); returns a function that removes it.
 */
export async function holdRoom(roomId: string, checkIn: string, checkOut: string): Promise<() => Promise<void>> {
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'E2E room hold', 'e2e-hold@example.com', $2, $3, 1, 'confirmed') returning id`,
    [roomId, checkIn, checkOut],
  );
  return async () => {
    await sql('delete from public.bookings where id = $1', [id]);
  };
}

/** The link in the newest e-mail the platform sent to an address (waits for it to arrive). */
export async function emailedLink(address: string, kind: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const message = (await readInbox(process.env.E2E_API_URL!, address)).find((sent) => sent.kind === kind);
      link = message && verifyLink(message).href;
      return link;
    })
    .toBeTruthy();
  return link!;
}
