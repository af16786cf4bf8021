import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, RefreshCw } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { formatAdminDate } from '@/lib/format-date';
import { useRotateExportToken, useSaveImportUrl, type ChannelFeed } from '../api/integrations';
import { importUrlSchema } from '../logic/platforms';

const formSchema = z.object({ importUrl: importUrlSchema });
type FormValues = z.infer<typeof formSchema>;

/** One room's calendar pair with a channel: the URL to import and the URL the channel imports. */
export function FeedRow({ feed }: { feed: ChannelFeed }) {
  const save = useSaveImportUrl();
  const rotate = useRotateExportToken();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), values: { importUrl: feed.importUrl ?? '' } });
  const importId = `import-${feed.id}`;
  const exportId = `export-${feed.id}`;

  const onSubmit = handleSubmit(({ importUrl }) =>
    save.mutate(
      { feedId: feed.id, importUrl: importUrl || null },
      {
        onSuccess: () => {
          toastSuccess('Import calendar URL saved');
          reset({ importUrl });
        },
      },
    ),
  );

  async function copyExportUrl() {
    if (!feed.exportUrl) return;
    try {
      await navigator.clipboard.writeText(feed.exportUrl);
      toastSuccess('Export URL copied');
    } catch (error) {
      toastError('Failed to copy the export URL', error);
    }
  }

  function rotateToken() {
    if (!window.confirm('Create a new export URL? The channel stops receiving updates until you paste the new one.'))
      return;
    rotate.mutate(feed.id, {
      onSuccess: () => toastSuccess('New export URL created'),
    });
  }

  return (
    <li className="space-y-3 rounded-md border p-3" data-testid={`feed-${feed.platform}-${feed.roomId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{feed.roomLabel}</p>
        <p className="text-xs text-muted-foreground">
          {feed.lastSyncedAt
            ? `Last synced ${formatAdminDate(feed.lastSyncedAt)} ${new Date(feed.lastSyncedAt).toLocaleTimeString()}`
            : 'Never synced'}
        </p>
      </div>
      {feed.lastError && (
        <p className="text-sm text-destructive" role="alert">
          Last sync failed: {feed.lastError}
        </p>
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <InputField
          id={importId}
          label="Import calendar URL"
          error={errors.importUrl?.message}
          className="flex-1"
          {...register('importUrl')}
          type="url"
          inputMode="url"
          placeholder="https://…/calendar.ics"
        />
        <Button type="submit" variant="outline" disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <InputField
          id={exportId}
          label="Export calendar URL"
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
            aria-label={`Copy export URL of ${feed.roomLabel}`}
          >
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={rotateToken}
            disabled={rotate.isPending}
            aria-label={`New export URL for ${feed.roomLabel}`}
            title="New export URL (the old one stops working)"
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
