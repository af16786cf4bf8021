import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { removePublicImage, uploadPublicImage } from '@/lib/image-storage';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { RoomStatus, RoomValues } from '../types';
import { roomQueries } from './queries';

/** Raised when the room itself was saved but its picture could not be uploaded. */
export class ImageUploadError extends Error {
  constructor(readonly cause: unknown) {
    super('Failed to upload image');
  }
}

/** Storage path of a room's main picture: rooms/room-{id}-{timestamp}.{ext}. */
export function roomCoverPath(roomId: string, file: File, now = Date.now()): string {
  return `rooms/room-${roomId}-${now}.${fileExtension(file)}`;
}

async function uploadRoomCover(roomId: string, file: File): Promise<string> {
  try {
    return await uploadPublicImage(roomCoverPath(roomId, file), file);
  } catch (error) {
    throw new ImageUploadError(error);
  }
}

export interface SaveRoomInput {
  id?: string;
  values: RoomValues;
  imageFile?: File | null;
}

/** Insert or update a room; a picked picture is uploaded and written to image_url. */
export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, imageFile }: SaveRoomInput): Promise<string> => {
      if (id) {
        const image_url = imageFile ? await uploadRoomCover(id, imageFile) : values.image_url;
        const { error } = await supabase
          .from('rooms')
          .update({ ...values, image_url })
          .eq('id', id);
        if (error) throw error;
        return id;
      }
      const { data, error } = await supabase.from('rooms').insert(values).select('id').single();
      if (error) throw error;
      const newId = (data as { id: string }).id;
      if (imageFile) {
        const image_url = await uploadRoomCover(newId, imageFile);
        const { error: imageError } = await supabase.from('rooms').update({ image_url }).eq('id', newId);
        if (imageError) throw new ImageUploadError(imageError);
      }
      return newId;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomQueries.all() }),
  });
}

export function useUpdateRoomStatus() {
  return useRefreshingMutation(roomQueries.all(), {
    meta: { errorText: t`Failed to update room status` },
    mutationFn: async ({ id, status }: { id: string; status: RoomStatus }) => {
      const { error } = await supabase.from('rooms').update({ status }).eq('id', id);
      if (error) throw error;
    },
  });
}

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('rooms').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: (_data, id) => {
      // its page, gallery and promo codes are gone with it
      queryClient.removeQueries({ queryKey: roomQueries.detail(id) });
      return queryClient.invalidateQueries({ queryKey: roomQueries.all() });
    },
  });
}

/** The quick overlay of public room cards: replace or clear a room's main picture. */
export function useSetRoomCover() {
  return useRefreshingMutation(roomQueries.all(), {
    mutationFn: async ({ roomId, file }: { roomId: string; file: File }) => {
      const image_url = await uploadPublicImage(roomCoverPath(roomId, file), file);
      const { error } = await supabase.from('rooms').update({ image_url }).eq('id', roomId);
      if (error) throw error;
      return image_url;
    },
  });
}

export function useClearRoomCover() {
  return useRefreshingMutation(roomQueries.all(), {
    mutationFn: async ({ roomId, imageUrl }: { roomId: string; imageUrl: string | null }) => {
      const { error } = await supabase.from('rooms').update({ image_url: null }).eq('id', roomId);
      if (error) throw error;
      // The row no longer points at the file; a failed clean-up only leaves an orphan object.
      await removePublicImage(imageUrl).catch((cleanupError) =>
        console.error('Failed to remove image file', cleanupError),
      );
    },
  });
}
