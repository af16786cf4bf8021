import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import zlib from 'node:zlib';
import pg from 'pg';
import WebSocket from 'ws';
import type { Database } from '../../src/types/database';

/** Playwright test with baseURL pointed at the build served by the global setup. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
  staff: { email: 'staff@example.com', password: 'staff-demo-2026' },
  guest: { email: 'guest@example.com', password: 'guest-demo-2026' },
} as const;

/** The service-role client, for checking what the browser wrote (never for what the UI does). */
export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(process.env.E2E_API_URL!, process.env.E2E_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Serious and critical axe-core findings on the current page. */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel(/email/i).first().fill(account.email);
  await page.getByLabel(/password/i).first().fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

// ---------------------------------------------------------------- admin portal helpers (admin-*.spec.ts)

// supabase-js needs a WebSocket for its realtime client; Node 20 has none built in.
if (!('WebSocket' in globalThis)) {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
}

/** A short unique tag for data a test creates (tests share one database and run in parallel). */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** Signs in through /auth and waits for the admin area (or its Access Denied page). */
export async function signInToAdmin(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** A small solid-colour PNG (valid file, a few hundred bytes) for setInputFiles. */
export function pngFile(name: string, rgb: [number, number, number] = [200, 80, 40]) {
  const size = 16;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3])]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** Inserts a room of the test's own (unique number) through the service role. */
export async function createTestRoom(tag: string, values: Partial<Database['public']['Tables']['rooms']['Insert']> = {}) {
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
