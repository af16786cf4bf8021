import { Skeleton } from '@/components/ui/skeleton';
import { useQuery } from '@tanstack/react-query';
import { integrationQueries } from '../api/integrations';
import { PlatformPanel } from './PlatformPanel';
import { PLATFORMS } from '../logic/platforms';

/** One panel per booking platform. */
export function IntegrationsPanels() {
  const feeds = useQuery(integrationQueries.feeds());
  const hints = useQuery(integrationQueries.keyHints());

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
