import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { functionRefusal } from '@/lib/edge-functions';
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
  const { t } = useLingui();
  const [apiKey, setApiKey] = useState('');
  const [lastResult, setLastResult] = useState<string | null>(null);
  const sync = useSyncPlatform();
  const keyId = useId();
  const linked = feeds.filter((feed) => feed.importUrl).length;
  const name = platform.name;
  const total = feeds.length;
  const stored = maskedKey(storedKeyLast4);

  function onSync() {
    const key = apiKey.trim();
    if (platform.hasApiKey && !key) {
      toastFailure(t`Missing API Key`, t`Please enter your ${name} API key first`);
      return;
    }
    sync.mutate(
      { platform: platform.id, apiKey: platform.hasApiKey ? key : undefined },
      {
        onSuccess: (result) => {
          const summary = syncSummary(result);
          setLastResult(summary);
          setApiKey('');
          toastSuccess(t`Sync Successful`, summary);
        },
        onError: (error) => {
          const message = functionRefusal(error);
          toastFailure(t`Sync Failed`, message ?? t`Failed to sync rooms with ${name}`);
        },
      },
    );
  }

  return (
    <Card data-testid={`platform-${platform.id}`}>
      <CardHeader>
        <CardTitle>{platform.name}</CardTitle>
        <CardDescription>
          <Trans>
            {linked} of {total} rooms import a {name} calendar
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          {platform.hasApiKey && (
            <InputField
              id={keyId}
              label={t`API Key`}
              className="flex-1"
              hint={storedKeyLast4 ? t`Stored key: ${stored}` : undefined}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              placeholder={storedKeyLast4 ? stored : t`Enter your ${name} API key`}
            />
          )}
          <Button type="button" onClick={onSync} disabled={sync.isPending}>
            {sync.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
            )}
            {platform.hasApiKey ? t`Sync Rooms` : t`Sync now`}
          </Button>
        </div>
        {lastResult && (
          <p className="text-sm text-muted-foreground" role="status">
            <Trans>Last sync: {lastResult}</Trans>
          </p>
        )}
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium">
            <Trans>Room calendars ({total})</Trans>
          </summary>
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
