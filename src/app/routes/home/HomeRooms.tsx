import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { useBookingDialog } from '@/lib/booking-dialog';
import { withAdminMessages } from '@/lib/i18n';
import { roomKeys } from '@/lib/public-rooms/keys';
import { contentValue, useSiteContent } from '@/lib/site-content';
import { RoomsSection } from '@/features/rooms/components/RoomsSection';

// Staff tools load only for signed-in staff, so visitors never download supabase-js for them; they
// speak the portal's catalog, which loads with them.
const RoomImageQuickActions = lazy(withAdminMessages(() => import('@/features/admin-rooms/RoomImageQuickActions')));

/** #rooms with its Book Now buttons, and the staff's picture tools on each card. */
export function HomeRooms() {
  const { t } = useLingui();
  const { openBooking, preloadBooking } = useBookingDialog();
  const { data: content } = useSiteContent();
  const queryClient = useQueryClient();
  const { isStaff } = useAuthSnapshot();
  return (
    <RoomsSection
      title={contentValue(content, 'rooms_title', t`Our Rooms`)}
      subtitle={contentValue(
        content,
        'rooms_subtitle',
        t`Comfortable, quiet rooms with private bathrooms, a few steps from the Colosseum`,
      )}
      onBookNow={(room) => openBooking({ roomId: room.id, roomName: room.name, roomPrice: room.price_per_night })}
      onBookNowIntent={preloadBooking}
      renderStaffOverlay={
        isStaff
          ? (room) => (
              <Suspense fallback={null}>
                <RoomImageQuickActions
                  roomId={room.id}
                  roomName={room.name}
                  imageUrl={room.image_url}
                  onChanged={() => queryClient.invalidateQueries({ queryKey: roomKeys.all })}
                />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
