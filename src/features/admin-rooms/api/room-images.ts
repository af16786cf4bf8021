import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fileExtension } from '@/lib/image-upload';
import { removePublicImage, uploadPublicImage } from '@/lib/image-storage';
import { supabase } from '@/lib/supabase';
import { nextDisplayOrder } from '../room-logic';
import type { RoomImage } from '../types';
import { roomKeys } from '@/lib/public-rooms/keys';
import { adminRoomKeys } from './keys';

/** A room's gallery changed: the admin gallery and the public room page. */
function invalidateImages(queryClient: QueryClient, roomId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminRoomKeys.images(roomId) }),
    queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) }),
  ]);
}

async function fetchRoomImages(roomId: string): Promise<RoomImage[]> {
  const { data, error } = await supabase
    .from('room_images')
    .select('*')
    .eq('room_id', roomId)
    .order('display_order', { ascending: true })
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data ?? [];
}

export function useRoomImages(roomId: string, enabled = true) {
  return useQuery({ queryKey: adminRoomKeys.images(roomId), enabled, queryFn: () => fetchRoomImages(roomId) });
}

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
    onSettled: () => invalidateImages(queryClient, roomId),
  });
}

export function useDeleteRoomImage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (image: RoomImage) => {
      const { error } = await supabase.from('room_images').delete().eq('id', image.id);
      if (error) throw error;
      await removePublicImage(image.image_url).catch((cleanupError) =>
        console.error('Failed to remove image file', cleanupError),
      );
    },
    onSuccess: () => invalidateImages(queryClient, roomId),
  });
}

/** Writes new display orders (the rows `moveImage` returns). */
export function useReorderRoomImages(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: { id: string; display_order: number }[]) => {
      const results = await Promise.all(
        rows.map((row) => supabase.from('room_images').update({ display_order: row.display_order }).eq('id', row.id)),
      );
      const failed = results.find((result) => result.error);
      if (failed?.error) throw failed.error;
    },
    onSettled: () => invalidateImages(queryClient, roomId),
  });
}

/** Makes one image the room's primary; the server clears the others in the same transaction. */
export function useSetPrimaryRoomImage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) => {
      const { error } = await supabase.rpc('set_primary_room_image', { p_image_id: imageId });
      if (error) throw error;
    },
    onSuccess: () => invalidateImages(queryClient, roomId),
  });
}
