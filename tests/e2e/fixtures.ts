import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import zlib from 'node:zlib';
import pg from 'pg';
import WebSocket from 'ws';
import type { Database } from '../../src/types/database';
import { readInbox, verifyLink } from '../../supabase/tests/inbox';

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
  await page
    .getByLabel(/password/i)
    .first()
    .fill(account.password);
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

// ------------------------------------------------------------------ public site helpers

/** The seeded rooms (supabase/seed.sql). */
export const ROOMS = {
  superiorKing: { id: '10000000-0000-4000-8000-000000000001', name: 'Superior King', number: '101', price: 145 },
  deluxeKing: { id: '10000000-0000-4000-8000-000000000002', name: 'Deluxe King', number: '102', price: 165 },
  standardKing: { id: '10000000-0000-4000-8000-000000000003', name: 'Standard King', number: '103', price: 110 },
  superiorQuadruple: {
    id: '10000000-0000-4000-8000-000000000004',
    name: 'Superior Quadruple',
    number: '201',
    price: 210,
  },
  cozySingle: { id: '10000000-0000-4000-8000-000000000005', name: 'Cozy Single', number: '202', price: 85 },
  classicTwin: { id: '10000000-0000-4000-8000-000000000006', name: 'Classic Twin', number: '203', price: 120 },
  romanticSuite: { id: '10000000-0000-4000-8000-000000000007', name: 'Romantic Suite', number: '301', price: 240 },
} as const;
export type SeedRoom = (typeof ROOMS)[keyof typeof ROOMS];

/** The seeded contact details (site_content). */
export const SITE_CONTACT = {
  address: 'Via dei Serpenti 42, 00184 Rome, Italy',
  phone: '+39 06 1234 5678',
  email: 'info@colosseumguesthouse.example',
  whatsapp: '393331234567',
} as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Today + `days` as yyyy-mm-dd in local time (what a native date input takes). */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** "2027-05-12" → "Wed, 12 May 2027", the way the WhatsApp message writes dates. */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${weekday}, ${d} ${month} ${y}`;
}

/** 391.5 → "€391.50" */
export function euro(amount: number): string {
  return `€${amount.toFixed(2)}`;
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

/** Stores a cookie choice before the page loads, so the banner does not cover the page. */
export async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}

/** The sonner toast with this title (and description, when given). */
export function toastWith(page: Page, title: string, description?: string) {
  let toast = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  if (description !== undefined) {
    toast = toast.filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) });
  }
  return toast;
}

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toastWith(page, title, description).first()).toBeVisible();
}

/** Answers every wa.me request of the context with a stub page, so no network is needed. */
export async function stubWhatsApp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>WhatsApp (stub)</title><p>stub</p>',
    }),
  );
}

/** Runs `action` and returns the URL of the new tab it opens (the WhatsApp hand-off). */
export async function captureNewTabUrl(page: Page, action: () => Promise<void>): Promise<URL> {
  const popupPromise = page.waitForEvent('popup');
  await action();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(popup.url());
  await popup.close();
  return url;
}

/** The details a visitor types into the booking dialog or the on-page form. */
export interface StayInput {
  checkIn: string;
  checkOut: string;
  guests?: number;
  name: string;
  email: string;
  phone?: string;
  specialRequests?: string;
  /** the room to pick, when the form offers a choice */
  roomName?: string;
}

/** How the booking calendar names a day: "Friday, 28 July 2028" (then its price or state). */
export function calendarDayName(iso: string): string {
  return LONG_DATE.format(new Date(`${iso}T00:00:00Z`));
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The booking calendar's button for a day, after moving the calendar forward to its month and
 * waiting for the day's price or state to load.
 */
export async function calendarDay(scope: Locator, iso: string): Promise<Locator> {
  const button = scope.getByRole('button', { name: new RegExp(`^${calendarDayName(iso)}(,|$)`) });
  for (let i = 0; i < 30 && (await button.count()) === 0; i++) {
    await scope.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(button).toHaveAccessibleName(/€|not available/);
  return button;
}

/** Picks check-in, then check-out, in the booking calendar. */
export async function pickStay(scope: Locator, checkIn: string, checkOut: string) {
  await (await calendarDay(scope, checkIn)).click();
  await (await calendarDay(scope, checkOut)).click();
  await expect(scope.getByLabel('Check-out Date')).toHaveValue(/\d{4}$/);
}

async function fillStayFields(scope: Locator, stay: StayInput, guestsLabel: string) {
  await pickStay(scope, stay.checkIn, stay.checkOut);
  if (stay.roomName) {
    const select = scope.getByLabel('Room', { exact: true });
    const option = select.locator('option', { hasText: stay.roomName });
    await expect(option).toHaveCount(1);
    await select.selectOption({ value: (await option.getAttribute('value'))! });
  }
  if (stay.guests !== undefined) await scope.getByLabel(guestsLabel).selectOption(String(stay.guests));
  await scope.getByLabel('Full Name').fill(stay.name);
  await scope.getByLabel('Email', { exact: true }).fill(stay.email);
  if (stay.phone !== undefined) await scope.getByLabel('Phone (optional)').fill(stay.phone);
  if (stay.specialRequests !== undefined)
    await scope.getByLabel('Special Requests (optional)').fill(stay.specialRequests);
}

/** The "Book Your Stay" dialog. */
export class BookingDialog {
  readonly root: Locator;
  readonly promoInput: Locator;
  readonly submit: Locator;
  readonly availability: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Book Your Stay' });
    this.promoInput = this.root.getByLabel('Promo Code');
    this.submit = this.root.getByRole('button', { name: 'Book via WhatsApp' });
    this.availability = this.root.getByRole('status');
  }

  /** The promo button: "Apply", or "n% off – remove promo code" once applied. */
  promoButton(): Locator {
    return this.root.getByRole('button', { name: /^Apply$|remove promo code/ });
  }

  async fill(stay: StayInput) {
    await expect(this.root).toBeVisible();
    await fillStayFields(this.root, stay, 'Number of Guests');
  }

  /** Types a code, presses Apply and waits for the server's answer. */
  async applyPromo(code: string) {
    await this.promoInput.fill(code);
    const answer = this.page.waitForResponse((response) => response.url().includes('/rpc/check_promo_code'));
    await this.root.getByRole('button', { name: 'Apply' }).click();
    await answer;
  }

  /** Submits and returns the decoded WhatsApp message of the new tab. */
  async submitToWhatsApp(): Promise<{ url: URL; text: string }> {
    const url = await captureNewTabUrl(this.page, () => this.submit.click());
    return { url, text: url.searchParams.get('text') ?? '' };
  }
}

/** The on-page booking form (#booking). */
export class BookingForm {
  readonly root: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('form', { name: 'Booking request' });
    this.submit = this.root.getByRole('button', { name: 'Send Booking Request' });
  }

  /** Opens the home page at #booking; the form loads when its section is near the viewport. */
  async open() {
    await this.page.goto('/#booking');
    await this.root.scrollIntoViewIfNeeded();
    await expect(this.root.getByLabel('Room', { exact: true }).locator('option')).not.toHaveCount(1);
  }

  async fill(stay: StayInput) {
    await fillStayFields(this.root, stay, 'Guests');
  }
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

/** The message line "Booking reference: CG-XXXXXX". */
export function referenceIn(text: string): string {
  const match = /^Booking reference: (CG-[0-9A-Z]{6})$/m.exec(text);
  expect(match, `booking reference in:\n${text}`).not.toBeNull();
  return match![1];
}

/** document.documentElement.scrollWidth (no horizontal overflow when <= the viewport width). */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
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

// ------------------------------------------------------------------ the local inbox

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
