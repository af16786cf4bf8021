import { Skeleton } from '@/components/ui/skeleton';
import { useErrorToast } from '@/lib/use-error-toast';
import { useChannelFeeds, usePlatformKeyHints } from '../api/integrations';
import { PlatformPanel } from './PlatformPanel';
import { PLATFORMS } from '../platforms';

/** One panel per booking platform. */
export function IntegrationsPanels() {
  const feeds = useChannelFeeds();
  const hints = usePlatformKeyHints();
  useErrorToast(feeds.error, 'Failed to load channel calendars');
  useErrorToast(hints.error, 'Failed to load platform API keys');

  if (feeds.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        {PLATFORMS.map((platform) => (
          <Skeleton key={platform.id} className="h-48 w-full" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {PLATFORMS.map((platform) => (
        <PlatformPanel
          key={platform.id}
          platform={platform}
          feeds={(feeds.data ?? []).filter((feed) => feed.platform === platform.id)}
          storedKeyLast4={hints.data?.get(platform.id)}
        />
      ))}
    </div>
  );
}
