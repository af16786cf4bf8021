import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPABASE_URL } from '@/lib/env';
import { invokeFunction } from '@/lib/edge-functions';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { exportFeedUrl, type ChannelPlatform, type SyncResult } from '../logic/platforms';

export interface ChannelFeed {
  id: string;
  roomId: string;
  roomLabel: string;
  platform: ChannelPlatform;
  importUrl: string | null;
  exportUrl: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
}

/** The channel manager's queries, each rooted by the resource it reads. */
export const integrationQueries = {
  /** every room's feed per platform with its export URL (admins only) */
  feeds: () =>
    queryOptions({
      queryKey: ['channel-feeds'],
      queryFn: async (): Promise<ChannelFeed[]> => {
        const [feeds, tokens] = await Promise.all([
          supabase
            .from('channel_feeds')
            .select('id, room_id, platform, import_url, last_synced_at, last_error, rooms(name, room_number)')
            .order('platform'),
          supabase.rpc('channel_export_tokens'),
        ]);
        if (feeds.error) throw feeds.error;
        if (tokens.error) throw tokens.error;
        const tokenOf = new Map((tokens.data ?? []).map((row) => [row.feed_id, row.export_token]));
        return (feeds.data ?? [])
          .map((feed) => {
            const token = tokenOf.get(feed.id);
            return {
              id: feed.id,
              roomId: feed.room_id,
              roomLabel: feed.rooms ? `${feed.rooms.room_number} · ${feed.rooms.name}` : feed.room_id,
              platform: feed.platform,
              importUrl: feed.import_url,
              exportUrl: token ? exportFeedUrl(SUPABASE_URL, token) : null,
              lastSyncedAt: feed.last_synced_at,
              lastError: feed.last_error,
            };
          })
          .sort((a, b) => a.roomLabel.localeCompare(b.roomLabel, undefined, { numeric: true }));
      },
      meta: { errorText: t`Failed to load channel calendars` },
    }),
  /** the stored API keys' last 4 characters per platform */
  keyHints: () =>
    queryOptions({
      queryKey: ['platform-api-keys'],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('platform_api_key_hints');
        if (error) throw error;
        return new Map((data ?? []).map((hint) => [hint.platform, hint.last4]));
      },
      meta: { errorText: t`Failed to load platform API keys` },
    }),
  /** the last 20 sync runs, newest first */
  runs: () =>
    queryOptions({
      queryKey: ['channel-sync-runs'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('channel_sync_runs')
          .select(
            'id, platform, started_at, http_status, created_count, updated_count, cancelled_count, conflict_count, unchanged_count, error, trigger, rooms(name, room_number)',
          )
          .order('started_at', { ascending: false })
          .limit(20);
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load sync runs` },
    }),
  /** imported events kept as conflicts (they collide with a booking or another block) */
  conflicts: () =>
    queryOptions({
      queryKey: ['channel-conflicts'],
      queryFn: async () => {
        const { data, error } = await supabase
          .from('external_blocks')
          .select(
            'id, event_uid, summary, check_in_date, check_out_date, rooms(name, room_number), channel_feeds(platform)',
          )
          .eq('status', 'conflict')
          .order('check_in_date');
        if (error) throw error;
        return data ?? [];
      },
      meta: { errorText: t`Failed to load channel conflicts` },
    }),
};

export function useSaveImportUrl() {
  return useRefreshingMutation(integrationQueries.feeds().queryKey, {
    meta: { errorText: t`Failed to save the import calendar URL` },
    mutationFn: async ({ feedId, importUrl }: { feedId: string; importUrl: string | null }) => {
      const { error } = await supabase.from('channel_feeds').update({ import_url: importUrl }).eq('id', feedId);
      if (error) throw error;
    },
  });
}

export function useRotateExportToken() {
  return useRefreshingMutation(integrationQueries.feeds().queryKey, {
    meta: { errorText: t`Failed to create a new export URL` },
    mutationFn: async (feedId: string) => {
      const { error } = await supabase.rpc('rotate_channel_export_token', { p_feed_id: feedId });
      if (error) throw error;
    },
  });
}

/** What a sync changes: the feeds, the key hints, the runs, the conflicts and the desk's alerts. */
function useRefreshAfterSync() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationQueries.feeds().queryKey }),
      queryClient.invalidateQueries({ queryKey: integrationQueries.keyHints().queryKey }),
      queryClient.invalidateQueries({ queryKey: integrationQueries.runs().queryKey }),
      queryClient.invalidateQueries({ queryKey: integrationQueries.conflicts().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['desk-alerts'] }),
    ]);
}

/** Sync Rooms (with the platform's API key) or, for Airbnb, a sync of its calendars. */
export function useSyncPlatform() {
  const refresh = useRefreshAfterSync();
  return useMutation({
    mutationFn: async ({ platform, apiKey }: { platform: ChannelPlatform; apiKey?: string }): Promise<SyncResult> => {
      const body = apiKey ? { action: 'sync_rooms', api_key: apiKey, platform } : { action: 'sync_feeds', platform };
      return invokeFunction<SyncResult>('booking-integration', body);
    },
    onSettled: refresh,
  });
}

/** Sync now: imports one room's iCal feed at once (no API key: that belongs to the platforms' APIs). */
export function useSyncFeed() {
  const refresh = useRefreshAfterSync();
  return useMutation({
    mutationFn: (feedId: string): Promise<SyncResult> =>
      invokeFunction<SyncResult>('booking-integration', { action: 'sync_feed', feed_id: feedId }),
    onSettled: refresh,
  });
}
