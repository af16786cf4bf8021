import type { ReactNode } from 'react';
import { usePublicRooms } from '@/lib/public-rooms/api';
import type { RoomWithPromos } from '@/lib/public-rooms/types';
import { RoomCard, RoomCardSkeleton } from './RoomCard';

export const ROOM_SKELETON_COUNT = 4;

export interface RoomsSectionProps {
  title: string;
  subtitle: string;
  onBookNow: (room: RoomWithPromos) => void;
  onBookNowIntent?: () => void;
  /** Staff controls for a card (quick image upload/delete), supplied by the admin feature. */
  renderStaffOverlay?: (room: RoomWithPromos) => ReactNode;
}

/** #rooms: all rooms with their promo badges; skeletons while loading, empty text otherwise. */
export function RoomsSection({ title, subtitle, onBookNow, onBookNowIntent, renderStaffOverlay }: RoomsSectionProps) {
  const { data, isPending, isError } = usePublicRooms();
  const rooms = isError ? [] : (data ?? []);

  return (
    <section
      id="rooms"
      data-design-id="rooms"
      aria-labelledby="rooms-title"
      className="scroll-mt-24 bg-background py-16 md:py-24"
    >
      <div className="container">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="rooms-title" data-design-id="rooms-title" className="text-3xl font-bold md:text-4xl">
            {title}
          </h2>
          <p data-design-id="rooms-subtitle" className="mt-3 text-muted-foreground">
            {subtitle}
          </p>
        </div>
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading rooms">
            {Array.from({ length: ROOM_SKELETON_COUNT }, (_, i) => (
              <RoomCardSkeleton key={i} />
            ))}
          </div>
        ) : rooms.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">No rooms available at the moment.</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {rooms.map((room, index) => (
              <RoomCard
                key={room.id}
                room={room}
                eager={index < 2}
                onBookNow={onBookNow}
                onBookNowIntent={onBookNowIntent}
                staffOverlay={renderStaffOverlay?.(room)}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
