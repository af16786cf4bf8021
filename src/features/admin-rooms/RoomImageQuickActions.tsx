import { useLingui } from '@lingui/react/macro';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { imageFileError } from '@/lib/image-upload';
import { errorMessage } from '@/lib/postgrest-error';
import { cn } from '@/lib/utils';
import { useClearRoomCover, useSetRoomCover } from './api/rooms';

/**
 * Staff overlay for the public room cards: upload a new main picture (rooms.image_url) or remove
 * it. Rendered by the card for signed-in staff only (the card's `staffOverlay` slot); the storage
 * and table policies refuse everybody else. `onChanged` lets the card refresh its own query.
 */
export default function RoomImageQuickActions({
  roomId,
  roomName,
  imageUrl,
  onChanged,
  className,
}: {
  roomId: string;
  roomName: string;
  imageUrl: string | null;
  onChanged?: () => void;
  /** placement over the card's image; top right by default */
  className?: string;
}) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useSetRoomCover();
  const clear = useClearRoomCover();
  const busy = upload.isPending || clear.isPending;

  function onFile(file: File) {
    const problem = imageFileError(file);
    if (problem) {
      toastFailure(t`Upload failed`, problem);
      return;
    }
    upload.mutate(
      { roomId, file },
      {
        onSuccess: () => {
          toastSuccess(t`Image uploaded successfully`);
          onChanged?.();
        },
        onError: (error) => {
          console.error('Upload failed', error);
          toastFailure(t`Upload failed`, errorMessage(error) ?? t`Failed to upload image`);
        },
      },
    );
  }

  function onDelete() {
    if (!window.confirm(t`Are you sure you want to delete this image?`)) return;
    clear.mutate(
      { roomId, imageUrl },
      {
        onSuccess: () => {
          toastSuccess(t`Image deleted`);
          onChanged?.();
        },
        onError: (error) => {
          console.error('Delete failed', error);
          toastFailure(t`Delete failed`, errorMessage(error));
        },
      },
    );
  }

  return (
    <div
      className={cn('absolute right-3 top-3 z-10 flex gap-1 rounded-md bg-background/90 p-1 shadow', className)}
      // The overlay may sit on a card that is itself a link: keep clicks from navigating, except
      // the file input's own click, whose default action opens the file picker.
      onClick={(event) => {
        event.stopPropagation();
        if (event.target !== inputRef.current) event.preventDefault();
      }}
    >
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={t`Upload image for ${roomName}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        size="icon"
        variant="ghost"
        className="h-8 w-8"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        aria-label={t`Upload new image for ${roomName}`}
        title={t`Upload image`}
      >
        {upload.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
        )}
      </Button>
      {imageUrl && (
        <Button
          size="icon"
          variant="ghost"
          className="h-8 w-8"
          disabled={busy}
          onClick={onDelete}
          aria-label={t`Delete image of ${roomName}`}
          title={t`Delete image`}
        >
          <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
