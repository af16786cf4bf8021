import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarSync, Copy, Loader2, RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toastError, toastFailure, toastSuccess } from '@/lib/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { functionRefusal } from '@/lib/edge-functions';
import { formatAdminDate } from '@/lib/format-date';
import { useRotateExportToken, useSaveImportUrl, useSyncFeed, type ChannelFeed } from '../api/integrations';
import { importUrlSchema, syncCounts } from '../logic/platforms';

// an example of the URL asked for (a URL, the same in every language)
const FEED_URL_EXAMPLE = 'https://…/calendar.ics';

const formSchema = () => z.object({ importUrl: importUrlSchema() });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

/** One room's calendar pair with a channel: the URL to import and the URL the channel imports. */
export function FeedRow({ feed }: { feed: ChannelFeed }) {
  const { t, i18n } = useLingui();
  const save = useSaveImportUrl();
  const rotate = useRotateExportToken();
  const syncNow = useSyncFeed();
  // the messages are read in the screen's language
  const schema = useMemo(() => formSchema(), [i18n.locale]); // eslint-disable-line react-hooks/exhaustive-deps
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<FormValues>({ resolver: zodResolver(schema), values: { importUrl: feed.importUrl ?? '' } });
  const importId = `import-${feed.id}`;
  const exportId = `export-${feed.id}`;

  const onSubmit = handleSubmit(({ importUrl }) =>
    save.mutate(
      { feedId: feed.id, importUrl: importUrl || null },
      {
        onSuccess: () => {
          toastSuccess(t`Import calendar URL saved`);
          reset({ importUrl });
        },
      },
    ),
  );

  async function copyExportUrl() {
    if (!feed.exportUrl) return;
    try {
      await navigator.clipboard.writeText(feed.exportUrl);
      toastSuccess(t`Export URL copied`);
    } catch (error) {
      toastError(t`Failed to copy the export URL`, error);
    }
  }

  function rotateToken() {
    if (!window.confirm(t`Create a new export URL? The channel stops receiving updates until you paste the new one.`))
      return;
    rotate.mutate(feed.id, {
      onSuccess: () => toastSuccess(t`New export URL created`),
    });
  }

  /** Sync now: this calendar at once, the result in a toast. */
  function syncFeed() {
    syncNow.mutate(feed.id, {
      onSuccess: (result) => {
        const room = feed.roomLabel;
        if (result.failed > 0) {
          const error = (result as { runs?: { error: string | null }[] }).runs?.find((run) => run.error)?.error;
          toastFailure(t`Sync failed`, error ?? t`The calendar of ${room} could not be read`);
          return;
        }
        const counts = syncCounts(result);
        toastSuccess(
          result.conflicts > 0 ? t`Calendar synced: double booking to resolve` : t`Calendar synced`,
          `${room}: ${counts}`,
        );
      },
      onError: (error) => {
        const message = functionRefusal(error);
        toastFailure(t`Sync failed`, message ?? t`The calendar could not be synced. Please try again.`);
      },
    });
  }

  const syncedAt = feed.lastSyncedAt
    ? `${formatAdminDate(feed.lastSyncedAt)} ${i18n.date(feed.lastSyncedAt, { timeStyle: 'medium' })}`
    : '';
  const lastError = feed.lastError;
  const roomLabel = feed.roomLabel;

  return (
    <li className="space-y-3 rounded-md border p-3" data-testid={`feed-${feed.platform}-${feed.roomId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{feed.roomLabel}</p>
        <p className="text-xs text-muted-foreground">
          {feed.lastSyncedAt ? <Trans>Last synced {syncedAt}</Trans> : <Trans>Never synced</Trans>}
        </p>
      </div>
      {feed.lastError && (
        <p className="text-sm text-destructive" role="alert">
          <Trans>Last sync failed: {lastError}</Trans>
        </p>
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <InputField
          id={importId}
          label={t`Import calendar URL`}
          error={errors.importUrl?.message}
          className="flex-1"
          {...register('importUrl')}
          type="url"
          inputMode="url"
          placeholder={FEED_URL_EXAMPLE}
        />
        <Button type="submit" variant="outline" disabled={!isDirty || save.isPending}>
          {save.isPending ? t`Saving...` : t`Save`}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={syncFeed}
          disabled={!feed.importUrl || isDirty || syncNow.isPending}
          aria-label={t`Sync now: ${roomLabel}`}
          title={feed.importUrl ? undefined : t`Save an import calendar URL first`}
        >
          {syncNow.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <CalendarSync className="h-4 w-4" aria-hidden="true" />
          )}
          <Trans>Sync now</Trans>
        </Button>
      </form>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <InputField
          id={exportId}
          label={t`Export calendar URL`}
          className="flex-1"
          readOnly
          value={feed.exportUrl ?? ''}
          onFocus={(event) => event.target.select()}
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={copyExportUrl}
            aria-label={t`Copy export URL of ${roomLabel}`}
          >
            <Copy className="h-4 w-4" aria-hidden="true" /> <Trans>Copy</Trans>
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={rotateToken}
            disabled={rotate.isPending}
            aria-label={t`New export URL for ${roomLabel}`}
            title={t`New export URL (the old one stops working)`}
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
