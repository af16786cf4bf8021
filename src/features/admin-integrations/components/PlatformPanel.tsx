import { Loader2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { FunctionCallError } from '@/lib/edge-functions';
import { useSyncPlatform, type ChannelFeed } from '../api/integrations';
import { maskedKey, syncSummary, type PlatformInfo } from '../logic/platforms';
import { FeedRow } from './FeedRow';

/** A booking platform: its API key and Sync Rooms (or Sync now), and every room's calendar pair. */
export function PlatformPanel({
  platform,
  feeds,
  storedKeyLast4,
}: {
  platform: PlatformInfo;
  feeds: ChannelFeed[];
  storedKeyLast4: string | undefined;
}) {
  const [apiKey, setApiKey] = useState('');
  const [lastResult, setLastResult] = useState<string | null>(null);
  const sync = useSyncPlatform();
  const keyId = useId();
  const linked = feeds.filter((feed) => feed.importUrl).length;

  function onSync() {
    const key = apiKey.trim();
    if (platform.hasApiKey && !key) {
      toastFailure('Missing API Key', `Please enter your ${platform.name} API key first`);
      return;
    }
    sync.mutate(
      { platform: platform.id, apiKey: platform.hasApiKey ? key : undefined },
      {
        onSuccess: (result) => {
          const summary = syncSummary(result);
          setLastResult(summary);
          setApiKey('');
          toastSuccess('Sync Successful', summary);
        },
        onError: (error) => {
          const message = error instanceof FunctionCallError ? error.serverMessage : undefined;
          toastFailure('Sync Failed', message ?? `Failed to sync rooms with ${platform.name}`);
        },
      },
    );
  }

  return (
    <Card data-testid={`platform-${platform.id}`}>
      <CardHeader>
        <CardTitle>{platform.name}</CardTitle>
        <CardDescription>
          {linked} of {feeds.length} rooms import a {platform.name} calendar
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          {platform.hasApiKey && (
            <InputField
              id={keyId}
              label="API Key"
              className="flex-1"
              hint={storedKeyLast4 ? `Stored key: ${maskedKey(storedKeyLast4)}` : undefined}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              placeholder={storedKeyLast4 ? maskedKey(storedKeyLast4) : `Enter your ${platform.name} API key`}
            />
          )}
          <Button type="button" onClick={onSync} disabled={sync.isPending}>
            {sync.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
            )}
            {platform.hasApiKey ? 'Sync Rooms' : 'Sync now'}
          </Button>
        </div>
        {lastResult && (
          <p className="text-sm text-muted-foreground" role="status">
            Last sync: {lastResult}
          </p>
        )}
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium">Room calendars ({feeds.length})</summary>
          <ul className="mt-3 space-y-3">
            {feeds.map((feed) => (
              <FeedRow key={feed.id} feed={feed} />
            ))}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}
