import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HomeSection } from '@/components/home-section';
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
  const { t } = useLingui();

  return (
    <HomeSection
      id="rooms"
      className="bg-background"
      title={title}
      subtitle={subtitle}
      subtitleDesignId="rooms-subtitle"
    >
      {isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label={t`Loading rooms`}>
          {Array.from({ length: ROOM_SKELETON_COUNT }, (_, i) => (
            <RoomCardSkeleton key={i} />
          ))}
        </div>
      ) : rooms.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          <Trans>No rooms available at the moment.</Trans>
        </p>
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
    </HomeSection>
  );
}
