// The shared half of the channel calendar sync files (channel-sync-*.test.ts): dates in Rome, a
// local HTTP server that serves feeds shaped like Booking.com's and Airbnb's exports as real .ics
// files, calls of the booking-integration function, rooms with their feeds, and the set-up each
// file runs. Each file puts the feeds' import URLs back as it found them (the seeded demo feed's
// too), so the files do not depend on their order.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEMO, platform, serviceClient, signedInClient, sql, type Client } from '../support';

// ---------------------------------------------------------------- dates (Europe/Rome, as the import)
const romeToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
export const day = (offset: number) => addDays(romeToday(), offset);
/** The last Sunday of March (clocks go forward in Rome) after today + 90 days. */
export function springForward(): string {
  let year = Number(day(90).slice(0, 4));
  for (;;) {
    const lastOfMarch = new Date(Date.UTC(year, 2, 31));
    const sunday = addDays(lastOfMarch.toISOString().slice(0, 10), -lastOfMarch.getUTCDay());
    if (sunday > day(90)) return sunday;
    year += 1;
  }
}

// ---------------------------------------------------------------- the feed server
const FIXTURES = new URL('../fixtures/channels/', import.meta.url);
export const compact = (date: string) => date.replaceAll('-', '');

/** A fixture's text with its {{day±N}} and {{spring±N}} placeholders replaced by dates. */
export function fixture(name: string, drop: string[] = []): string {
  let text = readFileSync(new URL(name, FIXTURES), 'utf8')
    .replace(/\{\{day([+-]\d+)\}\}/g, (_, offset: string) => compact(day(Number(offset))))
    .replace(/\{\{spring([+-]\d+)\}\}/g, (_, offset: string) => compact(addDays(springForward(), Number(offset))));
  for (const uid of drop)
    text = text.replace(
      new RegExp(`BEGIN:VEVENT\\r\\n(?:(?!END:VEVENT)[\\s\\S])*UID:${uid}[\\s\\S]*?END:VEVENT\\r\\n`),
      '',
    );
  return text;
}

export interface Served {
  status?: number;
  body: string;
  etag?: string;
  headers?: Record<string, string>;
}
export const routes = new Map<string, Served>();
export const hits = new Map<string, { count: number; ifNoneMatch?: string }>();
let feedServer: http.Server;
export let feedBase: string;

export function serve(path: string, served: Served) {
  routes.set(path, served);
  return `${feedBase}${path}`;
}

// ---------------------------------------------------------------- calls
export let adminToken: string;
export let admin: Client;
export let staff: Client;
export const service = serviceClient();

export async function callSync(body: unknown, token = adminToken) {
  const headers: Record<string, string> = { 'content-type': 'application/json', apikey: platform().anonKey };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${platform().apiUrl}/functions/v1/booking-integration`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

/** Syncs every Airbnb feed (the platform these tests import into) as the admin. */
export const syncAirbnb = () => callSync({ action: 'sync_feeds', platform: 'airbnb' });

export async function newRoom(label: string): Promise<{ roomId: string; feeds: Record<string, string> }> {
  const number = `T${Math.random().toString(36).slice(2, 9)}`;
  const { data, error } = await service
    .from('rooms')
    .insert({ name: `Channel test ${label}`, room_number: number, room_type: 'classic', price_per_night: 100 })
    .select('id')
    .single();
  if (error) throw error;
  const feeds = await sql<{ id: string; platform: string }>(
    'select id, platform from public.channel_feeds where room_id = $1',
    [data.id],
  );
  return { roomId: data.id, feeds: Object.fromEntries(feeds.map((feed) => [feed.platform, feed.id])) };
}

export async function setImportUrl(feedId: string, url: string | null) {
  await sql('update public.channel_feeds set import_url = $2, etag = null where id = $1', [feedId, url]);
}

/** Only this feed has an import URL among Airbnb feeds, so a sync touches it alone. */
export async function onlyAirbnbFeed(feedId: string, url: string) {
  await sql(`update public.channel_feeds set import_url = null where platform = 'airbnb'`);
  await setImportUrl(feedId, url);
}

export async function blocks(roomId: string) {
  return sql<{ event_uid: string; check_in: string; check_out: string; status: string; summary: string | null }>(
    `select event_uid, check_in_date::text as check_in, check_out_date::text as check_out, status::text, summary
     from public.external_blocks where room_id = $1 order by check_in_date, event_uid`,
    [roomId],
  );
}

export async function exportUrl(feedId: string) {
  const [row] = await sql<{ export_token: string }>('select export_token from public.channel_feeds where id = $1', [
    feedId,
  ]);
  return `${platform().apiUrl}/functions/v1/channel-calendar/${row.export_token}.ics`;
}

/** import URLs as the calling file found them */
let importUrls: { id: string; import_url: string | null }[] = [];

/**
 * The calling file's set-up: the feed server started, admin and staff signed in, the served paths'
 * hits cleared before each test; after the file the server stopped and the import URLs put back.
 */
export function setUpChannelSync() {
  beforeAll(async () => {
    importUrls = await sql<{ id: string; import_url: string | null }>(
      'select id, import_url from public.channel_feeds',
    );
    feedServer = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://feed').pathname;
      const served = routes.get(path);
      hits.set(path, { count: (hits.get(path)?.count ?? 0) + 1, ifNoneMatch: req.headers['if-none-match'] });
      if (!served) return res.writeHead(404).end('not found');
      if (served.etag && req.headers['if-none-match'] === served.etag) return res.writeHead(304).end();
      res.writeHead(served.status ?? 200, {
        'content-type': 'text/calendar; charset=utf-8',
        ...(served.etag ? { etag: served.etag } : {}),
        ...served.headers,
      });
      res.end(served.body);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    adminToken = (await admin.auth.getSession()).data.session!.access_token;
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  });

  afterAll(async () => {
    await sql(`update public.channel_feeds set import_url = null where import_url like $1`, [`${feedBase}%`]);
    for (const { id, import_url } of importUrls) await setImportUrl(id, import_url);
    feedServer.closeAllConnections();
    await new Promise((resolve) => feedServer.close(resolve));
  });

  beforeEach(() => hits.clear());
}
