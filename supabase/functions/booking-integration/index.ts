// booking-integration: syncs the rooms' channel calendars (iCalendar import feeds).
//   POST { action: "sync_rooms", api_key, platform: "booking" | "expedia" | "hotels" }   admin
//     stores the platform's API key server-side, then imports every feed of that platform
//   POST { action: "sync_feeds", platform? }   admin, or the service role (the 10-minute schedule)
//     imports every feed (of the platform, when given)
//   POST { action: "sync_feed", feed_id }   admin: "Sync now" for one iCal feed, at once (no API key)
//   → 200 { platform, feeds, created, updated, cancelled, conflicts, unchanged, failed, runs }
//   400 bad input · 401 not signed in · 403 not an admin · 405 wrong method
//   502 every feed failed (the first error as message)
// Feeds are fetched only through _shared/outbound.ts (https, public addresses, no redirects,
// timeout, size cap) with If-None-Match; each fetch is recorded by channel_record_sync, which
// applies the events in one transaction.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminCaller, bearerToken, env, serviceClient, type AdminCaller } from '../_shared/clients.ts';
import { z } from 'npm:zod@4';
import { errorResponse, handleCorsPreflight, jsonResponse } from '../_shared/cors.ts';
import { outboundFetch, OutboundError } from '../_shared/outbound.ts';
import { FeedError, parseFeed } from './feed.ts';

const FEED_TIMEOUT_MS = 15_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
const PARALLEL_FEEDS = 4;

const platformSchema = z.enum(['booking', 'expedia', 'hotels', 'airbnb']);
const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('sync_rooms'),
    api_key: z.string().trim().min(4, 'The API key must be at least 4 characters').max(200),
    platform: z.enum(['booking', 'expedia', 'hotels']),
  }),
  z.object({ action: z.literal('sync_feeds'), platform: platformSchema.optional() }),
  z.object({ action: z.literal('sync_feed'), feed_id: z.uuid('Choose a calendar to sync') }),
]);

const PLATFORM_NAMES: Record<z.infer<typeof platformSchema>, string> = {
  booking: 'Booking.com',
  expedia: 'Expedia',
  hotels: 'Hotels.com',
  airbnb: 'Airbnb',
};

interface Feed {
  id: string;
  import_url: string;
  etag: string | null;
  platform: z.infer<typeof platformSchema>;
  room_id: string;
}

interface Run {
  created_count: number;
  updated_count: number;
  cancelled_count: number;
  conflict_count: number;
  unchanged_count: number;
  error: string | null;
  feed_id: string;
  room_id: string;
  http_status: number | null;
}

type Db = SupabaseClient;

async function syncFeed(db: Db, feed: Feed, trigger: 'manual' | 'scheduled'): Promise<Run> {
  const startedAt = new Date().toISOString();
  let httpStatus: number | null = null;
  let etag: string | null = null;
  let events: unknown = null;
  let error: string | null = null;
  try {
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
    if (feed.etag) headers['if-none-match'] = feed.etag;
    const response = await outboundFetch(feed.import_url, {
      headers,
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
    });
    httpStatus = response.status;
    if (response.status !== 304) {
      if (response.status !== 200) throw new FeedError(`The calendar server answered HTTP ${response.status}`);
      events = parseFeed(new TextDecoder().decode(response.body));
      etag = response.headers.get('etag');
    }
  } catch (caught) {
    if (!(caught instanceof OutboundError || caught instanceof FeedError)) throw caught;
    error = caught.message;
  }
  const { data, error: dbError } = await db.rpc('channel_record_sync', {
    p_feed_id: feed.id,
    p_trigger: trigger,
    p_started_at: startedAt,
    p_http_status: httpStatus,
    p_etag: etag,
    p_events: events,
    p_error: error,
  });
  if (dbError) throw new Error(`Recording the sync of feed ${feed.id} failed: ${dbError.message}`);
  return data as Run;
}

/** Every feed with an import URL (of one platform, or the one feed), a few at a time. */
async function syncFeeds(
  db: Db,
  platform: Feed['platform'] | undefined,
  trigger: 'manual' | 'scheduled',
  feedId?: string,
) {
  let query = db
    .from('channel_feeds')
    .select('id, import_url, etag, platform, room_id')
    .not('import_url', 'is', null)
    .order('id');
  if (platform) query = query.eq('platform', platform);
  if (feedId) query = query.eq('id', feedId);
  const { data, error } = await query;
  if (error) throw new Error(`Reading the channel feeds failed: ${error.message}`);
  const feeds = (data ?? []) as Feed[];
  const runs: Run[] = [];
  let next = 0;
  const worker = async () => {
    while (next < feeds.length) runs.push(await syncFeed(db, feeds[next++], trigger));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FEEDS, feeds.length) }, worker));
  const sum = (key: keyof Run) => runs.reduce((total, run) => total + (Number(run[key]) || 0), 0);
  return {
    platform: platform ?? null,
    feeds: feeds.length,
    created: sum('created_count'),
    updated: sum('updated_count'),
    cancelled: sum('cancelled_count'),
    conflicts: sum('conflict_count'),
    unchanged: sum('unchanged_count'),
    failed: runs.filter((run) => run.error).length,
    runs,
  };
}

/** 'service' for the service-role key (the scheduler), 'admin' for a signed-in admin, else an error response. */
async function caller(request: Request): Promise<{ kind: 'service' } | ({ kind: 'admin' } & AdminCaller) | Response> {
  if (bearerToken(request) === env('SUPABASE_SERVICE_ROLE_KEY')) return { kind: 'service' };
  const admin = await adminCaller(request, 'sync booking platforms');
  return admin instanceof Response ? admin : { kind: 'admin', ...admin };
}

Deno.serve(async (request) => {
  const preflight = handleCorsPreflight(request);
  if (preflight) return preflight;
  if (request.method !== 'POST') return errorResponse('Use POST.', 405);

  const who = await caller(request);
  if (who instanceof Response) return who;

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return errorResponse('The request body must be JSON.');
  }
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return errorResponse(parsed.error.issues[0]?.message ?? 'Invalid request.');
  const input = parsed.data;

  try {
    if (input.action === 'sync_rooms') {
      if (who.kind !== 'admin') return errorResponse('Sync Rooms stores a key for the signed-in admin.', 403);
      const { error } = await who.db.rpc('save_platform_api_key', {
        p_platform: input.platform,
        p_api_key: input.api_key,
      });
      if (error) return errorResponse(error.message, error.code === '42501' ? 403 : 400);
    }
    if (input.action === 'sync_feed' && who.kind !== 'admin') {
      return errorResponse("Sync now is an admin's action.", 403);
    }
    const platform = input.action === 'sync_feed' ? undefined : input.platform;
    const feedId = input.action === 'sync_feed' ? input.feed_id : undefined;
    const result = await syncFeeds(serviceClient(), platform, who.kind === 'service' ? 'scheduled' : 'manual', feedId);
    if (feedId && result.feeds === 0) {
      return errorResponse('This calendar has no import URL to sync.', 404);
    }
    if (result.feeds > 0 && result.failed === result.feeds) {
      const name = platform ? PLATFORM_NAMES[platform] : feedId ? 'this calendar' : 'the channels';
      const first = result.runs.find((run) => run.error)?.error;
      return jsonResponse({ error: `Failed to sync rooms with ${name}: ${first}`, ...result }, 502);
    }
    return jsonResponse(result);
  } catch (error) {
    console.error('[booking-integration]', error);
    return errorResponse('The sync could not be completed. Please try again.', 500);
  }
});
