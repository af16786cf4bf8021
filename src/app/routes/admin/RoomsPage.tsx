import { BedDouble, Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isForeignKeyViolation } from '@/lib/postgrest-error';
import { roomQueries } from '@/features/admin-rooms/api/queries';
import { useDeleteRoom, useUpdateRoomStatus } from '@/features/admin-rooms/api/rooms';
import { GalleryDialog } from '@/features/admin-rooms/components/GalleryDialog';
import { PromoCodesDialog } from '@/features/admin-rooms/components/PromoCodesDialog';
import { RoomCard } from '@/features/admin-rooms/components/RoomCard';
import { RoomFormDialog } from '@/features/admin-rooms/components/RoomFormDialog';
import { toggledRoomStatus } from '@/features/admin-rooms/logic/rooms';
import type { Room } from '@/features/admin-rooms/types';

export default function RoomsPage() {
  const rooms = useQuery(roomQueries.adminList());
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
        onSuccess: () => toastSuccess('Room status updated successfully'),
      },
    );
  }

  function onDelete(room: Room) {
    if (
      !window.confirm(
        `Are you sure you want to delete ${room.name} (Room ${room.room_number})? This action cannot be undone.`,
      )
    )
      return;
    deleteRoom.mutate(room.id, {
      onSuccess: () => toastSuccess('Room deleted successfully'),
      onError: (error) =>
        toastError(
          isForeignKeyViolation(error)
            ? 'Failed to delete room. It has bookings, so it cannot be deleted.'
            : 'Failed to delete room',
          error,
        ),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Rooms</h1>
          <p className="text-muted-foreground">Manage your hotel rooms and their availability</p>
        </div>
        <Button onClick={() => setForm({ open: true, room: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Room
        </Button>
      </div>

      {rooms.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading rooms">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="overflow-hidden" data-testid="room-skeleton">
              <Skeleton className="aspect-[16/9] rounded-none" />
              <CardContent className="space-y-3 pt-4">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-9 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card className="py-16 text-center">
          <CardContent className="space-y-3">
            <BedDouble className="mx-auto h-12 w-12 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-semibold">No rooms found</h2>
            <p className="text-muted-foreground">Start by adding your first room to the system.</p>
            <Button onClick={() => setForm({ open: true, room: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Your First Room
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {list.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
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
