import { Trans, useLingui } from '@lingui/react/macro';
import { BedDouble, Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { isForeignKeyViolation } from '@/lib/postgrest-error';
import { roomQueries } from '../api/queries';
import { useDeleteRoom, useUpdateRoomStatus } from '../api/rooms';
import { GalleryDialog } from './GalleryDialog';
import { PromoCodesDialog } from './PromoCodesDialog';
import { RoomCard } from './RoomCard';
import { RoomFormDialog } from './RoomFormDialog';
import { toggledRoomStatus } from '../logic/rooms';
import type { Room } from '../types';

/**
 * /admin/rooms: the rooms as cards, with their form, promo codes and gallery dialogs; each card shows
 * its cleaning state. `notice`: what the desk should know first (the arriving rooms not ready).
 */
export function RoomsManager({ notice }: { notice?: ReactNode }) {
  const { t } = useLingui();
  const rooms = useQuery(roomQueries.adminList());
  const cleaning = useQuery(roomQueries.cleaning());
  const updateStatus = useUpdateRoomStatus();
  const deleteRoom = useDeleteRoom();
  const [form, setForm] = useState<{ open: boolean; room: Room | null }>({ open: false, room: null });
  const [promoRoomId, setPromoRoomId] = useState<string | null>(null);
  // /admin/rooms?gallery=<roomId> opens that room's gallery (the room page's Edit Gallery button).
  const [searchParams, setSearchParams] = useSearchParams();
  const galleryRoomId = searchParams.get('gallery');

  const list = rooms.data ?? [];
  const promoRoom = list.find((room) => room.id === promoRoomId) ?? null;
  const galleryRoom = list.find((room) => room.id === galleryRoomId) ?? null;

  function openGallery(roomId: string | null) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (roomId) next.set('gallery', roomId);
        else next.delete('gallery');
        return next;
      },
      { replace: true },
    );
  }

  function onToggleStatus(room: Room) {
    updateStatus.mutate(
      { id: room.id, status: toggledRoomStatus(room.status) },
      {
        onSuccess: () => toastSuccess(t`Room status updated successfully`),
      },
    );
  }

  function onDelete(room: Room) {
    const name = room.name;
    const number = room.room_number;
    if (!window.confirm(t`Are you sure you want to delete ${name} (Room ${number})? This action cannot be undone.`))
      return;
    deleteRoom.mutate(room.id, {
      onSuccess: () => toastSuccess(t`Room deleted successfully`),
      onError: (error) =>
        toastError(
          isForeignKeyViolation(error)
            ? t`Failed to delete room. It has bookings, so it cannot be deleted.`
            : t`Failed to delete room`,
          error,
        ),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            <Trans>Rooms</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Manage your hotel rooms and their availability</Trans>
          </p>
        </div>
        <Button onClick={() => setForm({ open: true, room: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Add Room</Trans>
        </Button>
      </div>
      {notice}

      {rooms.isPending ? (
        <ListSkeleton
          label={t`Loading rooms`}
          count={6}
          media
          lines={['h-5 w-2/3', 'h-4 w-1/3', 'h-4 w-full', 'h-9 w-full']}
          className="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
          itemTestId="room-skeleton"
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={BedDouble}
          titleAs="h2"
          title={t`No rooms found`}
          description={t`Start by adding your first room to the system.`}
          action={
            <Button onClick={() => setForm({ open: true, room: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add Your First Room</Trans>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {list.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              cleaning={cleaning.data?.get(room.id)}
              onEdit={() => setForm({ open: true, room })}
              onPromoCodes={() => setPromoRoomId(room.id)}
              onGallery={() => openGallery(room.id)}
              onToggleStatus={() => onToggleStatus(room)}
              onDelete={() => onDelete(room)}
              busy={
                (updateStatus.isPending && updateStatus.variables?.id === room.id) ||
                (deleteRoom.isPending && deleteRoom.variables === room.id)
              }
            />
          ))}
        </div>
      )}

      <RoomFormDialog
        open={form.open}
        room={form.room}
        onOpenChange={(open) => setForm((state) => ({ ...state, open }))}
      />
      <PromoCodesDialog room={promoRoom} onOpenChange={(open) => !open && setPromoRoomId(null)} />
      <GalleryDialog room={galleryRoom} onOpenChange={(open) => !open && openGallery(null)} />
    </div>
  );
}
