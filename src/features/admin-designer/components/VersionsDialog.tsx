import { useQuery } from '@tanstack/react-query';
import { History as HistoryIcon } from 'lucide-react';
import { useState } from 'react';
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
          toastSuccess(`Published version ${number}`);
          setNote('');
        },
        onError: (error) => toastError(error.message || 'Failed to publish the design', error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <HistoryIcon className="h-4 w-4" aria-hidden="true" /> Versions
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Publish and versions</DialogTitle>
          <DialogDescription>
            The public site shows the published version. Publishing saves the draft and records a new version.
          </DialogDescription>
        </DialogHeader>
        {canPublish ? (
          <div className="flex items-end gap-2">
            <InputField
              id="publish-note"
              label="Note"
              className="flex-1"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button onClick={() => void onPublish()} disabled={publish.isPending || designer.saving}>
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Only admins can publish or restore a version.</p>
        )}
        {versions.isPending && <p className="text-sm">Loading versions…</p>}
        {versions.isError && <p className="text-sm text-destructive">Failed to load the versions.</p>}
        {versions.data?.length === 0 && <p className="text-sm text-muted-foreground">Nothing published yet.</p>}
        <ol className="max-h-80 space-y-2 overflow-auto" aria-label="Published versions">
          {versions.data?.map((version, i) => (
            <li key={version.number} className="flex items-start justify-between gap-2 rounded-md border p-2 text-sm">
              <div>
                <p className="font-medium">
                  Version {version.number} {i === 0 && <span className="text-xs text-primary">(live)</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {version.author} · {formatDateTime(version.createdAt)}
                  {version.restoredFrom !== null && ` · copy of version ${version.restoredFrom}`}
                </p>
                {version.note && <p className="text-xs">{version.note}</p>}
              </div>
              {canPublish && i > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={restore.isPending}
                  aria-label={`Restore version ${version.number}`}
                  onClick={() =>
                    restore.mutate(version.number, {
                      onSuccess: (number) => toastSuccess(`Version ${version.number} restored as version ${number}`),
                      onError: (error) => toastError(error.message || 'Failed to restore the version', error),
                    })
                  }
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
