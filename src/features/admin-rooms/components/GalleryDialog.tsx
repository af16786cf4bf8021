import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ImagePlus, Loader2, Star, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toastError, toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { imageFileError } from '@/lib/image-upload';
import { hasOwnPicture, roomCardImage } from '@/lib/room-pictures';
import {
  useDeleteRoomImage,
  useReorderRoomImages,
  useSetPrimaryRoomImage,
  useUploadRoomImage,
} from '../api/room-images';
import { roomQueries } from '../api/queries';
import { moveImage } from '../logic/rooms';
import type { Room, RoomImage } from '../types';

export function GalleryDialog({ room, onOpenChange }: { room: Room | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const name = room?.name;
  const number = room?.room_number;
  return (
    <Dialog open={room !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Room Gallery</Trans>
          </DialogTitle>
          <DialogDescription>{room ? t`${name} · Room ${number}` : ''}</DialogDescription>
        </DialogHeader>
        {room && <GalleryPanel room={room} />}
      </DialogContent>
    </Dialog>
  );
}

function GalleryPanel({ room }: { room: Room }) {
  const { t } = useLingui();
  const name = room.name;
  const roomId = room.id;
  const images = useQuery(roomQueries.images(roomId));
  const upload = useUploadRoomImage(roomId);
  const remove = useDeleteRoomImage(roomId);
  const reorder = useReorderRoomImages(roomId);
  const setPrimary = useSetPrimaryRoomImage(roomId);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const list = images.data ?? [];
  const busy = uploading || reorder.isPending || setPrimary.isPending || remove.isPending;

  async function onFiles(files: File[]) {
    const accepted: File[] = [];
    for (const file of files) {
      const problem = imageFileError(file);
      if (problem) toastError(problem);
      else accepted.push(file);
    }
    if (accepted.length === 0) return;
    setUploading(true);
    // one at a time, so each picture gets the next display order
    for (const file of accepted) {
      try {
        await upload.mutateAsync(file);
        toastSuccess(t`Image uploaded successfully`);
      } catch (error) {
        toastError(t`Failed to upload image`, error);
      }
    }
    setUploading(false);
  }

  function onDelete(image: RoomImage) {
    if (!window.confirm(t`Are you sure you want to delete this image?`)) return;
    remove.mutate(image, {
      onSuccess: () => toastSuccess(t`Image deleted successfully`),
    });
  }

  function onMove(index: number, direction: -1 | 1) {
    const rows = moveImage(list, index, direction);
    if (rows.length === 0) return;
    reorder.mutate(rows);
  }

  function onSetPrimary(image: RoomImage) {
    setPrimary.mutate(image.id, {
      onSuccess: () => toastSuccess(t`Primary image updated`),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-label={t`Upload gallery images`}
          disabled={uploading}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void onFiles(files);
          }}
        />
        <Button onClick={() => inputRef.current?.click()} disabled={uploading}>
          {uploading ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
          )}
          {uploading ? <Trans>Uploading...</Trans> : <Trans>Upload Images</Trans>}
        </Button>
        <p className="text-sm text-muted-foreground">
          <Trans>Images only, up to 5MB each.</Trans>
        </p>
      </div>

      {images.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3] w-full" />
          ))}
        </div>
      ) : list.length === 0 ? (
        // what the room page shows until the gallery has images of its own
        <figure className="grid items-center gap-4 rounded-md border border-dashed p-4 sm:grid-cols-[12rem_1fr]">
          <img
            src={roomCardImage(room)}
            alt={t`${name} – the picture guests see now`}
            className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
          />
          <figcaption className="space-y-1 text-sm text-muted-foreground">
            <p className="font-medium text-foreground">
              <Trans>No images yet</Trans>
            </p>
            <p>
              {hasOwnPicture(room) ? (
                <Trans>Guests see the room's main photo (set in Edit Room) until you upload gallery images.</Trans>
              ) : (
                <Trans>Guests see this default picture until you upload an image.</Trans>
              )}
            </p>
          </figcaption>
        </figure>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-3" aria-label={t`Gallery images`}>
          {list.map((image, index) => {
            const position = index + 1;
            return (
              <li
                key={image.id}
                className="overflow-hidden rounded-md border bg-card"
                aria-label={image.is_primary ? t`Image ${position} (primary)` : t`Image ${position}`}
              >
                <div className="relative">
                  <img
                    src={image.image_url}
                    alt={image.alt_text ?? ''}
                    className="aspect-[4/3] w-full object-cover"
                    loading="lazy"
                  />
                  {image.is_primary && (
                    <Badge className="absolute left-2 top-2 gap-1">
                      <Star className="h-3 w-3" aria-hidden="true" />
                      <Trans>Primary</Trans>
                    </Badge>
                  )}
                </div>
                <div className="flex items-center gap-1 p-2">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    onClick={() => onMove(index, -1)}
                    disabled={busy || index === 0}
                    aria-label={t`Move image ${position} up`}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    onClick={() => onMove(index, 1)}
                    disabled={busy || index === list.length - 1}
                    aria-label={t`Move image ${position} down`}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  {!image.is_primary && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-8"
                      onClick={() => onSetPrimary(image)}
                      disabled={busy}
                    >
                      <Trans>Set Primary</Trans>
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="ml-auto h-8 w-8"
                    onClick={() => onDelete(image)}
                    disabled={busy}
                    aria-label={t`Delete image ${position}`}
                  >
                    <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
