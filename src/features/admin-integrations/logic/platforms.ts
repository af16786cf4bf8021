import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import type { Enums } from '@/types/database';

export type ChannelPlatform = Enums<'channel_platform'>;

export interface PlatformInfo {
  id: ChannelPlatform;
  name: string;
  /** the spec's panels carry an API key and a Sync Rooms button; Airbnb has calendars only */
  hasApiKey: boolean;
}

export const PLATFORMS: readonly PlatformInfo[] = [
  { id: 'booking', name: 'Booking.com', hasApiKey: true },
  { id: 'expedia', name: 'Expedia', hasApiKey: true },
  { id: 'hotels', name: 'Hotels.com', hasApiKey: true },
  { id: 'airbnb', name: 'Airbnb', hasApiKey: false },
];

export function platformName(id: string): string {
  return PLATFORMS.find((platform) => platform.id === id)?.name ?? id;
}

/** What the server accepts as an import URL; the server also refuses private addresses when it fetches. */
export function importUrlSchema() {
  return z
    .string()
    .trim()
    .max(2000, t`The URL is too long.`)
    .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), t`Enter a URL starting with https://`);
}

/** The public URL a channel imports a room's calendar from. */
export function exportFeedUrl(apiUrl: string, token: string): string {
  return `${apiUrl.replace(/\/$/, '')}/functions/v1/channel-calendar/${token}.ics`;
}

export interface SyncResult {
  feeds: number;
  created: number;
  updated: number;
  cancelled: number;
  conflicts: number;
  unchanged: number;
  failed: number;
}

/** The success toast's description: what the sync changed. */
export function syncSummary(result: SyncResult): string {
  if (result.feeds === 0) return t`No import calendar URLs to sync yet.`;
  const counts = syncCounts(result);
  const feeds = plural(result.feeds, { one: '# calendar', other: '# calendars' });
  const failed = result.failed;
  return failed > 0 ? t`${feeds}: ${counts}. ${failed} failed.` : t`${feeds}: ${counts}.`;
}

/** "1 created, 0 updated, 0 cancelled, 1 conflicts, 0 unchanged" (a sync's or a run's counts). */
export function syncCounts(
  counts: Pick<SyncResult, 'created' | 'updated' | 'cancelled' | 'conflicts' | 'unchanged'>,
): string {
  const { created, updated, cancelled, conflicts, unchanged } = counts;
  return t`${created} created, ${updated} updated, ${cancelled} cancelled, ${conflicts} conflicts, ${unchanged} unchanged`;
}

/** The stored key as the field shows it: dots and the last 4 characters. */
export function maskedKey(last4: string | undefined): string {
  return last4 ? `••••••••${last4}` : '';
}
