import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { removePublicImage, uploadPublicImage } from '@/lib/image-storage';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import { nextDisplayOrder } from '../logic/rooms';
import type { RoomImage } from '../types';
import { fetchRoomImages, roomQueries } from './queries';

// A gallery changed: the room's keys hold the admin gallery and the public room page.

/** Storage path of a gallery picture: {roomId}/{timestamp}.{ext}. */
export function galleryImagePath(roomId: string, file: File, now = Date.now()): string {
  return `${roomId}/${now}.${fileExtension(file)}`;
}

/**
 * Uploads one gallery picture and records it after the room's last image (the database makes the
 * first picture of a room its primary). Files are uploaded one at a time by the caller so orders stay distinct.
 */
export function useUploadRoomImage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const image_url = await uploadPublicImage(galleryImagePath(roomId, file), file);
      const existing = await fetchRoomImages(roomId);
      const { data: session } = await supabase.auth.getSession();
      const { error } = await supabase.from('room_images').insert({
        room_id: roomId,
        image_url,
        alt_text: file.name.replace(/\.[^.]+$/, ''),
        display_order: nextDisplayOrder(existing),
        uploaded_by: session.session?.user.id ?? null,
      });
      if (error) {
        await removePublicImage(image_url).catch(() => undefined);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomQueries.detail(roomId) }),
  });
}

export function useDeleteRoomImage(roomId: string) {
  return useRefreshingMutation(roomQueries.detail(roomId), {
    meta: { errorText: t`Failed to delete image` },
    mutationFn: async (image: RoomImage) => {
      const { error } = await supabase.from('room_images').delete().eq('id', image.id);
      if (error) throw error;
      await removePublicImage(image.image_url).catch((cleanupError) =>
        console.error('Failed to remove image file', cleanupError),
      );
    },
  });
}

/** Writes new display orders (the rows `moveImage` returns). */
export function useReorderRoomImages(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: t`Failed to update image order` },
    mutationFn: async (rows: { id: string; display_order: number }[]) => {
      const results = await Promise.all(
        rows.map((row) => supabase.from('room_images').update({ display_order: row.display_order }).eq('id', row.id)),
      );
      const failed = results.find((result) => result.error);
      if (failed?.error) throw failed.error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomQueries.detail(roomId) }),
  });
}

/** Makes one image the room's primary; the server clears the others in the same transaction. */
export function useSetPrimaryRoomImage(roomId: string) {
  return useRefreshingMutation(roomQueries.detail(roomId), {
    meta: { errorText: t`Failed to set primary image` },
    mutationFn: async (imageId: string) => {
      const { error } = await supabase.rpc('set_primary_room_image', { p_image_id: imageId });
      if (error) throw error;
    },
  });
}
