import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { History as HistoryIcon } from 'lucide-react';
import { useState } from 'react';
import { refusalMessage } from '@/lib/postgrest-error';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { InputField } from '@/components/ui/form-field';
import { designQueries, usePublishDesign, useRestoreVersion } from '../api/design';
import { formatDateTime } from '../logic/format';
import type { Designer } from '../use-designer';

/** Publish (admins) and the list of published versions with Restore. */
export function VersionsDialog({ designer, canPublish }: { designer: Designer; canPublish: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const versions = useQuery(designQueries.versions());
  const publish = usePublishDesign();
  const restore = useRestoreVersion();

  const onPublish = async () => {
    // Publish exactly what is on screen: save it first, then publish that revision.
    const revision =
      designer.dirty || designer.revision === 0 ? await designer.saveNow({ announce: false }) : designer.revision;
    if (revision === null) return;
    publish.mutate(
      { revision, note: note.trim() },
      {
        onSuccess: (number) => {
          toastSuccess(t`Published version ${number}`);
          setNote('');
        },
        onError: (error) => toastError(refusalMessage(error) ?? t`Failed to publish the design`, error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <HistoryIcon className="h-4 w-4" aria-hidden="true" /> <Trans>Versions</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Publish and versions</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              The public site shows the published version. Publishing saves the draft and records a new version.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {canPublish ? (
          <div className="flex items-end gap-2">
            <InputField
              id="publish-note"
              label={t`Note`}
              className="flex-1"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button onClick={() => void onPublish()} disabled={publish.isPending || designer.saving}>
              {publish.isPending ? t`Publishing…` : t`Publish`}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>Only admins can publish or restore a version.</Trans>
          </p>
        )}
        {versions.isPending && (
          <p className="text-sm">
            <Trans>Loading versions…</Trans>
          </p>
        )}
        {versions.isError && (
          <p className="text-sm text-destructive">
            <Trans>Failed to load the versions.</Trans>
          </p>
        )}
        {versions.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <Trans>Nothing published yet.</Trans>
          </p>
        )}
        <ol className="max-h-80 space-y-2 overflow-auto" aria-label={t`Published versions`}>
          {versions.data?.map((version, i) => (
            <li key={version.number} className="flex items-start justify-between gap-2 rounded-md border p-2 text-sm">
              <div>
                <p className="font-medium">
                  <Trans>Version {version.number}</Trans>{' '}
                  {i === 0 && (
                    <span className="text-xs text-primary">
                      <Trans>(live)</Trans>
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {version.author} · {formatDateTime(version.createdAt)}
                  {version.restoredFrom !== null && ` · ${t`copy of version ${version.restoredFrom}`}`}
                </p>
                {version.note && <p className="text-xs">{version.note}</p>}
              </div>
              {canPublish && i > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={restore.isPending}
                  aria-label={t`Restore version ${version.number}`}
                  onClick={() =>
                    restore.mutate(version.number, {
                      onSuccess: (number) => toastSuccess(t`Version ${version.number} restored as version ${number}`),
                      onError: (error) => toastError(refusalMessage(error) ?? t`Failed to restore the version`, error),
                    })
                  }
                >
                  <Trans>Restore</Trans>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
